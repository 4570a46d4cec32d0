import { Calculator } from "lucide-react";
import { formatRange } from "../../../../shared/services";

/**
 * The live estimate under the services, when there is no firm price (size not known, or not sure). It is a polite live region, so a screen reader hears the new
 * range as services are ticked, without being interrupted.
 */
export function EstimatePanel({
  estimate,
  count,
  unavailable,
  perVisit = false,
  sizeKnown = false,
}: {
  estimate: { lowCents: number; highCents: number } | null;
  count: number;
  unavailable: boolean;
  /** A recurring request: the estimate is each visit's. */
  perVisit?: boolean;
  /** The customer chose a size tier (the firm price shows instead, once services are ticked). */
  sizeKnown?: boolean;
}) {
  return (
    <div className="rounded-xl bg-brand-900 p-5 text-white shadow-sm">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/10">
          <Calculator className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-1" aria-live="polite" aria-atomic="true">
          <p className="text-sm font-medium text-brand-100">Estimated price</p>
          {unavailable ? (
            <p className="text-base font-semibold">
              The estimate is unavailable right now; your landscaper will quote you directly.
            </p>
          ) : estimate ? (
            <p className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl" data-testid="estimate">
              {formatRange(estimate.lowCents, estimate.highCents)}
            </p>
          ) : (
            <p className="text-base font-semibold">
              {sizeKnown ? "Select services to see your price." : "Select services to see your estimate."}
            </p>
          )}
          {estimate && !unavailable ? (
            <p className="text-sm text-brand-100">
              For {count} {count === 1 ? "service" : "services"}
              {perVisit ? ", each visit" : ""}.
            </p>
          ) : null}
        </div>
      </div>
      <p className="mt-4 border-t border-white/15 pt-3 text-sm text-brand-100">
        {sizeKnown
          ? "This is an estimate only: the landscaper who takes your request offers the price, and nothing is booked until you approve it."
          : "This is an estimate only. Choose your property's size above for a firm price; otherwise the landscaper who takes your request offers the price after seeing the property, and nothing is booked until you approve it."}
      </p>
    </div>
  );
}
