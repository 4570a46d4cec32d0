import type * as React from "react";
import { type Frequency, frequencyLabel, seriesMessages } from "../../../../shared/recurring";
import { RadioCards } from "../../../components/radio-cards";
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
  const options = frequencyOptions(services);
  const recurring = options.length > 1;
  const chosen = value && options.includes(value) ? value : "one_time";
  const repeats = recurring && chosen !== "one_time";
  const note = repeats
    ? repeatNote
    : recurring
      ? null
      : services.length === 0
        ? "Weekly, every 2 weeks and monthly visits are offered for lawn mowing, edging & trimming and flower bed maintenance."
        : seriesMessages.notRecurring;

  return (
    <RadioCards
      legend={legend}
      options={options.map((option) => ({
        value: option,
        label: frequencyLabel[option],
        hint: hint[option],
      }))}
      value={chosen}
      onChange={onChange}
      onBlur={onBlur}
      firstRef={firstRef}
      error={error}
      note={note}
      disabled={disabled}
      className="@container"
      // Four in a row only where they fit on one line each (not in a dialog): 2×2 otherwise.
      columns={recurring ? "grid-cols-2 @xl:grid-cols-4" : "sm:max-w-xs"}
    />
  );
}
