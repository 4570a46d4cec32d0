import { CalendarDays, MapPin, Navigation, Repeat } from "lucide-react";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { visitStageLabel } from "../../../../../shared/proof";
import { frequencyLabel, seriesLabel } from "../../../../../shared/recurring";
import {
  type ScheduleAnswer,
  type ScheduleDay,
  type ScheduleVisit,
  type ScheduleWeek,
  scheduleWeekLabel,
  scheduleWeeks,
} from "../../../../../shared/schedule";
import { formatCents, jobLabel, serviceName } from "../../../../../shared/services";
import { Badge } from "../../../../components/ui/badge";
import { cn } from "../../../../lib/utils";
import { RainDay } from "../../../weather";
import { useSchedule } from "../../api/schedule";
import { capacityText, dayLabel, daySummary, legText, streetOf, weekRange } from "../../lib/schedule-text";
import { ListPanel } from "../list-panel";
import { DayRoute } from "./day-route";
import { type OpenVisit, VisitDialog } from "./visit-dialog";

interface ScheduleTabProps {
  /** Master preview: no visits. */
  preview: boolean;
  /** Only an approved landscaper may act on a visit (in the job card the visit opens). */
  approved: boolean;
}

/**
 * The Schedule tab: this week's or next week's visits by day (Monday to Sunday, Charlotte time), each day in a
 * suggested driving order from the landscaper's base ZIP with the miles of each leg and of the day, and from
 * today on what instant booking can still sell of it (its free slots); a visit opens its job card in a dialog. A list on phones; from 1024 px each day's heading sits beside its visits.
 */
export function ScheduleTab({ preview, approved }: ScheduleTabProps) {
  const schedule = useSchedule(!preview);
  const [params, setParams] = useSearchParams();
  const week: ScheduleWeek = params.get("week") === "next" ? "next" : "this";
  const [open, setOpen] = useState<OpenVisit | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const selectWeek = (value: ScheduleWeek) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "this") next.delete("week");
        else next.set("week", value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const data = schedule.data;
  return (
    <ListPanel
      data-testid="schedule"
      title="Schedule"
      titleRef={headingRef}
      description="Your booked visits by day, each day in a suggested driving order from your base."
      preview={preview}
      answeredPreview={data?.preview}
      previewNote="Visits are hidden in preview mode."
      query={schedule}
      refreshLabel="Refresh the schedule"
      loadingText="Loading your schedule..."
      errorTitle="We couldn't load your schedule"
      headerClassName="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between"
      controls={data ? <WeekSwitch answer={data} week={week} onSelect={selectWeek} /> : null}
      after={<VisitDialog visit={open} onClose={() => setOpen(null)} canAct={approved && !preview} />}
    >
      {data ? (
        <Week
          answer={data}
          week={week}
          onOpen={(visit) => setOpen({ ...visit, fallback: () => headingRef.current })}
        />
      ) : null}
    </ListPanel>
  );
}

