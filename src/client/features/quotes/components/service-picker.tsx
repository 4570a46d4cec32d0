import type * as React from "react";
import type { ServicePrice } from "../../../../shared/quotes";
import { formatRange, type ServiceId, services } from "../../../../shared/services";
import { Checkbox } from "../../../components/ui/checkbox";
import { FieldError } from "../../../components/ui/form-field";
import { cn } from "../../../lib/utils";

interface ServicePickerProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  /** The live price table; undefined while loading or when it failed. */
  prices: ServicePrice[] | undefined;
  pricesFailed: boolean;
  error?: string | undefined;
  /** react-hook-form's ref, so a failed submit can focus the first service. */
  firstRef?: React.Ref<HTMLButtonElement>;
  /** With a size tier: each service's firm price for that size and frequency ("$42.00 per visit"). */
  firmPriceOf?: ((serviceId: ServiceId) => string) | undefined;
}

/**
 * The seven services as checkbox cards: the whole card is the label, each card shows its own price (its firm
 * price for the chosen size, else its estimate range), and the group's error is read with every checkbox.
 */
export function ServicePicker({
  value,
  onChange,
  onBlur,
  prices,
  pricesFailed,
  error,
  firstRef,
  firmPriceOf,
}: ServicePickerProps) {
  const errorId = "services-error";
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="grid gap-3">
      <legend className="mb-3 text-sm font-medium text-slate-800">
        Services needed
        <span className="ml-0.5 text-red-700" aria-hidden="true">
          *
        </span>
        <span className="ml-2 font-normal text-slate-500">Choose one or more</span>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {services.map((service, index) => {
          const checked = value.includes(service.id);
          const price = prices?.find((p) => p.id === service.id);
          const id = `service-${service.id}`;
          return (
            <label
              key={service.id}
              htmlFor={id}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-4 transition-colors hover:border-brand-600 hover:bg-brand-50/50",
                checked ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600" : "border-slate-200",
                error && !checked && "border-red-300",
              )}
            >
              <Checkbox
                id={id}
                ref={index === 0 ? firstRef : undefined}
                checked={checked}
                onBlur={onBlur}
                onCheckedChange={(state) =>
                  onChange(
                    state === true
                      ? [...value.filter((v) => v !== service.id), service.id]
                      : value.filter((v) => v !== service.id),
                  )
                }
                aria-invalid={error ? true : undefined}
                aria-labelledby={`${id}-name`}
                aria-describedby={[`${id}-details`, `${id}-price`, error ? errorId : null]
                  .filter(Boolean)
                  .join(" ")}
                className="mt-0.5"
              />
              <span className="grid min-w-0 flex-1 gap-1">
                <span id={`${id}-name`} className="font-semibold text-slate-900">
                  {service.name}
                </span>
                <span id={`${id}-details`} className="text-sm text-slate-600">
                  {service.description}
                </span>
                <span id={`${id}-price`} className="mt-1 text-sm font-semibold text-brand-800 tabular-nums">
                  {firmPriceOf
                    ? firmPriceOf(service.id)
                    : price
                      ? formatRange(price.lowCents, price.highCents)
                      : pricesFailed
                        ? ""
                        : "…"}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
