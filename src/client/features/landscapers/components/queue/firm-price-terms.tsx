import type { FirmPrice } from "../../../../../shared/pricing";
import type { Frequency } from "../../../../../shared/recurring";
import { formatCents, formatEarnedCents } from "../../../../../shared/services";
import { PriceLines } from "../../../pricing";

/**
 * A request's firm price in the accept dialog (issue 34): the price itself (there is nothing to type), the lines
 * the customer was shown, the landscaper's 75 % and the tips rule, and the one way a price changes.
 */
export function FirmPriceTerms({ price, frequency }: { price: FirmPrice; frequency: Frequency }) {
  const oneTime = frequency === "one_time";
  const surcharge = price.firstVisitCents !== price.perVisitCents;
  return (
    <section
      aria-label="Firm price"
      className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800"
      data-testid="accept-firm-price"
    >
      <div>
        <p className="font-medium text-brand-900">{oneTime ? "Price" : "Price per visit"}</p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums">
          {formatCents(oneTime ? price.firstVisitCents : price.perVisitCents)}
        </p>
        {!oneTime && surcharge ? (
          <p className="text-slate-700">First visit {formatCents(price.firstVisitCents)}.</p>
        ) : null}
      </div>
      <PriceLines price={price} />
      <p>
        <span className="font-medium text-slate-900">You earn 75%: </span>
        {oneTime
          ? formatEarnedCents(price.firstVisitCents)
          : `${formatEarnedCents(price.perVisitCents)} a visit${surcharge ? `, ${formatEarnedCents(price.firstVisitCents)} for the first` : ""}`}
        , and every tip in full.
      </p>
      <p className="text-slate-700">
        Quoted from the lot size and grass height the customer gave. Not as described? Once they book you, ask
        them for a price change with a photo: only their yes changes it.
      </p>
    </section>
  );
}
