import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import { type RateCard, type SizeTier, sizeTiers } from "../../../../../shared/pricing";
import type { PublishRateCard, PublishRateCardInput } from "../../../../../shared/pricing-admin";
import { type ServiceId, serviceIds, serviceName } from "../../../../../shared/services";
import { Label } from "../../../../components/ui/label";
import { FigureInput } from "./figure-input";

export type RateCardForm = UseFormReturn<PublishRateCardInput, unknown, PublishRateCard>;

/** The service column, then one per lawn size, from `lg` up (below it each service stacks its sizes). */
const columns = "lg:grid-cols-[minmax(9rem,1.2fr)_repeat(5,minmax(0,1fr))] lg:gap-x-3";

/**
 * The price per visit of every service for every lawn size, in dollars. From `lg` up it reads as a table
 * (services down, sizes across, the sizes' headings once above); on a phone each service is a box of its
 * five sizes with their labels shown. Every input's label names both ("Lawn Mowing, 5,000–10,000 sq ft"),
 * whatever the width, so a screen reader or voice control never depends on the layout. A row's messages
 * sit under the row, each tied to its input.
 */
export function PriceGrid({
  form,
  baseline,
  draft,
}: {
  form: RateCardForm;
  baseline: RateCard;
  draft: RateCard;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 lg:gap-0">
      <div
        aria-hidden="true"
        className={`hidden border-b border-slate-200 pb-2 text-xs font-semibold text-slate-600 lg:grid ${columns}`}
      >
        <span className="self-end">Service</span>
        {sizeTiers.map((tier) => (
          <span key={tier.id} className="grid gap-0.5 self-end">
            <span className="text-slate-800">{tier.label}</span>
            <span className="font-normal">{tier.acres}</span>
          </span>
        ))}
      </div>
      {serviceIds.map((service) => (
        <ServiceRow
          key={service}
          form={form}
          service={service}
          rowId={`${id}-${service}`}
          changed={(tier) => draft.baseCents[service][tier] !== baseline.baseCents[service][tier]}
        />
      ))}
    </div>
  );
}

function ServiceRow({
  form,
  service,
  rowId,
  changed,
}: {
  form: RateCardForm;
  service: ServiceId;
  rowId: string;
  /** Whether the size's price differs from the card it replaces: drawn in brand colour, so edits stand out. */
  changed: (tier: SizeTier) => boolean;
}) {
  const errors = form.formState.errors.prices?.[service];
  const messages = sizeTiers
    .map((tier) => ({ tier: tier.id, message: errors?.[tier.id]?.message }))
    .filter((entry): entry is { tier: SizeTier; message: string } => Boolean(entry.message));
  return (
    <fieldset
      aria-labelledby={`${rowId}-name`}
      className={`grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3 lg:items-center lg:rounded-none lg:border-0 lg:border-b lg:border-slate-100 lg:px-0 lg:py-2.5 ${columns}`}
    >
      <p id={`${rowId}-name`} className="font-medium text-slate-900">
        {serviceName(service)}
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:contents">
        {sizeTiers.map((tier) => {
          const inputId = `${rowId}-${tier.id}`;
          const message = errors?.[tier.id]?.message;
          const name = `prices.${service}.${tier.id}` as const;
          return (
            <div key={tier.id} className="grid content-start gap-1">
              <Label htmlFor={inputId} className="text-xs text-slate-700 lg:sr-only">
                <span className="sr-only">{serviceName(service)}, </span>
                {tier.label}
              </Label>
              <FigureInput
                id={inputId}
                unit="dollars"
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${inputId}-error` : undefined}
                changed={changed(tier.id)}
                {...form.register(name)}
              />
            </div>
          );
        })}
      </div>
      {messages.length > 0 ? (
        <ul className="grid gap-1 text-sm font-medium text-red-700 lg:col-span-full">
          {messages.map(({ tier, message }) => (
            <li key={tier} id={`${rowId}-${tier}-error`}>
              {message}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
