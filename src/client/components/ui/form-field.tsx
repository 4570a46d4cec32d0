import { Slot } from "radix-ui";
import type * as React from "react";
import { useId } from "react";
import { cn } from "../../lib/utils";
import { Label } from "./label";

export interface FormFieldProps {
  label: React.ReactNode;
  /** The single control (Input, PasswordInput, Select, Checkbox, textarea...). It receives id and aria-*. */
  children: React.ReactElement;
  /** The validation message; when set the control gets aria-invalid and the message in aria-describedby. */
  error?: string | undefined;
  /** Help text under the control (under the label when horizontal), also read with the control. */
  description?: React.ReactNode;
  /** Defaults to a generated id. */
  id?: string;
  /** Shows a required marker (the control should still carry its own `required`/`aria-required`). */
  required?: boolean;
  /** "horizontal" puts the control before its label, for checkboxes and switches. */
  orientation?: "vertical" | "horizontal";
  className?: string;
}

/**
 * Label + control + help + error, wired for assistive technology: the label's htmlFor, the control's id,
 * aria-invalid and aria-describedby are set here so no screen has to remember them.
 */
export function FormField({
  label,
  children,
  error,
  description,
  id,
  required = false,
  orientation = "vertical",
  className,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ");

  const labelNode = (
    <Label htmlFor={controlId}>
      {label}
      {required ? (
        <span className="ml-0.5 text-red-700" aria-hidden="true">
          *
        </span>
      ) : null}
    </Label>
  );
  const descriptionNode = description ? (
    <p id={descriptionId} className="text-sm text-slate-600">
      {description}
    </p>
  ) : null;
  const control = (
    <Slot.Root
      id={controlId}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    >
      {children}
    </Slot.Root>
  );
  const errorNode = <FieldError id={errorId} message={error} />;

  if (orientation === "horizontal") {
    return (
      <div data-slot="form-field" className={cn("grid gap-1.5", className)}>
        <div className="flex items-start gap-3">
          <div className="flex h-5 items-center pt-0.5">{control}</div>
          <div className="grid gap-1">
            {labelNode}
            {descriptionNode}
          </div>
        </div>
        {errorNode}
      </div>
    );
  }
  return (
    <div data-slot="form-field" className={cn("grid gap-1.5", className)}>
      {labelNode}
      {control}
      {descriptionNode}
      {errorNode}
    </div>
  );
}

/** A field's error line, for controls FormField does not wrap (fieldsets, pickers); nothing without one. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}
