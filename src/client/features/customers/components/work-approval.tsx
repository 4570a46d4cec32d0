import { CircleCheck } from "lucide-react";
import { useId, useState } from "react";
import { formatCharlotteDateTime } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { formatCents } from "../../../../shared/services";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { ReportProblemDialog } from "../../proof";
import { useApproveWork } from "../api/job-actions";

/**
 * After the landscaper marks the job done: approve the work (its final price is charged) or report a problem
 * (nothing is charged until it is resolved); silence approves it when the approval window (job.approvalEndsAt,
 * set by the server) ends. A final price above the agreed one is a request: the customer approves the work at
 * the new price or at the agreed one, and silence charges the agreed one.
 */
export function WorkApproval({ job }: { job: JobView }) {
  const approve = useApproveWork();
  const priceCents = job.finalPriceCents ?? job.quotedPriceCents ?? 0;
  const price = formatCents(priceCents);
  const request = job.priceRequest?.answer === "pending" ? job.priceRequest : null;
  const who = job.landscaperName ?? "Your landscaper";
  const deadline = job.approvalEndsAt ? formatCharlotteDateTime(new Date(job.approvalEndsAt), "long") : null;
  // The public gallery (issue 36) shows only after-photos their customer allowed, asked here and nowhere else.
  const hasAfterPhotos = (job.photos ?? []).some((p) => p.kind === "after");
  const [showPhotos, setShowPhotos] = useState(false);
  const consentId = useId();

  const approveAt = async (acceptNewPrice: boolean) => {
    try {
      const answer = await approve.mutateAsync({
        jobId: job.id,
        acceptNewPrice,
        showPhotos: hasAfterPhotos && showPhotos,
      });
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      toast({
        title: "Could not approve the work",
        description: failureMessage(error),
        variant: "destructive",
      });
    }
  };
  const pendingChoice = approve.isPending ? approve.variables?.acceptNewPrice === true : null;

  return (
    <div
      className="grid gap-3 border-t border-slate-100 bg-amber-50/60 px-4 py-4 sm:px-5"
      data-testid="work-approval"
    >
      {request ? (
        <div className="grid gap-1.5 text-sm text-slate-800">
          <p>
            <strong className="font-semibold">{who}</strong> marked this job done and asks{" "}
            <strong className="font-semibold">{formatCents(request.requestedCents)}</strong> instead of the
            agreed <strong className="font-semibold">{price}</strong>: “{request.reason}”
          </p>
          <p>
            Approve the work at the agreed price or at the new one; the higher price is charged only if you
            choose it. Or report a problem, and nothing is charged until it is resolved.
            {deadline
              ? ` If we hear nothing by ${deadline}, the work is approved at the agreed ${price} and your card is charged that.`
              : ""}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-800">
          <strong className="font-semibold">{who}</strong> marked this job done at{" "}
          <strong className="font-semibold">{price}</strong>. Approve the work to pay it, or report a problem
          and nothing is charged until it is resolved.
          {deadline
            ? ` If we hear nothing by ${deadline}, the work is approved and your card is charged ${price}.`
            : ""}
        </p>
      )}
      {hasAfterPhotos ? (
        <div className="flex items-start gap-3">
          <Checkbox
            id={consentId}
            checked={showPhotos}
            onCheckedChange={(value) => setShowPhotos(value === true)}
            className="mt-0.5"
          />
          <label htmlFor={consentId} className="text-sm text-slate-800">
            Let {who} show this job&rsquo;s after-photos on their public profile. Your name and address are
            never shown with them.
          </label>
        </div>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          type="button"
          icon={<CircleCheck className="size-4" aria-hidden="true" />}
          pending={pendingChoice === false}
          disabled={approve.isPending}
          pendingLabel="Approving..."
          onClick={() => approveAt(false)}
        >
          {request ? `Approve at agreed price · ${price}` : `Approve work · ${price}`}
        </Button>
        {request ? (
          <Button
            type="button"
            variant="outline"
            icon={<CircleCheck className="size-4" aria-hidden="true" />}
            pending={pendingChoice === true}
            disabled={approve.isPending}
            pendingLabel="Approving..."
            onClick={() => approveAt(true)}
          >
            Approve new price · {formatCents(request.requestedCents)}
          </Button>
        ) : null}
        <ReportProblemDialog job={job} />
      </div>
    </div>
  );
}
