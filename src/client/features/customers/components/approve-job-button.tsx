import { CircleCheck, LoaderCircle } from "lucide-react";
import type { JobView } from "../../../../shared/jobs";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useApproveJob } from "../api/job-actions";

/** Accepts the landscaper's quoted price and date: the job becomes scheduled. */
export function ApproveJobButton({ job }: { job: JobView }) {
  const approve = useApproveJob();
  return (
    <Button
      type="button"
      disabled={approve.isPending}
      aria-busy={approve.isPending}
      onClick={async () => {
        try {
          const answer = await approve.mutateAsync(job.id);
          toast({ title: answer.message, variant: "success" });
        } catch (error) {
          toast({
            title: "Could not approve",
            description:
              error instanceof ApiError ? error.message : "Please check your connection and try again.",
            variant: "destructive",
          });
        }
      }}
    >
      {approve.isPending ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <CircleCheck className="size-4" aria-hidden="true" />
      )}
      {approve.isPending ? "Approving..." : "Approve price & date"}
    </Button>
  );
}
