import { zodResolver } from "@hookform/resolvers/zod";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { z } from "zod";
import { useDialogState } from "../../../components/form-dialog";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";

/**
 * The open state and submit of a series dialog: on success the server's sentence as a toast (and to
 * `onDone`), the dialog closed; a refusal shows on its field (or above the buttons) and keeps it open.
 */
export function useDialogForm<TInput extends FieldValues, TOutput>({
  form,
  fields,
  send,
  title,
  failureTitle,
  onDone,
  startFrom,
}: {
  form: UseFormReturn<TInput, unknown, TOutput>;
  fields: readonly Path<TInput>[];
  send: (values: TOutput) => Promise<{ message: string }>;
  /** The toast's title on success; the server's message is its description unless `onDone` shows it. */
  title: string;
  failureTitle: string;
  onDone?: ((message: string) => void) | undefined;
  /** The values a fresh opening starts from, when they follow the data (the series' day, the visit's date). */
  startFrom?: () => DefaultValues<TInput>;
}) {
  const { dialog, close } = useDialogState({
    onOpen: startFrom && (() => form.reset(startFrom())),
    onClose: () => form.reset(),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await send(values);
      // A screen that keeps the sentence (`onDone`) shows it there: the toast only names what happened, so
      // it does not cover the very banner it repeats on a phone (issue 33 review).
      toast({ title, ...(onDone ? {} : { description: message }), variant: "success" });
      close();
      form.reset();
      onDone?.(message);
    } catch (error) {
      reportSubmitFailure({ error, setError: form.setError, fields, title: failureTitle });
    }
  });
  return { dialog, onSubmit };
}

/**
 * `useDialogForm` with its form: validated by `schema`, starting from `defaultValues`. Answers the form with
 * the dialog's open state and submit, ready for `SeriesDialog`.
 */
export function useSchemaDialog<TInput extends FieldValues, TOutput>({
  schema,
  defaultValues,
  ...options
}: {
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
} & Omit<Parameters<typeof useDialogForm<TInput, TOutput>>[0], "form">) {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  return { form, ...useDialogForm({ form, ...options }) };
}

/** The schema of a dialog that only confirms: nothing to fill in. */
export const noFields = z.object({});
