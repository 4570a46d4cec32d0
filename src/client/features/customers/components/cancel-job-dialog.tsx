import { zodResolver } from "@hookform/resolvers/zod";
import { XCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { cancelJobSchema, type JobView } from "../../../../shared/jobs";
import { SKIP_REASON } from "../../../../shared/recurring";
import { formatCents, jobLabel, withArticle } from "../../../../shared/services";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { ApiError } from "../../../lib/api-client";
import { toastDialogFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { visitDay } from "../../series";
import { useCancelJob } from "../api/job-actions";

type CancelInput = z.input<typeof cancelJobSchema>;
type CancelValues = z.output<typeof cancelJobSchema>;

/**
 * 'Cancel request' (not booked yet) or 'Cancel booking' (the price approved) with a reason: the landscaper
 * (if any) and our team are told why. What it says of the money is what jobs/customer-actions.ts and
 * payments/settlement/money.ts do: free (a hold is released), or within 24 hours the fee, taken from the hold
 * (the rest released) or charged to the card. `skip`: one visit of a series, skipped without a reason to type
 * (the same cancellation, with its 24-hour fee rule): 'Skip this visit' in the series panel's list of visits
 * ("row", its day in its name) and on the visit's card ("card").
 */
export function CancelJobDialog({
  job,
  servicesText,
  skip: skipIn,
}: {
  job: JobView;
  servicesText: string;
  skip?: "row" | "card" | undefined;
}) {
  const skip = skipIn !== undefined;
  const cancel = useCancelJob();
  const form = useForm<CancelInput, unknown, CancelValues>({
    resolver: zodResolver(cancelJobSchema),
    defaultValues: { reason: skip ? SKIP_REASON : "" },
  });
  const { dialog, close } = useDialogState({ onClose: () => form.reset() });
  const day = job.scheduledDate ? visitDay(job.scheduledDate) : "the agreed day";
  const booked = job.status === "scheduled";
  const what = booked ? "booking" : "request";
  const held = job.payment?.status === "held" ? job.payment : null;

  const feeCents = job.cancelFeeCents ?? 0;
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      const answer = await cancel.mutateAsync({ jobId: job.id, reason, acceptedFeeCents: feeCents });
      toast({
        title: skip ? "Visit skipped" : answer.message,
        description: skip
          ? `${jobLabel(job.number)} on ${day} is skipped; your other visits stay as they are.`
          : `${jobLabel(job.number)} is cancelled.`,
        variant: "success",
      });
      close();
    } catch (error) {
      // The visit came within 24 hours while the dialog was open: the refreshed job shows the fee here,
      // and the person decides again.
      if (error instanceof ApiError && error.code === "fee_required") {
        form.setError("root", { message: error.message });
        return;
      }
      // The job changed meanwhile (409): the refreshed card shows where it stands now.
      toastDialogFailure(error, form.setError, ["reason"], "Could not cancel the request", close);
    }
  });

  return (
    <FormDialog
      dialog={dialog}
      trigger={
        skip
          ? {
              label: "Skip this visit",
              size: skipIn === "row" ? "sm" : "default",
              variant: "outline",
              // In the panel's list every row has one: its name says which visit (and starts as it reads).
              ariaLabel: skipIn === "row" ? `Skip this visit, ${day}` : undefined,
            }
          : {
              label: `Cancel ${what}`,
              icon: XCircle,
              variant: "outline",
              className: "text-red-700 hover:bg-red-50 hover:text-red-800",
            }
      }
      title={skip ? <>Skip {day}?</> : <>Cancel this {what}?</>}
      description={
        <>
          {jobLabel(job.number)}: {servicesText}.{" "}
          {job.landscaperName
            ? `${job.landscaperName} will be told at once.`
            : "Our team will be told at once."}
        </>
      }
      onSubmit={onSubmit}
      submitLabel={
        feeCents > 0
          ? `${skip ? "Skip" : "Cancel"} and pay ${formatCents(feeCents)}`
          : skip
            ? "Skip visit"
            : `Cancel ${what}`
      }
      pendingLabel={skip ? "Skipping..." : "Cancelling..."}
      pending={cancel.isPending}
      submitVariant="destructive"
      cancelLabel={skip ? "Keep visit" : `Keep ${what}`}
    >
      {feeCents > 0 ? (
        <Alert variant="warning" data-testid="cancel-fee">
          <AlertDescription>
            The visit is less than 24 hours away, so {skip ? "skipping" : "cancelling"} it now costs{" "}
            {withArticle(feeCents)} cancellation fee, paid to your landscaper for the time they set aside
            {held
              ? `: it is taken from the ${formatCents(held.amountCents)} held on your card, and the rest is released.`
              : ", charged to your card."}
          </AlertDescription>
        </Alert>
      ) : booked ? (
        <p className="text-sm text-slate-600">
          {skip ? "Skipping" : "Cancelling"} now is free: nothing is charged to your card
          {held ? `, and the ${formatCents(held.amountCents)} held on it is released` : ""}.
          {skip ? " Your other visits stay as they are." : ""}
        </p>
      ) : null}
      <FormAlert message={form.formState.errors.root?.message} />
      {skip ? null : (
        <ReasonField
          form={form}
          name="reason"
          label="Why are you cancelling?"
          placeholder="For example: plans changed, found another provider…"
        />
      )}
    </FormDialog>
  );
}
