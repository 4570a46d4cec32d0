import { ChevronRight } from "lucide-react";
import { formatShortDate } from "../../../../../shared/dates";
import type { JobView } from "../../../../../shared/jobs";
import { jobLabel, serviceName } from "../../../../../shared/services";
import { Button } from "../../../../components/ui/button";
import { toast } from "../../../../lib/toast";
import { useJobAction } from "../../api/jobs";
import { reportActionError } from "./job-action-dialogs";
import { milesLabel } from "./job-card-text";

function DeclinedJob({ job, canAct }: { job: JobView; canAct: boolean }) {
  const undo = useJobAction();
  async function onUndo() {
    try {
      const answer = await undo.mutateAsync({ jobId: job.id, action: "undo-decline" });
      toast({ title: answer.message });
    } catch (error) {
      reportActionError(error);
    }
  }
  const what = `${jobLabel(job.number)}, ${job.area ?? job.zipCode}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="grid min-w-0 gap-0.5 text-sm">
        <p className="font-medium text-slate-900">
          {job.area ?? job.zipCode}{" "}
          <span className="font-normal text-slate-500">· {jobLabel(job.number)}</span>
        </p>
        <p className="text-slate-600">
          {job.services.map(serviceName).join(", ")} · Preferred {formatShortDate(job.preferredDate)}
          {job.distanceMiles != null ? ` · ${milesLabel(job.distanceMiles)}` : ""}
        </p>
      </div>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={!canAct || undo.isPending}
        pending={undo.isPending}
        onClick={() => void onUndo()}
        aria-label={`Undo decline of ${what}`}
      >
        Undo decline
      </Button>
    </li>
  );
}

/**
 * The requests this landscaper declined that are still open: out of the way (collapsed), counted apart from
 * the tiles, and each can go back to the new requests until someone takes it.
 */
export function DeclinedJobs({ jobs, count, canAct }: { jobs: JobView[]; count: number; canAct: boolean }) {
  if (count === 0) return null;
  return (
    <details className="group border-t border-slate-200 px-4 py-3 sm:px-6">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md py-1 text-sm font-semibold text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        Declined by you ({count})
      </summary>
      <p className="mt-1 text-sm text-slate-600">
        These stay open for other landscapers. Undo a decline to put the request back in your queue.
      </p>
      <ul className="divide-y divide-slate-100">
        {jobs.map((job) => (
          <DeclinedJob key={job.id} job={job} canAct={canAct} />
        ))}
      </ul>
      {count > jobs.length ? (
        <p className="pt-2 text-sm text-slate-600">
          Showing the {jobs.length} most recently declined of {count}.
        </p>
      ) : null}
    </details>
  );
}
