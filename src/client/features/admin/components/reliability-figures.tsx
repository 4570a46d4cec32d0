import { PauseCircle } from "lucide-react";
import type { Reliability } from "../../../../shared/recurring";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";

const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value)}%`);

/** Nothing to judge yet: no visit due, no job accepted, no rating. */
function isNew(r: Reliability) {
  return r.completedJobs === 0 && r.completionRate === null && r.onTimeRate === null && r.ratingCount === 0;
}

/** "4.8 ★ (12) · 97% on time · 95% completed · 124 jobs": a landscaper's record on one line, for lists. */
export function ReliabilityLine({
  reliability: r,
  className,
}: {
  reliability: Reliability;
  className?: string;
}) {
  if (isNew(r)) return <p className={cn("text-xs text-slate-500", className)}>No jobs on GreenScape yet</p>;
  const rating =
    r.averageRating === null ? "No ratings" : `${r.averageRating.toFixed(1)} ★ (${r.ratingCount})`;
  const jobs = `${r.completedJobs} ${r.completedJobs === 1 ? "job" : "jobs"}`;
  return (
    <p className={cn("text-xs text-slate-600", className)} data-testid="reliability-line">
      <span aria-hidden="true">
        {rating} · {percent(r.onTimeRate)} on time · {percent(r.completionRate)} completed · {jobs}
      </span>
      <span className="sr-only">
        {r.averageRating === null
          ? "No ratings"
          : `Rated ${r.averageRating.toFixed(1)} out of 5 by ${r.ratingCount} ${r.ratingCount === 1 ? "customer" : "customers"}`}
        , {r.onTimeRate === null ? "no visits due yet" : `${percent(r.onTimeRate)} on time`},{" "}
        {r.completionRate === null
          ? "no jobs accepted yet"
          : `${percent(r.completionRate)} of accepted jobs completed`}
        , {jobs} completed.
      </span>
    </p>
  );
}

/** The same record as four figures, for a card (an application, a paused landscaper). */
export function ReliabilityGrid({
  reliability: r,
  className,
}: {
  reliability: Reliability;
  className?: string;
}) {
  if (isNew(r)) return <p className={cn("text-sm text-slate-600", className)}>No jobs on GreenScape yet.</p>;
  const figures: [string, string, string?][] = [
    [
      "Rating",
      r.averageRating === null ? "—" : `${r.averageRating.toFixed(1)} ★`,
      r.ratingCount ? `${r.ratingCount} ${r.ratingCount === 1 ? "rating" : "ratings"}` : "none yet",
    ],
    ["On time", percent(r.onTimeRate), "arrived by 6 PM"],
    ["Completed", percent(r.completionRate), "of accepted jobs"],
    ["Jobs", String(r.completedJobs), "completed"],
  ];
  return (
    <dl className={cn("grid grid-cols-2 gap-2 xl:grid-cols-4", className)} data-testid="reliability-grid">
      {figures.map(([label, value, hint]) => (
        <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
          {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** Shown beside a landscaper's status while the late lock-out has them paused. */
export function PausedBadge() {
  return (
    <Badge variant="warning">
      <PauseCircle aria-hidden="true" />
      Paused
    </Badge>
  );
}