function WeekSwitch({
  answer,
  week,
  onSelect,
}: {
  answer: ScheduleAnswer;
  week: ScheduleWeek;
  onSelect: (week: ScheduleWeek) => void;
}) {
  return (
    <fieldset className="inline-flex min-w-0 flex-1 gap-1 rounded-lg border border-slate-200 bg-slate-100 p-1 sm:flex-none">
      <legend className="sr-only">Week</legend>
      {scheduleWeeks.map((value) => {
        const count = answer.weeks[value].days.reduce((n, day) => n + day.visits.length, 0);
        return (
          <button
            key={value}
            type="button"
            aria-pressed={week === value}
            onClick={() => onSelect(value)}
            className="grid flex-1 rounded-md px-3 py-1 text-center text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:shadow-sm sm:flex-none"
          >
            {scheduleWeekLabel[value]}
            <span className="text-xs font-normal">{weekRange(answer.weeks[value].start)}</span>
            <span className="text-xs font-normal">
              {count} {count === 1 ? "visit" : "visits"}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

function Week({
  answer,
  week,
  onOpen,
}: {
  answer: ScheduleAnswer;
  week: ScheduleWeek;
  onOpen: (visit: Omit<OpenVisit, "fallback">) => void;
}) {
  const { days } = answer.weeks[week];
  const booked = days.some((day) => day.visits.length > 0);
  const baseMapped = answer.base?.mapped ?? false;
  // The days already past without visits at the start of the week fold into one line, so that on a phone
  // today is near the top instead of below three "No visits".
  const firstLater = days.findIndex((day) => day.date >= answer.today || day.visits.length > 0);
  const pastEmpty = (firstLater === -1 ? days : days.slice(0, firstLater)).map((day) => day.date);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        {answer.base
          ? baseMapped
            ? `Each day starts from your base, ${answer.base.area}. Miles are straight-line estimates between ZIP centers, not a route; minutes saved assume roads 1.3 times the straight line, driven at 25 mph.`
            : `Your base ZIP ${answer.base.zipCode} has no map point, so each day starts at the visit the order puts first. Miles are straight-line estimates between ZIP centers.`
          : "Add your address under Profile so each day starts from your base."}
      </p>
      <p className="text-sm text-slate-600">
        Free slots: what is left of your visits a day (Profile → Availability) after your booked visits and
        the offers waiting for a customer's answer. Customers can book them at once for the services you open
        to instant booking, until your notice before the day begins.
      </p>
      {booked ? null : (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          No visits booked {week === "this" ? "this week" : "next week"}.
        </p>
      )}
      {pastEmpty.length > 1 ? <PastEmptyDays from={pastEmpty[0]!} to={pastEmpty.at(-1)!} /> : null}
      {days.slice(pastEmpty.length > 1 ? pastEmpty.length : 0).map((day) => (
        <Day
          key={day.date}
          day={day}
          today={answer.today}
          baseMapped={baseMapped}
          baseAddress={answer.base?.address ?? null}
          onOpen={(visit, opener) =>
            onOpen({
              opener,
              jobId: visit.jobId,
              date: day.date,
              title: `${jobLabel(visit.number)} · ${visit.customerName}`,
              description: `${dayLabel(day.date)}, stop ${visit.stop} of ${day.visits.length}`,
            })
          }
        />
      ))}
    </div>
  );
}

function PastEmptyDays({ from, to }: { from: string; to: string }) {
  const headingId = `schedule-days-${from}`;
  return (
    <section
      aria-labelledby={headingId}
      // Not the days' two columns from 1024 px: the date range is wider than their 13rem heading column.
      className="flex flex-wrap items-center justify-between gap-x-4 rounded-lg border border-slate-100 px-3 py-2 lg:justify-start"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-500">
        {dayLabel(from, "short")} – {dayLabel(to, "short")}
      </h3>
      <p className="text-sm text-slate-500">No visits</p>
    </section>
  );
}

function Day({
  day,
  today,
  baseMapped,
  baseAddress,
  onOpen,
}: {
  day: ScheduleDay;
  today: string;
  baseMapped: boolean;
  baseAddress: string | null;
  onOpen: (visit: ScheduleVisit, opener: HTMLElement) => void;
}) {
  const isToday = day.date === today;
  const headingId = `schedule-day-${day.date}`;
  const heading = (
    <h3
      id={headingId}
      className={cn(
        "flex flex-wrap items-center gap-2 text-sm font-semibold",
        day.date < today ? "text-slate-500" : "text-slate-900",
      )}
    >
      {dayLabel(day.date)}
      {isToday ? <Badge>Today</Badge> : null}
    </h3>
  );

  if (day.visits.length === 0)
    return (
      <section
        aria-labelledby={headingId}
        aria-current={isToday ? "date" : undefined}
        className={cn(
          "flex flex-wrap items-center justify-between gap-x-4 rounded-lg border border-slate-100 px-3 py-2 lg:grid lg:grid-cols-[13rem_1fr] lg:justify-normal",
          isToday && "border-brand-600 bg-brand-50/60",
        )}
      >
        {heading}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="text-sm text-slate-500">No visits</p>
          {day.date >= today ? <DayCapacity day={day} /> : null}
        </div>
      </section>
    );

  return (
    <section
      aria-labelledby={headingId}
      aria-current={isToday ? "date" : undefined}
      className={cn(
        "grid gap-3 rounded-xl border border-slate-200 p-2.5 sm:p-4 lg:grid-cols-[13rem_1fr] lg:gap-4",
        isToday && "border-brand-600 bg-brand-50/60",
      )}
    >
      <div className="grid content-start gap-1">
        {heading}
        <p className="text-sm text-slate-600">{daySummary(day, baseMapped)}</p>
        {day.date >= today ? <DayCapacity day={day} /> : null}
        {day.date >= today ? <RainDay date={day.date} /> : null}
        {day.date >= today ? <DayRoute day={day} base={baseAddress} /> : null}
      </div>
      <ol className="grid gap-2" aria-label={`Suggested order, ${dayLabel(day.date)}`}>
        {day.visits.map((visit) => (
          <VisitRow
            key={visit.jobId}
            visit={visit}
            baseMapped={baseMapped}
            onOpen={(opener) => onOpen(visit, opener)}
          />
        ))}
      </ol>
    </section>
  );
}

/**
 * What customers can still book of the day at once (from today on: a day gone cannot be booked): green with
 * free slots, amber when full, grey on a day off.
 */
function DayCapacity({ day }: { day: ScheduleDay }) {
  const variant = day.capacity === null ? "muted" : day.remaining === 0 ? "warning" : "success";
  return (
    <Badge variant={variant} data-testid="day-capacity">
      {capacityText(day)}
    </Badge>
  );
}

/**
 * One stop: the whole row is the button's target (its name is the stop and who it is for), the rest
 * describes it. Nothing else in the row is interactive.
 */
function VisitRow({
  visit,
  baseMapped,
  onOpen,
}: {
  visit: ScheduleVisit;
  baseMapped: boolean;
  onOpen: (opener: HTMLElement) => void;
}) {
  return (
    <li
      className="relative flex gap-3 rounded-lg border border-slate-200 bg-white p-3 transition-colors focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-1 hover:border-brand-600 hover:bg-brand-50/40"
      data-job-number={visit.number}
    >
      <span
        aria-hidden="true"
        className="flex h-7 min-w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1 text-sm font-semibold text-white tabular-nums"
      >
        {visit.stop}.
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <button
            type="button"
            onClick={(event) => onOpen(event.currentTarget)}
            className="min-w-0 text-left font-semibold text-slate-900 after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none"
          >
            <span className="sr-only">Stop {visit.stop}: </span>
            {visit.customerName}
            {/* The job number breaks at its hyphen otherwise ("JOB-" / "1005") on a phone. */}
            <span className="font-normal text-slate-600">
              {" "}
              · <span className="whitespace-nowrap">{jobLabel(visit.number)}</span>
            </span>
          </button>
          {visit.priceCents !== null ? (
            <span className="text-sm font-semibold text-slate-900 tabular-nums">
              {formatCents(visit.priceCents)}
            </span>
          ) : null}
        </div>
        <p className="text-sm text-slate-700">{visit.services.map(serviceName).join(", ")}</p>
        <p className="flex items-start gap-1.5 text-sm text-slate-600">
          <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {streetOf(visit)} · {visit.area}
          </span>
        </p>
        <p
          className={cn(
            "flex items-start gap-1.5 text-sm",
            visit.unmapped ? "text-amber-900" : "text-slate-600",
          )}
        >
          <Navigation className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span>{legText(visit, baseMapped)}</span>
        </p>
        {visit.series || visit.movedFrom || visit.stage ? (
          <p className="flex flex-wrap gap-1.5 pt-0.5">
            {visit.stage ? <Badge variant="info">{visitStageLabel[visit.stage]}</Badge> : null}
            {visit.series ? (
              <Badge variant="secondary">
                <Repeat aria-hidden="true" />
                {frequencyLabel[visit.series.frequency]} · {seriesLabel(visit.series.number)}
              </Badge>
            ) : null}
            {visit.movedFrom ? (
              <Badge variant="warning">
                <CalendarDays aria-hidden="true" />
                Moved from {dayLabel(visit.movedFrom, "short")}
              </Badge>
            ) : null}
          </p>
        ) : null}
      </div>
    </li>
  );
}
