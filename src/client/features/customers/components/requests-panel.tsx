import { Plus } from "lucide-react";
import { LoadError } from "../../../components/load-error";
import { ButtonLink } from "../../../components/ui/button-link";
import { useCustomerJobs } from "../api/customer-jobs";
import { EmptyRequests } from "./empty-requests";
import { JobCard } from "./job-card";
import { PreviewNotice } from "./preview-notice";

/** The Dashboard tab: the customer's requests, newest first. */
export function RequestsPanel() {
  const jobs = useCustomerJobs();

  if (jobs.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading your requests">
        {[0, 1].map((i) => (
          <div key={i} className="h-48 animate-pulse rounded-xl border border-slate-200 bg-slate-100" />
        ))}
      </div>
    );
  }
  if (jobs.isError) {
    return (
      <LoadError title="We couldn't load your requests." query={jobs}>
        {jobs.error.message}
      </LoadError>
    );
  }

  const { preview } = jobs.data;
  const list = [...jobs.data.jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (list.length === 0) {
    return (
      <div className="grid gap-4">
        {preview ? <PreviewNotice /> : null}
        <EmptyRequests />
      </div>
    );
  }

  return (
    <section aria-labelledby="my-requests-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-requests-heading" className="text-lg font-semibold text-slate-900">
          My Requests <span className="font-normal text-slate-500">({list.length})</span>
        </h2>
        <ButtonLink to="/instant-quote" variant="outline" size="sm" icon={Plus}>
          New request
        </ButtonLink>
      </div>
      <ul className="grid gap-4">
        {list.map((job) => (
          <li key={job.id}>
            <JobCard job={job} />
          </li>
        ))}
      </ul>
    </section>
  );
}
