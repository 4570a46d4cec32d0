import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, Flag } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { formatCharlotteDateTime } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { reportProblemSchema, WORK_APPROVAL_HOURS } from "../../../../shared/payments";
import { formatCents, jobLabel } from "../../../../shared/services";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Textarea } from "../../../components/ui/textarea";
import { failureMessage, showServerFieldErrors } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useApproveWork, useReportProblem } from "../api/job-actions";

/** "Saturday, Nov 28 at 3:40 PM", Charlotte time. */
function deadlineText(completedAt: string): string {
  const deadline = new Date(new Date(completedAt).getTime() + WORK_APPROVAL_HOURS * 3_600_000);
  return formatCharlotteDateTime(deadline, "long");
}

/**
 * After the landscaper marks the job done: approve the work (its final price is charged) or report a problem
 * (nothing is charged until our team has looked); silence approves it 48 hours after completion.
 */
export function WorkApproval({ job }: { job: JobView }) {
  const approve = useApproveWork();
  const priceCents = job.finalPriceCents ?? job.quotedPriceCents ?? 0;
  const price = formatCents(priceCents);
  const heldCents = job.payment?.status === "held" ? job.payment.amountCents : 0;
  const extraCents = heldCents > 0 ? priceCents - heldCents : 0;
  return (
    <div
      className="grid gap-3 border-t border-slate-100 bg-amber-50/60 px-4 py-4 sm:px-5"
      data-testid="work-approval"
    >
      <p className="text-sm text-slate-800">
        <strong className="font-semibold">{job.landscaperName ?? "Your landscaper"}</strong> marked this job
        done at <strong className="font-semibold">{price}</strong>. Approve the work to pay it, or report a
        problem and nothing is charged until our team has looked.
        {job.completedAt
          ? ` If we hear nothing by ${deadlineText(job.completedAt)}, the work is approved.`
          : ""}
        {extraCents > 0
          ? ` The final price is ${formatCents(extraCents)} more than the ${formatCents(heldCents)} held: approving charges the difference too; if you do nothing, only the held amount is charged.`
          : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          icon={<CircleCheck className="size-4" aria-hidden="true" />}
          pending={approve.isPending}
          pendingLabel="Approving..."
          onClick={async () => {
            try {
              const answer = await approve.mutateAsync(job.id);
              toast({ title: answer.message, variant: "success" });
            } catch (error) {
              toast({
                title: "Could not approve the work",
                description: failureMessage(error),
                variant: "destructive",
              });
            }
          }}
        >
          Approve work · {price}
        </Button>
        <ReportProblemDialog job={job} />
      </div>
    </div>
  );
}

type ReportInput = z.input<typeof reportProblemSchema>;
type ReportValues = z.output<typeof reportProblemSchema>;

function ReportProblemDialog({ job }: { job: JobView }) {
  const [open, setOpen] = useState(false);
  const report = useReportProblem();
  const form = useForm<ReportInput, unknown, ReportValues>({
    resolver: zodResolver(reportProblemSchema),
    defaultValues: { note: "" },
  });
  const onSubmit = form.handleSubmit(async ({ note }) => {
    try {
      const answer = await report.mutateAsync({ jobId: job.id, note });
      toast({ title: answer.message, variant: "success" });
      setOpen(false);
    } catch (error) {
      showServerFieldErrors(form.setError, error, ["note"], { focus: false });
      toast({
        title: "Could not send your report",
        description: failureMessage(error),
        variant: "destructive",
      });
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      trigger={
        <Button type="button" variant="outline" icon={<Flag className="size-4" aria-hidden="true" />}>
          Report a problem
        </Button>
      }
      title={<>Report a problem with {jobLabel(job.number)}</>}
      description="Our team reads every report and contacts you and the landscaper. Nothing is charged to your card until it is resolved."
      onSubmit={onSubmit}
      submitLabel="Send report"
      pendingLabel="Sending..."
      pending={report.isPending}
      cancelLabel="Back"
    >
      <FormField label="What went wrong?" required error={form.formState.errors.note?.message}>
        <Textarea
          rows={4}
          maxLength={2000}
          placeholder="For example: the back yard was not mowed, a flower bed was damaged…"
          aria-required="true"
          {...form.register("note")}
        />
      </FormField>
    </FormDialog>
  );
}
