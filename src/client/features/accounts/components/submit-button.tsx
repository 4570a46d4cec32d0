import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";

/** A full-width submit button that swaps its label and shows a spinner while the request runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className,
  disabled,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <Button
      type="submit"
      size="lg"
      className={cn("w-full", className)}
      pending={busy}
      disabled={disabled}
      pendingLabel={busyLabel}
    >
      {label}
    </Button>
  );
}
