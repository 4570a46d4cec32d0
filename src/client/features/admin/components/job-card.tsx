import { Star } from "lucide-react";
import type { AdminJobView } from "../../../../shared/admin";
import { formatShortDate } from "../../../../shared/dates";
import { formatCents, formatRange, jobLabel } from "../../../../shared/services";
import { MessagesButton } from "../../conversations";
import { PhotoGallery } from "../../proof";
import { JobStatusBadge } from "./status-badges";

function Rating({ value }: { value: number | null }) {
  // Spec 02 §3: no rating (or 0) reads N/A.
  if (!value) return <span className="text-slate-500">N/A</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span>
        {value}
        <span className="sr-only"> out of 5</span>
        <span aria-hidden="true">/5</span>
      </span>
    </span>
  );
}

/**
 * The job's money in one figure: its Total, a Scheduled visit's agreed price (nothing charged before the
 * work), or the estimate while no price is agreed.
 */
function JobPrice({ job }: { job: AdminJobView }) {
  const [amount, label] =
    job.totalCents !== null
      ? [formatCents(job.totalCents), "Total"]
      : job.statusGroup === "scheduled" && job.agreedCents != null
        ? [formatCents(job.agreedCents), "Agreed, not charged yet"]
        : [formatRange(job.estimateLowCents, job.estimateHighCents), "Estimate"];
  return (
    <p className="text-lg font-bold text-slate-900 tabular-nums sm:text-right">
      {amount}
      <span className="ml-1.5 text-xs font-normal text-slate-500 sm:ml-0 sm:block">{label}</span>
    </p>
  );
}

/** One job in the admin's job history: who, what, when, where it stands and what it earned. */
export function JobCard({ job }: { job: AdminJobView }) {
  const label = jobLabel(job.number);
  return (
    <article
      aria-label={`${label}, ${job.clientName}`}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900 tabular-nums">{label}</h3>
            <JobStatusBadge group={job.statusGroup} />
          </div>
          <p className="mt-1 text-sm text-slate-600">{job.services.join(", ")}</p>
        </div>
        <JobPrice job={job} />
      </div>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-3 text-sm sm:grid-cols-6">
        <div className="col-span-3 min-w-0 lg:col-span-2">
          <dt className="text-slate-500">Client</dt>
          <dd className="truncate font-medium text-slate-900">{job.clientName}</dd>
          <dd className="truncate text-slate-600">{job.clientEmail}</dd>
        </div>
        <div className="col-span-3 min-w-0 lg:col-span-1">
          <dt className="text-slate-500">Landscaper</dt>
          <dd className="font-medium break-words text-slate-900">
            {job.landscaperName ?? <span className="font-normal text-slate-500">Not assigned</span>}
          </dd>
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <dt className="text-slate-500">Date</dt>
          <dd className="font-medium text-slate-900">{formatShortDate(job.jobDate)}</dd>
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <dt className="text-slate-500">Rating</dt>
          <dd className="font-medium text-slate-900">
            <Rating value={job.rating} />
          </dd>
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <dt className="text-slate-500">Tip</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{formatCents(job.tipCents)}</dd>
        </div>
      </dl>
      {job.hasPhoto ? (
        <a
          href={`/api/jobs/${job.id}/photo`}
          target="_blank"
          rel="noopener noreferrer"
          className="self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          View the customer's photo
        </a>
      ) : null}
      {job.photos?.length ? (
        <PhotoGallery photos={job.photos} title="Photos of the work" subject={label} />
      ) : null}
      {job.hasLandscaper ? <MessagesButton jobId={job.id} canReport={false} className="self-start" /> : null}
      {job.cancelReason ? (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">Cancelled: {job.cancelReason}</p>
      ) : null}
    </article>
  );
}
