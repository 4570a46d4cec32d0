import { PauseCircle } from "lucide-react";
import { Link } from "react-router";
import type { Reliability } from "../../../../shared/recurring";
import { hasNoHistory, reliabilityFigures, reliabilityLabelled } from "../../../../shared/reliability";
import { Badge } from "../../../components/ui/badge";
import { focusRing } from "../../../lib/styles";
import { cn } from "../../../lib/utils";

/**
 * "Rating 5.0 ★ (1) · On time 0 of 1 · Completed 1 of 2 accepted": a landscaper's record on one line, each
 * figure named, for lists. Shares under a few visits are shown as counts (shared/reliability.ts).
 */
export function ReliabilityLine({
  reliability: r,
  className,
}: {
  reliability: Reliability;
  className?: string;
}) {
  if (hasNoHistory(r))
    return <p className={cn("text-sm text-slate-600", className)}>No jobs on GreenScape yet</p>;
  const figures = reliabilityFigures(r);
  return (
    <p className={cn("text-sm text-slate-700", className)} data-testid="reliability-line">
      <span aria-hidden="true">{reliabilityLabelled(r).join(" · ")}</span>
      <span className="sr-only">
        {figures
          .filter((figure) => figure.label !== "Jobs")
          .map((figure) => `${figure.label}: ${figure.value.replace("★", "out of 5")}, ${figure.detail}`)
          .join("; ")}
        .
      </span>
    </p>
  );
}

/** The same record as four labelled figures, for a card (an application, a paused landscaper). */
export function ReliabilityGrid({
  reliability: r,
  className,
}: {
  reliability: Reliability;
  className?: string;
}) {
  if (hasNoHistory(r))
    return <p className={cn("text-sm text-slate-600", className)}>No jobs on GreenScape yet.</p>;
  return (
    <dl className={cn("grid grid-cols-2 gap-2 xl:grid-cols-4", className)} data-testid="reliability-grid">
      {reliabilityFigures(r).map(({ label, value, detail }) => (
        <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
          <dd className="text-xs text-slate-500">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Shown beside a landscaper's status while the late lock-out has them paused; where it says so, a link to the
 * dashboard's review queue.
 */
export function PausedBadge({ linked = false }: { linked?: boolean }) {
  const badge = (
    <Badge variant="warning">
      <PauseCircle aria-hidden="true" />
      Paused
    </Badge>
  );
  if (!linked) return badge;
  return (
    <Link
      to="/admin#paused-landscapers"
      className={`rounded-full ${focusRing}`}
      aria-label="Paused from new jobs: review in the paused landscapers queue"
    >
      {badge}
    </Link>
  );
}
