import { CalendarClock } from "lucide-react";
import { formatCharlotteDateTime, formatLongDate } from "../../../../shared/dates";
import { type SeriesSummary, seriesLabel, weekdayNames } from "../../../../shared/recurring";
import { formatCents } from "../../../../shared/services";
import { useAnswerWeekday, useDayRequests } from "../api/series-actions";
import { SeriesDialog } from "./series-dialog";
import { noFields, useSchemaDialog } from "./use-dialog-form";

/**
 * The top of the landscaper's queue: customers' asks for another weekday, whatever the filters and page (issue
 * 33 review: the ask sat on the last card of the queue). Each says what either answer does and by when.
 */
export function DayRequestsNotice({ enabled }: { enabled: boolean }) {
  const requests = useDayRequests(enabled);
  const list = requests.data?.requests ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="day-requests-heading"
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="day-requests"
    >
      <h3 id="day-requests-heading" className="flex items-center gap-2 text-base font-semibold">
        <CalendarClock className="size-5 shrink-0" aria-hidden="true" />
        {list.length === 1
          ? "A customer is waiting for your answer"
          : `${list.length} customers are waiting for your answer`}
      </h3>
      <ul className="grid gap-3">
        {list.map((request) => (
          <li key={request.series.id}>
            <WeekdayRequestAnswer series={request.series} customerName={request.customerName} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The customer asked for another weekday (the visits stay on the agreed one until this answer): agreeing
 * moves them; declining puts the series back in the queue for that day, not counted on the landscaper's record.
 */
export function WeekdayRequestAnswer({
  series,
  customerName,
}: {
  series: SeriesSummary;
  customerName: string;
}) {
  const answer = useAnswerWeekday();
  const send = (agree: boolean) => () => answer.mutateAsync({ seriesId: series.id, agree });
  const agree = useSchemaDialog({
    schema: noFields,
    defaultValues: {},
    fields: [],
    send: send(true),
    title: "New day agreed",
    failureTitle: "Could not answer",
  });
  const decline = useSchemaDialog({
    schema: noFields,
    defaultValues: {},
    fields: [],
    send: send(false),
    title: "New day declined",
    failureTitle: "Could not answer",
  });
  if (series.status !== "active" || series.requestedWeekday === null || series.weekday === null) return null;
  const label = seriesLabel(series.number);
  const from = `${weekdayNames[series.weekday]}s`;
  const to = `${weekdayNames[series.requestedWeekday]}s`;
  const customer = customerName || "The customer";
  const start = series.requestedStartDate ? formatLongDate(series.requestedStartDate) : null;
  const price =
    series.pricePerVisitCents === null ? "" : ` (${formatCents(series.pricePerVisitCents)} a visit)`;
  const answerBy = series.weekdayAnswerBy ? formatCharlotteDateTime(new Date(series.weekdayAnswerBy)) : null;
  return (
    <div
      className="grid gap-2 rounded-lg border border-amber-200 bg-white px-3 py-3 text-sm"
      data-testid="weekday-request"
    >
      <p className="font-medium text-slate-900">
        {customer} asks to move {label}
        {price} from {from} to {to}.
      </p>
      <ul className="grid list-disc gap-1 pl-5 text-slate-700">
        <li>
          <strong>Agree</strong>: the visits move to {to}
          {start ? `, from ${start}` : ""}. Visits on {from} before then stay.
        </li>
        <li>
          <strong>Can't do {to}</strong>: {label} goes back to the queue for another landscaper and its visits
          leave your schedule. It does not count against your record.
        </li>
        <li>
          Until you answer, the visits stay on {from}.
          {answerBy ? ` Answer by ${answerBy}; after that the request lapses and they stay on ${from}.` : ""}
        </li>
      </ul>
      <div className="flex flex-wrap gap-2">
        <SeriesDialog
          dialog={agree}
          trigger={{ label: `Agree to ${to}`, variant: "default" }}
          title={
            <>
              Move {label} to {to}?
            </>
          }
          description={
            <>
              {start
                ? `The first visit on the new day is ${start}`
                : `From the first ${weekdayNames[series.requestedWeekday]} at least 48 hours away`}
              ; visits on {from} before then stay. {customer} is told at once.
            </>
          }
          submitLabel={`Agree to ${to}`}
          pendingLabel="Agreeing..."
          pending={answer.isPending}
          cancelLabel="Not yet"
        />
        <SeriesDialog
          dialog={decline}
          trigger={{ label: `Can't do ${to}` }}
          title={<>Decline {to}?</>}
          description={
            <>
              {label} goes back to the queue for {to} for another landscaper, and its visits leave your
              schedule (a visit you have arrived at stays yours). It does not count against your record.{" "}
              {customer} is told at once.
            </>
          }
          submitLabel={`Decline ${to}`}
          pendingLabel="Declining..."
          pending={answer.isPending}
          submitVariant="destructive"
          cancelLabel="Not yet"
        />
      </div>
    </div>
  );
}
