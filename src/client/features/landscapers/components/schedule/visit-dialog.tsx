import { useRef } from "react";
import { LoadError } from "../../../../components/load-error";
import { Dialog, DialogContent, DialogHeading } from "../../../../components/ui/dialog";
import { ApiError } from "../../../../lib/api-client";
import { useLandscaperJob } from "../../api/schedule";
import { dayLabel } from "../../lib/schedule-text";
import { JobCard } from "../queue/job-card";

/** The visit the schedule opened: its job, what the dialog's title and description say, where focus returns. */
export interface OpenVisit {
  jobId: string;
  /** The day the schedule showed it on, which `description` names. */
  date: string;
  title: string;
  description: string;
  /** The visit's button; if the visit has left the schedule meanwhile (completed, withdrawn), `fallback`. */
  opener: HTMLElement;
  fallback: () => HTMLElement | null;
}

const lockedReasonId = "visit-actions-locked";

/**
 * The heading's line: the day and stop the schedule showed, until the visit is moved from that day in the
 * dialog (its Move visit button); then the day it is on now, as its card says (the stop is the new day's
 * business, and the schedule behind shows it).
 */
function describe(visit: OpenVisit | null, scheduledDate: string | null | undefined): string | undefined {
  if (!visit) return undefined;
  if (!scheduledDate || scheduledDate === visit.date) return visit.description;
  return `Moved to ${dayLabel(scheduledDate)} (was ${dayLabel(visit.date)})`;
}

/**
 * A visit of the schedule opened on the spot: its job card, as the queue shows it, with the same actions (on
 * my way, arrived, complete, messages, withdraw). Closing it returns focus to the visit.
 */
export function VisitDialog({
  visit,
  onClose,
  canAct,
}: {
  visit: OpenVisit | null;
  onClose: () => void;
  canAct: boolean;
}) {
  // The dialog closes (and returns focus) after the parent has already let go of the visit: keep the last one.
  const last = useRef<OpenVisit | null>(null);
  if (visit) last.current = visit;
  const job = useLandscaperJob(visit?.jobId ?? null);
  return (
    <Dialog open={visit !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-w-2xl gap-3 bg-slate-50 p-4 sm:p-6"
        // Opened without a DialogTrigger, so Radix has nothing to return focus to: back to the visit.
        onCloseAutoFocus={(event) => {
          const closed = last.current;
          if (!closed) return;
          event.preventDefault();
          (closed.opener.isConnected ? closed.opener : closed.fallback())?.focus();
        }}
      >
        <DialogHeading
          title={last.current?.title}
          description={describe(last.current, job.data?.job.scheduledDate)}
        />
        {canAct ? null : (
          <p id={lockedReasonId} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Job actions unlock once your application is approved.
          </p>
        )}
        {job.isPending ? (
          <p role="status" className="py-8 text-center text-sm text-slate-600">
            Loading the job...
          </p>
        ) : job.error instanceof ApiError && job.error.code === "not_found" ? (
          // Released or withdrawn from this dialog (or reassigned meanwhile): not an error to try again.
          <p role="status" className="py-8 text-center text-sm text-slate-600">
            This job is no longer yours, so it has left your schedule.
          </p>
        ) : job.isError ? (
          <LoadError title="We couldn't load this job" query={job} />
        ) : (
          <JobCard job={job.data.job} canAct={canAct} lockedReasonId={lockedReasonId} titled />
        )}
      </DialogContent>
    </Dialog>
  );
}
