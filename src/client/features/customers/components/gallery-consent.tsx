import type { OkAnswer } from "../../../../shared/answers";
import type { JobView } from "../../../../shared/jobs";
import { Button } from "../../../components/ui/button";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { postJob, useJobChange } from "../../proof";

/**
 * After the work is approved: whether this job's after-photos may appear on the landscaper's public profile
 * (issue 36), and a button to change it. Nothing else of the job is ever shown there.
 */
export function GalleryConsent({ job }: { job: JobView }) {
  const change = useJobChange((show: boolean) => postJob<OkAnswer>(job.id, "gallery-consent", { show }));
  const hasAfter = (job.photos ?? []).some((p) => p.kind === "after");
  if (!job.workApprovedAt || !hasAfter || job.photosShown === undefined) return null;
  const who = job.landscaperName ?? "your landscaper";
  const toggle = async () => {
    try {
      const answer = await change.mutateAsync(!job.photosShown);
      toast({ title: answer.message ?? "Saved.", variant: "success" });
    } catch (error) {
      toast({ title: "Couldn't change that", description: failureMessage(error), variant: "destructive" });
    }
  };
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
      <p>
        {job.photosShown
          ? `The after-photos may appear on ${who}'s public profile, without your name or address.`
          : `The after-photos are not shown on ${who}'s public profile.`}
      </p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        pending={change.isPending}
        pendingLabel="Saving..."
        onClick={toggle}
      >
        {job.photosShown ? "Stop showing them" : "Let them be shown"}
      </Button>
    </div>
  );
}
