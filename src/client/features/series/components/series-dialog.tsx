import type * as React from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { FormAlert } from "../../../components/form-alert";
import { type DialogState, FormDialog } from "../../../components/form-dialog";
import type { TriggerButton } from "../../../components/trigger-button";
import type { ButtonProps } from "../../../components/ui/button";

/**
 * The shape every series dialog shares: a button that opens it, the title and what will happen, the fields,
 * a refusal above the buttons, then the way out and the submit. `dialog` is what `useSchemaDialog` answers;
 * a dialog states only its words, its trigger and its fields.
 */
export function SeriesDialog<TInput extends FieldValues, TOutput>({
  dialog: { dialog, onSubmit, form },
  trigger,
  children,
  ...texts
}: {
  dialog: {
    dialog: DialogState;
    onSubmit: React.FormEventHandler<HTMLFormElement>;
    form: UseFormReturn<TInput, unknown, TOutput>;
  };
  /** The opening button: small and outlined unless said otherwise. */
  trigger: TriggerButton;
  title: React.ReactNode;
  description: React.ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  submitVariant?: ButtonProps["variant"];
  cancelLabel?: string;
  children?: React.ReactNode;
}) {
  return (
    <FormDialog
      {...texts}
      dialog={dialog}
      onSubmit={onSubmit}
      trigger={{ size: "sm", variant: "outline", ...trigger }}
    >
      {children}
      <FormAlert message={form.formState.errors.root?.message} />
    </FormDialog>
  );
}
