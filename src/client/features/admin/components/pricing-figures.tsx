import { formatCents } from "../../../../shared/services";
import { Card } from "../../../components/ui/card";
import { type AnalyticsFilter, usePricingFigures } from "../api/admin-api";

/** "12 of 40 (30%)", or "0 of 0" when nothing counts. */
export function share(part: number, whole: number): string {
  if (whole === 0) return "0 of 0";
  return `${part} of ${whole} (${Math.round((part / whole) * 100)}%)`;
}

/**
 * The firm price at a glance (issue 34): how many quotes got one, how often a landscaper asked to change it
 * and the customer agreed, and what each lot size pays on average, over the analytics range.
 */
export function PricingFiguresPanel({ range }: { range: AnalyticsFilter["range"] }) {
  const figures = usePricingFigures(range);
  const data = figures.data;
  return (
    <Card className="gap-4 p-5" aria-labelledby="pricing-figures-heading" role="region">
      <div>
        <h2 id="pricing-figures-heading" className="text-lg font-semibold text-slate-900">
          Firm prices
        </h2>
        <p className="text-sm text-slate-600">
          Quotes sent in the last {range} days that asked the lot size.
        </p>
      </div>
      {figures.isError ? (
        <p role="alert" className="text-sm text-red-700">
          These figures could not be loaded. Reload the page to try again.
        </p>
      ) : !data ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3" data-testid="pricing-figures">
            {[
              { label: "Quotes with a firm price", value: share(data.firmQuotes, data.quotes), note: null },
              {
                label: "Price change asked",
                value: share(data.priceChangesRequested, data.takenFirm),
                note: "of firm-priced jobs a landscaper took",
              },
              {
                label: "Price change approved",
                value: share(data.priceChangesApproved, data.takenFirm),
                note: "by the customer",
              },
            ].map((figure) => (
              <div key={figure.label} className="rounded-lg bg-slate-50 px-3 py-2">
                <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
                <dd className="text-lg font-bold text-slate-900 tabular-nums">{figure.value}</dd>
                {figure.note ? <dd className="text-xs text-slate-500">{figure.note}</dd> : null}
              </div>
            ))}
          </dl>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Quotes and average firm price per visit by lot size</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Lot size
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    Quotes
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Average per visit
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.byTier.map((row) => (
                  <tr key={row.tier} className="border-b border-slate-100">
                    <th scope="row" className="py-2 pr-4 font-normal text-slate-800">
                      {row.label}
                    </th>
                    <td className="py-2 pr-4 text-right tabular-nums">{row.quotes}</td>
                    <td className="py-2 text-right tabular-nums">
                      {row.quotes && row.averageCents ? formatCents(row.averageCents) : "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
