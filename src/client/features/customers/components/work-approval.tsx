import { CircleCheck } from "lucide-react";
import { formatCharlotteDateTime } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { formatCents } from "../../../../shared/services";
import { Button } from "../../../components/ui/button";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { ReportProblemDialog } from "../../proof";
import { useApproveWork } from "../api/job-actions";

/**
 * After the landscaper marks the job done: approve the work (its final price is charged) or report a problem
 * (nothing is charged until it is resolved); silence approves it when the approval window (job.approvalEndsAt,
 * set by the server) ends.
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
        problem and nothing is charged until it is resolved.
        {job.approvalEndsAt
          ? ` If we hear nothing by ${formatCharlotteDateTime(new Date(job.approvalEndsAt), "long")}, the work is approved.`
          : ""}
        {extraCents > 0
          ? ` The final price is ${formatCents(extraCents)} more than the ${formatCents(heldCents)} held: approving charges the difference too; if you do nothing, only the held amount is charged.`
          : ""}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
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
