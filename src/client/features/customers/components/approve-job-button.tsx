import { CircleCheck } from "lucide-react";
import type { JobView } from "../../../../shared/jobs";
import { Button } from "../../../components/ui/button";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useApproveJob } from "../api/job-actions";

/** Accepts the landscaper's quoted price and date: the job becomes scheduled. */
export function ApproveJobButton({ job }: { job: JobView }) {
  const approve = useApproveJob();
  return (
    <Button
      type="button"
      onClick={async () => {
        try {
          const answer = await approve.mutateAsync(job.id);
          toast({ title: answer.message, variant: "success" });
        } catch (error) {
          toast({
            title: "Could not approve",
            description: failureMessage(error),
            variant: "destructive",
          });
        }
      }}
      pending={approve.isPending}
      pendingLabel="Approving..."
      icon={<CircleCheck className="size-4" aria-hidden="true" />}
    >
      Approve price & date
    </Button>
  );
}
