import { BadgeCheck } from "lucide-react";
import { type FirmPrice, heldUntilText } from "../../../../shared/pricing";
import type { Frequency } from "../../../../shared/recurring";
import { formatCents } from "../../../../shared/services";
import { PriceLines } from "../../pricing";

/**
 * The firm price on the quote form (issue 34): one total per visit, the lines behind it, the first visit's
 * surcharge and how long it is held. A polite live region, so a screen reader hears a new price as answers
 * change, without being interrupted.
 */
export function FirmPricePanel({ price, frequency }: { price: FirmPrice; frequency: Frequency }) {
  const oneTime = frequency === "one_time";
  return (
    <div className="rounded-xl bg-brand-900 p-5 text-white shadow-sm" data-testid="firm-price">
      <div className="flex items-start gap-3">
        {/* From 640 px: on a phone the lines need the whole width. */}
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-white/10 sm:flex">
          <BadgeCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 flex-1 gap-3" aria-live="polite" aria-atomic="true">
          <div className="grid gap-0.5">
            <p className="text-sm font-medium text-brand-100">
              {oneTime ? "Your price" : "Your price per visit"}
            </p>
            <p
              className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl"
              data-testid="firm-total"
            >
              {formatCents(oneTime ? price.firstVisitCents : price.perVisitCents)}
            </p>
            {!oneTime && price.firstVisitCents !== price.perVisitCents ? (
              <p className="text-sm text-brand-100">
                First visit {formatCents(price.firstVisitCents)}, then {formatCents(price.perVisitCents)} each
                visit.
              </p>
            ) : null}
          </div>
          <PriceLines price={price} tone="dark" />
          <p className="text-sm font-semibold">{heldUntilText(price.heldUntil)}</p>
        </div>
      </div>
      <p className="mt-4 border-t border-white/15 pt-3 text-sm text-brand-100">
        This is the price, not an estimate. The landscaper who takes your request by that date works at it,
        every visit; it changes only if you say yes to a new price. Taken later, it is priced on that day's
        rates. Nothing is booked until you approve.
      </p>
    </div>
  );
}
