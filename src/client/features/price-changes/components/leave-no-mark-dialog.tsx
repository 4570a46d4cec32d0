import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { withdrawJobSchema } from "../../../../shared/jobs";
import { seriesLabel } from "../../../../shared/recurring";
import { jobLabel } from "../../../../shared/services";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { failureMessage, showServerFieldErrors } from "../../../lib/form-errors";
import type { JobActionProps } from "../../../lib/job-action-props";
import { toast } from "../../../lib/toast";
import { useLeaveAfterDecline } from "../api/price-changes";

type ReasonInput = z.input<typeof withdrawJobSchema>;

/**
 * After the customer declined the landscaper's price change: leave the job (a series visit: the series) with no
 * mark on their record, the customer told why. In place of the card's usual Withdraw or Leave series.
 */
export function LeaveNoMarkDialog({ job, disabled, describedBy }: JobActionProps) {
  const leave = useLeaveAfterDecline();
  const form = useForm<ReasonInput, unknown, ReasonInput>({
    resolver: zodResolver(withdrawJobSchema, undefined, { raw: true }),
    defaultValues: { reason: "" },
  });
  const { dialog, close } = useDialogState({ locked: leave.isPending, onClose: () => form.clearErrors() });
  const series = job.series ?? null;
  const customer = job.contactHidden || !job.customerName ? "The customer" : job.customerName;
  // An offer the customer has not booked yet is withdrawn; a booking is left (a series: the whole series).
  const offer = job.status === "accepted";
  const label = `${series && !offer ? "Leave series" : offer && series ? "Withdraw offer" : "Withdraw"} (no mark on your record)`;
  const what = series && !offer ? "leaving" : "withdrawing";
  const after = offer
    ? "They are told at once, and the request goes back to the queue for other landscapers."
    : series
      ? "They are told at once; the next visit goes back to the queue for another landscaper, your later visits are cancelled and nothing held for them stays on the customer's card. A visit you have arrived at stays yours."
      : "They are told at once and the job is open to other landscapers again; anything held on their card is released.";

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await leave.mutateAsync({ job, reason: values.reason });
      toast({ title: answer.message, variant: "success" });
      close();
    } catch (error) {
      if (showServerFieldErrors(form.setError, error, ["reason"])) return;
      form.setError("root", { message: failureMessage(error) });
    }
  });

  return (
    <FormDialog
      dialog={dialog}
      trigger={{
        label,
        size: "sm",
        variant: "outline",
        className: "border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800",
        disabled,
        describedBy,
      }}
      title={
        series && !offer ? (
          <>Leave {seriesLabel(series.number)}?</>
        ) : (
          <>
            Withdraw {offer ? "your offer for" : "from"} {jobLabel(job.number)}?
          </>
        )
      }
      description={
        <>
          {customer} declined your price change, so {what} leaves no mark on your record. {after}
        </>
      }
      onSubmit={onSubmit}
      submitLabel={series && !offer ? "Leave series" : "Withdraw"}
      pendingLabel={series && !offer ? "Leaving..." : "Withdrawing..."}
      pending={leave.isPending}
      submitVariant="destructive"
      cancelLabel="Keep the job"
    >
      <ReasonField
        form={form}
        name="reason"
        label={series && !offer ? "Why are you leaving?" : "Why are you withdrawing?"}
        description="The customer reads this."
        placeholder="For example: I can't do it at the agreed price."
      />
      <FormAlert message={form.formState.errors.root?.message} />
    </FormDialog>
  );
}
