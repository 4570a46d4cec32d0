import { Plus } from "lucide-react";
import { todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { LoadError } from "../../../components/load-error";
import { Skeleton } from "../../../components/skeleton";
import { ButtonLink } from "../../../components/ui/button-link";
import { useSession } from "../../../lib/session";
import { useCustomerJobs } from "../api/customer-jobs";
import { requestSections } from "../lib/request-sections";
import { groupSeries } from "../lib/series-list";
import { EmptyRequests } from "./empty-requests";
import { JobCard } from "./job-card";
import { PreviewNotice } from "./preview-notice";
import { SeriesPanels } from "./series-panel";
import { UnconfirmedRequests, unconfirmedRequests } from "./unconfirmed-requests";

/**
 * The Dashboard tab: the customer's recurring series (each with its upcoming visits), then their requests,
 * newest first (a series' later visits are listed in its panel rather than as cards).
 */
export function RequestsPanel() {
  const jobs = useCustomerJobs();
  const { user } = useSession();

  if (jobs.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading your requests">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-48 rounded-xl border border-slate-200" />
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
  const { groups, cards } = groupSeries(jobs.data.jobs, todayInCharlotte());
  const list = cards;
  const { needsYou, current, past } = requestSections(cards);
  const waiting = user
    ? unconfirmedRequests(
        user,
        jobs.data.jobs.map((job) => job.number),
      )
    : [];
  const unconfirmed = user ? <UnconfirmedRequests quotes={waiting} email={user.email} /> : null;
  if (list.length === 0) {
    return (
      <div className="grid gap-4">
        {preview ? <PreviewNotice /> : null}
        {waiting.length > 0 ? unconfirmed : <EmptyRequests />}
      </div>
    );
  }

  return (
    <div className="grid gap-8">
      {unconfirmed}
      <SeriesPanels groups={groups} />
      <section aria-labelledby="my-requests-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="my-requests-heading" className="text-lg font-semibold text-slate-900">
            My Requests <span className="font-normal text-slate-500">({list.length})</span>
          </h2>
          <ButtonLink to="/instant-quote" variant="outline" size="sm" icon={Plus}>
            New request
          </ButtonLink>
        </div>
        {needsYou.length > 0 ? (
          <CardList title="Needs your answer" jobs={needsYou} id="needs-you-heading" />
        ) : null}
        {current.length > 0 ? (
          <CardList
            title={needsYou.length > 0 ? "Other requests" : null}
            jobs={current}
            id="current-heading"
          />
        ) : null}
        {past.length > 0 ? (
          // Approved and cancelled requests fold away: the decisions above stay near the top.
          <details className="group rounded-xl border border-slate-200 bg-white" data-testid="past-requests">
            <summary className="cursor-pointer list-none px-4 py-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-5">
              <span className="group-open:hidden">Show</span>
              <span className="hidden group-open:inline">Hide</span> past requests ({past.length}): approved
              work and cancelled requests
            </summary>
            <Cards jobs={past} className="border-t border-slate-100 p-3 sm:p-4" />
          </details>
        ) : null}
      </section>
    </div>
  );
}

function CardList({ title, jobs, id }: { title: string | null; jobs: JobView[]; id: string }) {
  return (
    <section aria-labelledby={title ? id : undefined} className="grid gap-3">
      {title ? (
        <h3 id={id} className="text-base font-semibold text-slate-900">
          {title} <span className="font-normal text-slate-500">({jobs.length})</span>
        </h3>
      ) : null}
      <Cards jobs={jobs} />
    </section>
  );
}

function Cards({ jobs, className = "" }: { jobs: JobView[]; className?: string }) {
  return (
    <ul className={`grid gap-4 ${className}`}>
      {jobs.map((job) => (
        <li key={job.id}>
          <JobCard job={job} />
        </li>
      ))}
    </ul>
  );
}
