import type * as React from "react";
import { type GrassHeight, grassHeightLabels, grassHeights, type RateCard } from "../../../../shared/pricing";
import { type RadioCardOption, RadioCards } from "../../../components/radio-cards";

/** "No surcharge" or "+50% on the first visit", from the card in force (nothing said without it). */
function surchargeHint(height: GrassHeight, card: RateCard | undefined): string | undefined {
  if (!card) return undefined;
  const bp = card.heightSurchargeBp[height];
  return bp === 0 ? "No surcharge" : `+${bp / 100}% on the first visit only`;
}

/** How tall the grass is today: tall grass costs more on the first visit, and the quote says so up front. */
export function GrassHeightQuestion({
  value,
  onChange,
  onBlur,
  firstRef,
  card,
}: {
  value: GrassHeight | undefined;
  onChange: (next: GrassHeight) => void;
  onBlur?: () => void;
  firstRef?: React.Ref<HTMLInputElement>;
  card: RateCard | undefined;
}) {
  const options: RadioCardOption<GrassHeight>[] = grassHeights.map((height) => ({
    value: height,
    label: grassHeightLabels[height],
    hint: surchargeHint(height, card),
  }));
  return (
    <RadioCards
      legend="How tall is the grass now?"
      options={options}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      firstRef={firstRef}
      columns="grid-cols-1 sm:grid-cols-3"
    />
  );
}
