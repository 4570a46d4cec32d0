import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog } from "../../../components/form-dialog";
import { Button, type ButtonProps } from "../../../components/ui/button";

/**
 * The shape every series dialog shares: a button that opens it, the title and what will happen, the fields,
 * a refusal above the buttons, then the way out and the submit. `dialog` is what `useSchemaDialog` answers;
 * a dialog states only its words, its trigger and its fields.
 */
export function SeriesDialog<TInput extends FieldValues, TOutput>({
  dialog,
  trigger,
  children,
  ...texts
}: {
  dialog: {
    open: boolean;
    onOpenChange: (open: boolean) => void;
    onSubmit: React.FormEventHandler<HTMLFormElement>;
    form: UseFormReturn<TInput, unknown, TOutput>;
  };
  /** The opening button: small and outlined unless said otherwise. */
  trigger: {
    label: React.ReactNode;
    icon?: LucideIcon;
    variant?: ButtonProps["variant"];
    size?: ButtonProps["size"];
    className?: string;
    disabled?: boolean;
    /** The id of what says why the button is disabled. */
    describedBy?: string | undefined;
    /** The button's tooltip. */
    title?: string;
  };
  title: React.ReactNode;
  description: React.ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  submitVariant?: ButtonProps["variant"];
  cancelLabel?: string;
  children?: React.ReactNode;
}) {
  const { open, onOpenChange, onSubmit, form } = dialog;
  const Icon = trigger.icon;
  return (
    <FormDialog
      {...texts}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
      trigger={
        <Button
          type="button"
          size={trigger.size ?? "sm"}
          variant={trigger.variant ?? "outline"}
          className={trigger.className}
          disabled={trigger.disabled}
          aria-describedby={trigger.describedBy}
          title={trigger.title}
          icon={Icon ? <Icon className="size-4" aria-hidden="true" /> : undefined}
        >
          {trigger.label}
        </Button>
      }
    >
      {children}
      <FormAlert message={form.formState.errors.root?.message} />
    </FormDialog>
  );
}
