import type * as React from "react";
import { ConfirmDialog } from "../../../../components/confirm-dialog";

/**
 * "Publish version N?": the confirmation the form opens once its own checks pass, listing each figure that
 * changes. On a refusal focus goes to the first field the server named (`onCloseAutoFocus`), not back to
 * the Publish button.
 */
export function PublishDialog({
  open,
  onOpenChange,
  version,
  description,
  pending,
  onConfirm,
  onCloseAutoFocus,
  changes = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  version: number;
  description: React.ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onCloseAutoFocus: (event: Event) => void;
  /** Each figure that changes, one line each (the first 12, then how many more). */
  changes?: readonly string[];
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Publish version ${version}?`}
      description={description}
      confirmLabel={`Publish version ${version}`}
      pendingLabel="Publishing..."
      pending={pending}
      onConfirm={async () => onConfirm()}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {changes.length > 0 ? (
        <ul
          className="grid gap-1 text-sm text-slate-700"
          aria-label="What changes"
          data-testid="publish-changes"
        >
          {changes.slice(0, 12).map((line) => (
            <li key={line} className="tabular-nums">
              {line}
            </li>
          ))}
          {changes.length > 12 ? <li>and {changes.length - 12} more</li> : null}
        </ul>
      ) : null}
    </ConfirmDialog>
  );
}
