import type * as React from "react";
import { useId } from "react";
import { type Frequency, frequencyLabel, seriesMessages } from "../../../../shared/recurring";
import { FieldError } from "../../../components/ui/form-field";
import { choiceCard, choiceInput } from "../../../lib/styles";
import { cn } from "../../../lib/utils";
import { frequencyOptions } from "../lib/series";
import { recurringHelp } from "../lib/series-text";

const hint: Record<Frequency, string> = {
  one_time: "A single visit",
  weekly: "Same day each week",
  biweekly: "Every other week",
  monthly: "Once a month",
};

interface FrequencyChoiceProps {
  /** The chosen services: recurring visits are offered only when every one of them recurs. */
  services: readonly string[];
  value: Frequency | undefined;
  onChange: (next: Frequency) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** react-hook-form's ref, so a refused submit can focus the choice. */
  firstRef?: React.Ref<HTMLInputElement>;
  legend?: string;
  disabled?: boolean;
  /** What a repeating choice means, when not the default (a firm price: the landscaper offers only the day). */
  repeatNote?: string | undefined;
}

/**
 * 'How often': One time, Weekly, Every 2 weeks or Monthly as radio cards, for services that recur (mowing,
 * edging and trimming, flower bed maintenance); with any other service, 'One time' only and why. A recurring
 * choice says what the date means and what the landscaper then offers.
 */
export function FrequencyChoice({
  services,
  value,
  onChange,
  onBlur,
  error,
  firstRef,
  legend = "How often?",
  disabled,
  repeatNote = recurringHelp,
}: FrequencyChoiceProps) {
  const name = useId();
  const noteId = `${name}-note`;
  const errorId = `${name}-error`;
  const options = frequencyOptions(services);
  const recurring = options.length > 1;
  const chosen = value && options.includes(value) ? value : "one_time";
  const repeats = recurring && chosen !== "one_time";
  const describedBy = [recurring && !repeats ? null : noteId, error ? errorId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <fieldset
      className="@container grid min-w-0 gap-2"
      aria-describedby={describedBy || undefined}
      disabled={disabled}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {/* Four in a row only where they fit on one line each (not in a dialog): 2×2 otherwise. */}
      <div className={cn("grid gap-2", recurring ? "grid-cols-2 @xl:grid-cols-4" : "sm:max-w-xs")}>
        {options.map((option, index) => (
          <label
            key={option}
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
              value={option}
              checked={chosen === option}
              onChange={() => onChange(option)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              className={cn(choiceInput, "mt-0.5")}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{frequencyLabel[option]}</span>
              <span className="text-xs text-slate-600">{hint[option]}</span>
            </span>
          </label>
        ))}
      </div>
      {repeats ? (
        <p id={noteId} className="text-sm text-slate-600">
          {repeatNote}
        </p>
      ) : recurring ? null : (
        <p id={noteId} className="text-sm text-slate-600">
          {services.length === 0
            ? "Weekly, every 2 weeks and monthly visits are offered for lawn mowing, edging & trimming and flower bed maintenance."
            : seriesMessages.notRecurring}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
