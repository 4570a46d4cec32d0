import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { healthFreshnessText } from "../../../../shared/admin-health";
import { focusRing } from "../../../lib/styles";
import { cn } from "../../../lib/utils";
import { useHealthSummary } from "../api/health-api";
import { summaryTiles } from "./health-figures";

/**
 * The dashboard's four health figures over the last 12 weeks (issue 38), each a link to Admin → Health where
 * they are defined and broken down.
 */
export function HealthTiles() {
  const summary = useHealthSummary();
  return (
    <section aria-labelledby="health-tiles" className="grid content-start gap-3">
      <div>
        <h2 id="health-tiles" className="text-lg font-semibold text-slate-900">
          Marketplace Health
        </h2>
        <p className="text-sm text-slate-600">
          The last 12 weeks. Open a figure for its definition and breakdowns.
          {summary.data ? ` ${healthFreshnessText(summary.data)}` : null}
        </p>
      </div>
      {summary.isError ? (
        <p role="alert" className="text-sm text-red-700">
          These figures could not be loaded. Reload the page to try again.
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="health-tiles">
        {summaryTiles(summary.data).map((tile) => (
          <li key={tile.label}>
            <Link
              to="/admin/health"
              className={cn(
                "group grid h-full content-start gap-0.5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50 sm:py-5",
                focusRing,
              )}
            >
              <span className="flex items-start justify-between gap-2 text-sm font-medium text-slate-600">
                {tile.label}
                <ArrowRight
                  className="mt-0.5 size-4 shrink-0 text-slate-400 group-hover:text-brand-700"
                  aria-hidden="true"
                />
              </span>
              <span className="truncate text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">
                {tile.value ?? <span className="text-slate-400">–</span>}
              </span>
              <span className="text-xs text-slate-600">{tile.note}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
