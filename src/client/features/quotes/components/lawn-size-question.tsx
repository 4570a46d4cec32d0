import type * as React from "react";
import { type SizeAnswer, sizeTiers } from "../../../../shared/pricing";
import { type RadioCardOption, RadioCards } from "../../../components/radio-cards";

const options: RadioCardOption<SizeAnswer>[] = [
  ...sizeTiers.map((tier) => ({
    value: tier.id,
    label: tier.label,
    hint: `${tier.acres}, like ${tier.example}`,
  })),
  {
    value: "not_sure",
    label: "Not sure",
    hint: "The landscaper who takes it proposes a price from your notes and photo, for you to approve.",
  },
  {
    value: "large",
    label: "Over 1 acre, or commercial",
    hint: "The landscaper who takes it proposes a price, for you to approve.",
  },
];

/** "From county records: 0.27 acre lot", when the parcel records had the address. */
export function recordsNote(lotSqFt: number, source: string): string {
  const acres = (lotSqFt / 43_560).toFixed(2);
  return `${source || "From county records"}: ${acres} acre lot (${lotSqFt.toLocaleString("en-US")} sq ft).`;
}

/**
 * The size question (issue 34): a tier a homeowner can answer, with square feet, acres and a Charlotte lot
 * like it. A tier gives a firm price; "Not sure" and "Over 1 acre" go to a landscaper's price.
 */
export function LawnSizeQuestion({
  value,
  onChange,
  onBlur,
  firstRef,
  error,
  records,
}: {
  value: SizeAnswer | undefined;
  onChange: (next: SizeAnswer) => void;
  onBlur?: () => void;
  firstRef?: React.Ref<HTMLInputElement>;
  error?: string | undefined;
  /** What the county's records said, shown under the question: the tier was pre-selected from it. */
  records?: string | null;
}) {
  return (
    <RadioCards
      legend="How big is the lot?"
      description="The whole property, house included: pick the closest. Your price depends on it."
      options={options}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      firstRef={firstRef}
      error={error}
      note={
        records ? (
          <span data-testid="lot-records">
            <strong className="font-medium text-slate-800">{records}</strong> We chose the size for you;
            change it if it looks wrong.
          </span>
        ) : null
      }
    />
  );
}
