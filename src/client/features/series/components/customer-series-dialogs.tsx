import { CalendarClock, CalendarX2, PauseCircle, PlayCircle, XCircle } from "lucide-react";
import { addDaysIso, todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import {
  changeWeekdaySchema,
  DAY_REQUEST_ANSWER_HOURS,
  pauseSeriesSchema,
  type SeriesSummary,
  seriesLabel,
  seriesReasonSchema,
  weekdayNames,
} from "../../../../shared/recurring";
import { formatCents, jobLabel } from "../../../../shared/services";
import { ReasonField } from "../../../components/reason-field";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import {
  useCancelSeries,
  useChangeWeekday,
  useDeclineMove,
  usePauseSeries,
  useRestoreVisit,
  useResumeSeries,
  useWithdrawWeekday,
} from "../api/series-actions";
import { visitDay } from "../lib/series";
import { pausePreview, resumePreview } from "../lib/series-text";
import { SeriesDialog } from "./series-dialog";
import { noFields, useSchemaDialog } from "./use-dialog-form";
import { WeekdaySelect } from "./weekday-select";

interface SeriesDialogProps {
  series: SeriesSummary;
  /** The server's sentence after a change (it may say a visit less than 48 hours away stays). */
  onDone?: (message: string) => void;
}

const notice =
  "A visit less than 48 hours away stays as booked; skip it on its own if you need to (its cancellation rule applies).";

/**
 * 'Pause until…': no visits before the chosen date; they start again on the series' day from then. `holds`:
 * the amount held on each visit's card by job id, so the preview can say which hold a pause releases.
 */
export function PauseSeriesDialog({
  series,
  onDone,
  holds,
}: SeriesDialogProps & { holds?: Readonly<Record<string, number>> }) {
  const pause = usePauseSeries();
  const today = todayInCharlotte();
  const dialog = useSchemaDialog({
    schema: pauseSeriesSchema,
    defaultValues: { until: "" },
    fields: ["until"],
    send: ({ until }) => pause.mutateAsync({ seriesId: series.id, until }),
    title: "Series paused",
    failureTitle: "Could not pause the series",
    onDone,
  });
  const { form } = dialog;
  const label = seriesLabel(series.number);
  const preview = pausePreview(series, form.watch("until"), undefined, holds);
  return (
    <SeriesDialog
      dialog={dialog}
      trigger={{ label: series.pausedUntil ? "Change pause…" : "Pause until…", icon: PauseCircle }}
      title={series.pausedUntil ? <>Change the pause of {label}</> : <>Pause {label}</>}
      description={
        <>
          No visits before the date you choose; they start again on the first{" "}
          {series.weekday === null ? "visit day" : weekdayNames[series.weekday]} from then (that day
          included). {notice}
        </>
      }
      submitLabel="Pause visits"
      pendingLabel="Pausing..."
      pending={pause.isPending}
      cancelLabel="Keep visits"
    >
      <FormField label="No visits until" required error={form.formState.errors.until?.message}>
        <Input
          type="date"
          min={addDaysIso(today, 1)}
          max={addDaysIso(today, 366)}
          aria-required="true"
          className="sm:max-w-xs"
          {...form.register("until")}
        />
      </FormField>
      {/* What the chosen date does, as it changes (the same 48-hour rule as the server's). */}
      <p
        role="status"
        className={preview ? "rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950" : "sr-only"}
      >
        {preview}
      </p>
    </SeriesDialog>
  );
}

/** 'Resume now' while paused: a confirmation saying which visits come back. */
export function ResumeSeriesDialog({ series, onDone }: SeriesDialogProps) {
  const resume = useResumeSeries();
  const dialog = useSchemaDialog({
    schema: noFields,
    defaultValues: {},
    fields: [],
    send: () => resume.mutateAsync({ seriesId: series.id }),
    title: "Series resumed",
    failureTitle: "Could not resume the series",
    onDone,
  });
  return (
    <SeriesDialog
      dialog={dialog}
      trigger={{ label: "Resume now", icon: PlayCircle, variant: "default" }}
      title={<>Resume {seriesLabel(series.number)} now?</>}
      description={
        <>
          {resumePreview(series)} Your landscaper is told at once; each visit is held on your card 2 days
          before, as usual.
        </>
      }
      submitLabel="Resume visits"
      pendingLabel="Resuming..."
      pending={resume.isPending}
      cancelLabel="Stay paused"
    />
  );
}

/** 'Ask for another day': asks the landscaper for another weekday (they agreed to this one); the visits stay until a yes. */
export function ChangeDayDialog({ series, onDone }: SeriesDialogProps) {
  const change = useChangeWeekday();
  const dialog = useSchemaDialog({
    schema: changeWeekdaySchema,
    defaultValues: { weekday: String(series.requestedWeekday ?? series.weekday ?? 1) },
    fields: ["weekday"],
    send: ({ weekday }) => change.mutateAsync({ seriesId: series.id, weekday }),
    title: "Request sent",
    failureTitle: "Could not send the request",
    onDone,
    startFrom: () => ({ weekday: String(series.requestedWeekday ?? series.weekday ?? 1) }),
  });
  const { form } = dialog;
  const now = series.weekday === null ? null : `${weekdayNames[series.weekday]}s`;
  return (
    <SeriesDialog
      dialog={dialog}
      trigger={{ label: "Ask for another day", icon: CalendarClock }}
      title={<>Ask for another day for {seriesLabel(series.number)}</>}
      description={
        <>
          {series.requestedWeekday !== null
            ? `This replaces your request for ${weekdayNames[series.requestedWeekday]}s. `
            : ""}
          {now
            ? `Your landscaper agreed to ${now}, so they are asked first and have ${DAY_REQUEST_ANSWER_HOURS / 24} days to answer; until they do, and if they don't, your visits stay on ${now}. `
            : ""}
          If they agree, the new day applies from the first visit at least 48 hours away. If they can't, they
          leave the series: your visits on the current day are cancelled (nothing is charged for them) and the
          series goes back to the queue for the new day, where other landscapers offer a price for you to
          approve. You can withdraw the request until they answer.
        </>
      }
      submitLabel="Ask for this day"
      pendingLabel="Sending..."
      pending={change.isPending}
    >
      <FormField label="Day of the week" required error={form.formState.errors.weekday?.message}>
        <WeekdaySelect {...form.register("weekday")} />
      </FormField>
    </SeriesDialog>
  );
}

/** 'Bring back': a skipped visit still more than 48 hours away is made again (the server checks it). */
export function RestoreVisitDialog({ job, onDone }: { job: JobView; onDone?: (message: string) => void }) {
  const restore = useRestoreVisit();
  const day = visitDay(job.scheduledDate!);
  const dialog = useSchemaDialog({
    schema: noFields,
    defaultValues: {},
    fields: [],
    send: () => restore.mutateAsync({ jobId: job.id }),
    title: "Visit back on",
    failureTitle: "Could not bring the visit back",
    onDone,
  });
  return (
    <SeriesDialog
      dialog={dialog}
      trigger={{ label: "Bring back", ariaLabel: `Bring back the visit on ${day}` }}
      title={<>Bring back the visit on {day}?</>}
      description={
        <>
          It comes back as a new visit with its own job number, and your landscaper is told at once. Like
          every visit, {job.quotedPriceCents === null ? "it" : formatCents(job.quotedPriceCents)} is held on
          your card 2 days before and charged after the work, when you approve it (or 48 hours after it is
          marked complete if you don't answer).
        </>
      }
      submitLabel="Bring it back"
      pendingLabel="Bringing back..."
      pending={restore.isPending}
      cancelLabel="Keep it skipped"
    />
  );
}

/** A day request the landscaper hasn't answered: taken back, the visits stay as they are. */
export function WithdrawDayRequestDialog({ series, onDone }: SeriesDialogProps) {
  const withdraw = useWithdrawWeekday();
  const dialog = useSchemaDialog({
    schema: noFields,
    defaultValues: {},
    fields: [],
    send: () => withdraw.mutateAsync({ seriesId: series.id }),
    title: "Request withdrawn",
    failureTitle: "Could not withdraw the request",
    onDone,
  });
  const stay = series.weekday === null ? "as they are" : `on ${weekdayNames[series.weekday]}s`;
  return (
    <SeriesDialog
      dialog={dialog}
      trigger={{ label: "Withdraw request" }}
      title={<>Withdraw your request for another day?</>}
      description={<>Your landscaper is told, and your visits stay {stay}.</>}
      submitLabel="Withdraw request"
      pendingLabel="Withdrawing..."
      pending={withdraw.isPending}
      cancelLabel="Keep the request"
    />
  );
}

/** 'Cancel series', with a reason: visits 48 hours away or more are cancelled, nothing charged for them. */
export function CancelSeriesDialog({ series, onDone }: SeriesDialogProps) {
  const cancel = useCancelSeries();
  const dialog = useSchemaDialog({
    schema: seriesReasonSchema,
    defaultValues: { reason: "" },
    fields: ["reason"],
    send: ({ reason }) => cancel.mutateAsync({ seriesId: series.id, reason }),
    title: "Series cancelled",
    failureTitle: "Could not cancel the series",
    onDone,
  });
  const { form } = dialog;
  return (
    <SeriesDialog
      dialog={dialog}
      trigger={{
        label: "Cancel series",
        icon: XCircle,
        className: "text-red-700 hover:bg-red-50 hover:text-red-800",
      }}
      title={<>Cancel {seriesLabel(series.number)}?</>}
      description={
        <>
          Every visit 48 hours away or more is cancelled and nothing is charged for it. {notice} Your
          landscaper is told at once.
        </>
      }
      submitLabel="Cancel series"
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      submitVariant="destructive"
      cancelLabel="Keep the series"
    >
      <ReasonField form={form} name="reason" label="Why are you cancelling?" />
    </SeriesDialog>
  );
}

/**
 * 'Cancel this visit instead' on a visit the landscaper moved: its original day is not possible, so the choice
 * is the new day or no visit. A confirmation (it opens on its way out); nothing is charged for it.
 */
export function DeclineMoveDialog({ job }: { job: JobView }) {
  const decline = useDeclineMove();
  const dialog = useSchemaDialog({
    schema: noFields,
    defaultValues: {},
    fields: [],
    send: () => decline.mutateAsync({ jobId: job.id }),
    title: "Visit cancelled",
    failureTitle: "Could not cancel the visit",
  });
  const newDay = job.scheduledDate ? visitDay(job.scheduledDate) : "the new day";
  const landscaper = job.landscaperName ?? "Your landscaper";
  return (
    <SeriesDialog
      dialog={dialog}
      trigger={{ label: "Cancel this visit instead", icon: CalendarX2 }}
      title={<>Cancel the {newDay} visit?</>}
      description={
        <>
          {job.movedFrom ? `The original day, ${visitDay(job.movedFrom)}, is not possible: ` : ""}
          {landscaper} can come on {newDay} or not at all. Cancelling {jobLabel(job.number)} is free; nothing
          is charged for it.
          {job.series ? ` Your other visits of ${seriesLabel(job.series.number)} stay as they are.` : ""}{" "}
          {landscaper} is told at once.
        </>
      }
      submitLabel="Cancel this visit"
      pendingLabel="Cancelling..."
      pending={decline.isPending}
      submitVariant="destructive"
      cancelLabel={`Keep ${newDay}`}
    />
  );
}
