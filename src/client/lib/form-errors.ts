import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";
import { toast } from "./toast";

/** What a failed request says when the server never answered. */
export const connectionHint = "Please check your connection and try again.";

/** The text for a failed request: the server's message, or the connection hint when it never answered. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : connectionHint;
}

/**
 * Puts each message the server sent for one of `names` under that field (the server checks with the same
 * shared schema, so its field names are the form's). Focus goes to the first. True when any field got one.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  names: readonly Path<T>[],
  { focus = true }: { focus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let shown = false;
  for (const name of names) {
    const message = error.fields[name];
    if (!message) continue;
    setError(name, { message }, { shouldFocus: focus && !shown });
    shown = true;
  }
  return shown;
}

/**
 * A failed submit, shown: the server's field messages under their fields and its message in a toast titled
 * `title`; when the server never answered, a toast titled `offlineTitle` with the connection hint. A refusal
 * no field explains is also kept in the form (`errors.root`, shown by FormAlert) until the next try.
 */
export function reportSubmitFailure<T extends FieldValues>({
  error,
  setError,
  fields,
  title,
  offlineTitle = title,
}: {
  error: unknown;
  setError: UseFormSetError<T>;
  fields: readonly Path<T>[];
  title: string;
  offlineTitle?: string;
}) {
  if (error instanceof ApiError) {
    if (!showServerFieldErrors(setError, error, fields)) setError("root", { message: error.message });
    toast({ title, description: error.message, variant: "destructive" });
  } else {
    setError("root", { message: connectionHint });
    toast({ title: offlineTitle, description: connectionHint, variant: "destructive" });
  }
}

/**
 * A dialog's refused submit, told in a toast titled `title` (the server's message, or the connection hint):
 * the server's messages for `fields` also go under them, focus staying where it is; a conflict (409: it
 * changed meanwhile, and the refreshed screen shows where it stands) closes the dialog.
 */
export function toastDialogFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  title: string,
  close: () => void,
) {
  showServerFieldErrors(setError, error, fields, { focus: false });
  toast({ title, description: failureMessage(error), variant: "destructive" });
  if (error instanceof ApiError && error.code === "conflict") close();
}
