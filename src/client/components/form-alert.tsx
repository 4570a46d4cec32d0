import type { ReactNode } from "react";
import { Alert, AlertDescription } from "./ui/alert";

/**
 * A refusal that is about the whole form, not one field (an address already registered, too many attempts,
 * no connection), shown above its submit button until the next try: a toast alone vanishes while the form
 * looks untouched.
 */
export function FormAlert({ message, children }: { message: string | undefined; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>
        {message}
        {children ? <> {children}</> : null}
      </AlertDescription>
    </Alert>
  );
}
