import { todayInCharlotte } from "../../../../shared/dates";
import {
  MAX_MOVE_DAYS,
  moveVisitSchema,
  seriesLabel,
  seriesReasonSchema,
} from "../../../../shared/recurring";
import { jobLabel } from "../../../../shared/services";
import { ReasonField } from "../../../components/reason-field";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import type { JobActionProps } from "../../../lib/job-action-props";
import { useLeaveSeries, useMoveVisit } from "../api/series-actions";
import { moveBounds, suggestedMoveDate, visitDay } from "../lib/series";
import { SeriesDialog } from "./series-dialog";
import { useSchemaDialog } from "./use-dialog-form";

/**
 * 'Move visit' (for the weather, mostly): a new date within 3 days of the visit's original one (not before today) and why; the
 * customer is told and may decline the new day.
 */
export function MoveVisitDialog({ job, disabled, describedBy }: JobActionProps) {
  const move = useMoveVisit();
  const today = todayInCharlotte();
  const { original, min, max } = moveBounds(job, today);
  const dialog = useSchemaDialog({
    schema: moveVisitSchema,
    defaultValues: { date: suggestedMoveDate(job, today), reason: "" },
    fields: ["date", "reason"],
    send: ({ date, reason }) => move.mutateAsync({ jobId: job.id, date, reason }),
    title: "Visit moved",
    failureTitle: "Could not move the visit",
    startFrom: () => ({ date: suggestedMoveDate(job, todayInCharlotte()), reason: "" }),
  });
  const { form } = dialog;
  const customer = job.customerName || "The customer";
  return (
    <SeriesDialog
      dialog={dialog}
      trigger={{
        label: "Move visit",
        disabled,
        describedBy,
        title: `Up to ${MAX_MOVE_DAYS} days either side of the visit's date`,
      }}
      title={<>Move {jobLabel(job.number)}</>}
      description={
        <>
          {job.movedFrom ? `Booked for ${visitDay(original)}, now ${visitDay(job.scheduledDate!)}. ` : ""}
          Up to {MAX_MOVE_DAYS} days from {visitDay(original)}. {customer} is told at once and may decline the
          new day, which cancels the visit.
        </>
      }
      submitLabel="Move visit"
      pendingLabel="Moving..."
      pending={move.isPending}
      // Not "Cancel": the body says declining cancels the visit, and this button keeps it where it is.
      cancelLabel={`Keep ${visitDay(job.scheduledDate ?? original)}`}
    >
      <FormField
        label="New date"
        required
        description={`Between ${visitDay(min)} and ${visitDay(max)}.`}
        error={form.formState.errors.date?.message}
      >
        <Input
          type="date"
          min={min}
          max={max}
          aria-required="true"
          className="sm:max-w-xs"
          {...form.register("date")}
        />
      </FormField>
      <ReasonField
        form={form}
        name="reason"
        label="Reason (the customer sees this)"
        placeholder="For example: heavy rain all day, the lawn is too wet to mow"
        rows={2}
        maxLength={300}
      />
    </SeriesDialog>
  );
}

/**
 * 'Leave series' (a visit of an active series): the next visit goes back to the queue for another landscaper,
 * the later ones are cancelled and their holds released; the customer is told why.
 */
export function LeaveSeriesDialog({ job, disabled, describedBy }: JobActionProps) {
  const leave = useLeaveSeries();
  const series = job.series;
  // An offer the customer has not approved has no visits yet: leaving it withdraws the offer (the server puts
  // its one accepted visit back in the queue as the request), so it is worded that way.
  const offer = series?.status === "offered";
  const dialog = useSchemaDialog({
    schema: seriesReasonSchema,
    defaultValues: { reason: "" },
    fields: ["reason"],
    send: ({ reason }) => leave.mutateAsync({ seriesId: series!.id, reason }),
    title: offer ? "Offer withdrawn" : "You left the series",
    failureTitle: offer ? "Could not withdraw the offer" : "Could not leave the series",
  });
  const { form } = dialog;
  if (!series) return null;
  const label = seriesLabel(series.number);
  const customer = job.customerName || "The customer";
  return (
    <SeriesDialog
      dialog={dialog}
      trigger={{
        label: offer ? "Withdraw offer" : "Leave series",
        // Red like Withdraw (this is how a series visit is given up), apart from the visit's buttons.
        className: "border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800",
        disabled,
        describedBy,
      }}
      title={offer ? <>Withdraw your offer for {label}?</> : <>Leave {label}?</>}
      description={
        offer ? (
          <>
            The request goes back to the queue for other landscapers; {job.customerName || "the customer"} is
            told at once.
          </>
        ) : (
          <>
            {customer} is told at once. The next visit goes back to the queue for another landscaper; your
            later visits of {label} are cancelled and nothing held for them stays on the customer's card. A
            visit you have arrived at stays yours.
          </>
        )
      }
      submitLabel={offer ? "Withdraw offer" : "Leave series"}
      pendingLabel={offer ? "Withdrawing..." : "Leaving..."}
      pending={leave.isPending}
      submitVariant="destructive"
      cancelLabel={offer ? "Keep my offer" : "Stay on the series"}
    >
      <ReasonField
        form={form}
        name="reason"
        label={offer ? "Why are you withdrawing?" : "Why are you leaving?"}
        description="The customer reads this."
      />
    </SeriesDialog>
  );
}
