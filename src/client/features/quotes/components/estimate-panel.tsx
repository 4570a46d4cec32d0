import { Calculator } from "lucide-react";
import { formatRange } from "../../../../shared/services";

/**
 * The live estimate under the services. It is a polite live region, so a screen reader hears the new
 * range as services are ticked, without being interrupted.
 */
export function EstimatePanel({
  estimate,
  count,
  unavailable,
  perVisit = false,
}: {
  estimate: { lowCents: number; highCents: number } | null;
  count: number;
  unavailable: boolean;
  /** A recurring request: the estimate is each visit's. */
  perVisit?: boolean;
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
            <p className="text-base font-semibold">Select services to see your estimate.</p>
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
        This is an estimate only: the final price is confirmed by the landscaper after reviewing your
        property, and nothing is booked until you approve it.
      </p>
    </div>
  );
}
