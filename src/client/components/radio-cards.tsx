import type * as React from "react";
import { useId } from "react";
import { choiceCard, choiceInput } from "../lib/styles";
import { cn } from "../lib/utils";
import { FieldError } from "./ui/form-field";

export interface RadioCardOption<T extends string> {
  value: T;
  label: React.ReactNode;
  hint?: React.ReactNode;
}

/**
 * A question answered by one of a few cards (native radios, so arrow keys move between them and a screen
 * reader hears the legend, the option and its hint). `note` says what the answer means, under the cards.
 */
export function RadioCards<T extends string>({
  legend,
  description,
  options,
  value,
  onChange,
  onBlur,
  firstRef,
  error,
  note,
  columns = "grid-cols-1 sm:grid-cols-2",
  disabled,
  className,
}: {
  legend: string;
  description?: React.ReactNode;
  options: readonly RadioCardOption<T>[];
  value: T | undefined;
  onChange: (next: T) => void;
  onBlur?: () => void;
  firstRef?: React.Ref<HTMLInputElement>;
  error?: string | undefined;
  note?: React.ReactNode;
  columns?: string;
  disabled?: boolean;
  /** On the fieldset (a container for `columns`' container queries, say). */
  className?: string;
}) {
  const name = useId();
  const descriptionId = `${name}-description`;
  const noteId = `${name}-note`;
  const errorId = `${name}-error`;
  const describedBy = [description ? descriptionId : null, note ? noteId : null, error ? errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      className={cn("grid min-w-0 gap-2", className)}
      aria-describedby={describedBy || undefined}
      disabled={disabled}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {description ? (
        <p id={descriptionId} className="-mt-1 text-sm text-slate-600">
          {description}
        </p>
      ) : null}
      <div className={cn("grid gap-2", columns)}>
        {options.map((option, index) => (
          <label
            key={option.value}
            className={cn(
              choiceCard,
              "flex items-start gap-2.5 px-3 py-2.5 text-sm text-slate-900",
              error && "border-red-300",
            )}
          >
            <input
              ref={index === 0 ? firstRef : undefined}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              className={cn(choiceInput, "mt-0.5")}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{option.label}</span>
              {option.hint ? <span className="text-xs text-slate-600">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {note ? (
        <p id={noteId} className="text-sm text-slate-600">
          {note}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
