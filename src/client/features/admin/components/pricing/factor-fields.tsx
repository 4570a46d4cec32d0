import type * as React from "react";
import type { RateCard } from "../../../../../shared/pricing";
import {
  cardFrequencies,
  MINIMUM_LABEL,
  surchargedHeights,
  surchargeFieldLabel,
} from "../../../../../shared/pricing-admin";
import { frequencyLabel } from "../../../../../shared/recurring";
import { FormField } from "../../../../components/ui/form-field";
import { FigureInput } from "./figure-input";
import type { RateCardForm } from "./price-grid";

function Group({
  legend,
  description,
  children,
}: {
  legend: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="grid min-w-0 content-start gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{legend}</legend>
      <p className="-mt-1 text-sm text-slate-600">{description}</p>
      {children}
    </fieldset>
  );
}

/**
 * The card's percentages and its minimum: how each frequency scales the price per visit ("Every 2 weeks:
 * 110%"), the first visit's surcharge for tall grass, and the least a visit costs.
 */
export function FactorFields({
  form,
  baseline,
  draft,
}: {
  form: RateCardForm;
  baseline: RateCard;
  draft: RateCard;
}) {
  const errors = form.formState.errors;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Group legend="How often" description="Share of the price per visit, by frequency.">
        <div className="grid grid-cols-2 gap-3">
          {cardFrequencies.map((frequency) => (
            <FormField
              key={frequency}
              label={frequencyLabel[frequency]}
              error={errors.frequencyPercent?.[frequency]?.message}
            >
              <FigureInput
                unit="percent"
                changed={draft.frequencyBp[frequency] !== baseline.frequencyBp[frequency]}
                {...form.register(`frequencyPercent.${frequency}`)}
              />
            </FormField>
          ))}
        </div>
      </Group>
      <Group legend="First visit with tall grass" description="Added to the first visit's price.">
        <div className="grid grid-cols-2 gap-3">
          {surchargedHeights.map((height) => (
            <FormField
              key={height}
              label={surchargeFieldLabel(height)}
              error={errors.surchargePercent?.[height]?.message}
            >
              <FigureInput
                unit="percent"
                changed={draft.heightSurchargeBp[height] !== baseline.heightSurchargeBp[height]}
                {...form.register(`surchargePercent.${height}`)}
              />
            </FormField>
          ))}
        </div>
      </Group>
      <Group
        legend={MINIMUM_LABEL}
        description="The least one visit costs, whatever its services (0 for none)."
      >
        <FormField label={`${MINIMUM_LABEL} (USD)`} error={errors.minimumPerVisit?.message}>
          <FigureInput
            unit="dollars"
            changed={draft.minimumPerVisitCents !== baseline.minimumPerVisitCents}
            {...form.register("minimumPerVisit")}
          />
        </FormField>
      </Group>
    </div>
  );
}
