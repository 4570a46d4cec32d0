import { CalendarDays, PauseCircle } from "lucide-react";
import { useState } from "react";
import { cadenceText, SKIP_REASON, seriesLabel } from "../../../../shared/recurring";
import { formatCents, jobLabel } from "../../../../shared/services";
import { Badge } from "../../../components/ui/badge";
import {
  CancelSeriesDialog,
  ChangeDayDialog,
  dayRequestText,
  FrequencyBadge,
  notComingTag,
  PauseSeriesDialog,
  pausedBanner,
  RestoreVisitDialog,
  ResumeSeriesDialog,
  restoreBlock,
  seriesTitle,
  visitDay,
  WithdrawDayRequestDialog,
} from "../../series";
import type { SeriesGroup } from "../lib/series-list";
import { CancelJobDialog } from "./cancel-job-dialog";

/** The customer's active series, above their requests: each with its upcoming visits and what they can change. */
export function SeriesPanels({ groups }: { groups: SeriesGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="recurring-heading" className="grid gap-4">
      <h2 id="recurring-heading" className="text-lg font-semibold text-slate-900">
        Recurring service
      </h2>
      <ul className="grid gap-4">
        {groups.map((group) => (
          <li key={group.series.id}>
            <SeriesPanel group={group} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SeriesPanel({ group }: { group: SeriesGroup }) {
  const { series, services, landscaperName, visits, cancelled } = group;
  // The server's sentence after the last change stays here (a toast goes away; it may say a visit stays).
  const [last, setLast] = useState<{ text: string; pause: boolean } | null>(null);
  const message = last?.text ?? null;
  const label = seriesLabel(series.number);
  const titleId = `series-${series.id}-title`;
  const title = seriesTitle(series.frequency, services);
  const facts = [
    series.weekday === null ? null : cadenceText(series.frequency, series.weekday, series.upcoming[0]?.date),
    series.pricePerVisitCents === null ? null : `${formatCents(series.pricePerVisitCents)} a visit`,
    landscaperName ? `with ${landscaperName}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const paused = pausedBanner(series);
  // The card holds of the booked visits: a pause's preview says which it releases.
  const holds: Record<string, number> = {};
  for (const visit of series.upcoming) {
    const payment = visits.get(visit.jobId)?.payment;
    if (payment?.status === "held") holds[visit.jobId] = payment.amountCents;
  }

  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-xl border border-brand-200 bg-white shadow-sm"
      data-testid="series-panel"
      data-series-number={series.number}
    >
      <header className="grid gap-1 border-b border-slate-100 bg-brand-50/60 px-4 py-4 sm:px-5">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-mono text-xs font-semibold text-slate-600">{label}</p>
          <FrequencyBadge frequency={series.frequency} />
        </div>
        <h3 id={titleId} className="text-base leading-snug font-semibold text-slate-900">
          {title}
        </h3>
        <p className="text-sm text-slate-700">{`${facts.charAt(0).toUpperCase()}${facts.slice(1)}`}</p>
      </header>

      <div className="grid gap-3 px-4 py-4 sm:px-5">
        {/* Just paused: the server's sentence says it (and which visit stays), once is enough. */}
        {paused && !last?.pause ? (
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <PauseCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {paused}
          </p>
        ) : null}
        {series.requestedWeekday !== null ? (
          <div className="flex flex-col gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
            <p>{dayRequestText(series, landscaperName)}</p>
            <WithdrawDayRequestDialog series={series} onDone={(text) => setLast({ text, pause: false })} />
          </div>
        ) : null}
        <p
          role="status"
          className={message ? "rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950" : "sr-only"}
        >
          {message}
        </p>
        <h4 className="text-sm font-semibold text-slate-900">Upcoming visits</h4>
        {series.upcoming.length === 0 ? (
          <p className="text-sm text-slate-600">No visits booked right now.</p>
        ) : (
          <ol className="grid divide-y divide-slate-100 rounded-lg border border-slate-200">
            {series.upcoming.map((visit) => {
              const job = visits.get(visit.jobId);
              // A moved visit is answered on its card (keep the new day or cancel it), not skipped here.
              // Nor once the landscaper is on the way: the server refuses it from then on.
              const canSkip = job && job.status === "scheduled" && !job.arrival?.onTheWayAt && !visit.moved;
              return (
                <li
                  key={visit.jobId}
                  className="flex min-h-12 items-center justify-between gap-3 px-3 py-1.5"
                  data-testid="series-visit"
                >
                  <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <CalendarDays className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                    <span className="font-medium text-slate-900">{visitDay(visit.date)}</span>
                    <span className="font-mono text-xs text-slate-600">{jobLabel(visit.number)}</span>
                    {visit.moved ? (
                      <>
                        <Badge variant="warning">Moved</Badge>
                        <span className="text-slate-600">why and how to decline it: on its card below</span>
                      </>
                    ) : null}
                  </span>
                  {canSkip ? <CancelJobDialog job={job} servicesText={title} skip="row" /> : null}
                </li>
              );
            })}
          </ol>
        )}
        {cancelled.length > 0 ? (
          <>
            <h4 className="text-sm font-semibold text-slate-900">Not coming</h4>
            <ul className="grid gap-1.5 text-sm text-slate-600" data-testid="series-cancelled">
              {cancelled.map((job) => (
                <li key={job.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium text-slate-800 line-through decoration-slate-600">
                    {/* A declined move: the day the customer had, not the one it was moved to. */}
                    {visitDay(job.movedFrom ?? job.scheduledDate!)}
                  </span>
                  <span className="font-mono text-xs">{jobLabel(job.number)}</span>
                  {/* A pause writes one long reason on each visit: a word says it (the banner says until when). */}
                  <Badge variant="muted">{notComingTag(job.cancelReason)}</Badge>
                  {/* Its card was held when it was cancelled: the server released that, nothing charged. */}
                  {job.payment?.status === "released" ? (
                    <span className="whitespace-nowrap">
                      {formatCents(job.payment.amountCents)} hold released
                    </span>
                  ) : null}
                  {/* A skip can be taken back while the landscaper still has 48 hours' notice, outside a pause
                      (resuming is how those days come back); otherwise the row says why not. */}
                  {job.cancelReason === SKIP_REASON ? (
                    restoreBlock(job.scheduledDate!, series.pausedUntil) === null ? (
                      <RestoreVisitDialog job={job} onDone={(text) => setLast({ text, pause: false })} />
                    ) : (
                      <span className="w-full text-slate-600 sm:w-auto">
                        {restoreBlock(job.scheduledDate!, series.pausedUntil)}
                      </span>
                    )
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>

      <footer className="flex flex-col gap-2 border-t border-slate-100 bg-slate-50 px-4 py-3 sm:flex-row sm:flex-wrap sm:justify-end sm:px-5">
        {/* While paused: end it now, or pick another date (a shorter pause gives visits back). */}
        {series.pausedUntil ? (
          <ResumeSeriesDialog series={series} onDone={(text) => setLast({ text, pause: false })} />
        ) : null}
        <PauseSeriesDialog series={series} holds={holds} onDone={(text) => setLast({ text, pause: true })} />
        {/* The banner above says all of it (and until when): the server's sentence would repeat it. */}
        <ChangeDayDialog series={series} onDone={() => setLast(null)} />
        <CancelSeriesDialog series={series} onDone={(text) => setLast({ text, pause: false })} />
      </footer>
    </article>
  );
}
