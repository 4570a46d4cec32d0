import { Alert, AlertDescription } from "./ui/alert";

/**
 * A refusal that is about the whole form, not one field (an address already registered, too many attempts,
 * no connection), shown above its submit button until the next try: a toast alone vanishes while the form
 * looks untouched.
 */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
