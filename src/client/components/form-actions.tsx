import { cn } from "../lib/utils";
import { Button } from "./ui/button";

/**
 * A form's submit button, with Cancel beside it when the form can be left (editing a saved profile): full
 * width alone, both right-aligned from `sm` up, Cancel below the submit on a phone.
 */
export function FormActions({
  busy,
  submitLabel,
  busyLabel,
  onCancel,
  className,
}: {
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel?: (() => void) | undefined;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col-reverse gap-3", onCancel && "sm:flex-row sm:justify-end", className)}>
      {onCancel ? (
        <Button type="button" variant="outline" size="lg" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" size="lg" className={cn(!onCancel && "w-full")} pending={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
