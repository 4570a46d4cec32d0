import { Inbox } from "lucide-react";
import { queueCountText, queueShowLabel, queueSortLine } from "../../../../../shared/job-queue";
import { EmptyState } from "../../../../components/empty-state";
import { Button } from "../../../../components/ui/button";
import { ButtonLink } from "../../../../components/ui/button-link";
import { FieldDayBanner, FieldJobNote, useFieldOutbox, withQueued } from "../../../field";
import { DayRequestsNotice } from "../../../series";
import { useLandscaperJobs } from "../../api/jobs";
import { useQueueFilters } from "../../hooks/use-queue-filters";
import { ListPanel } from "../list-panel";
import { laterVisitDates } from "../schedule/later-visits";
import { AssignmentsNotice } from "./assignments-notice";
import { DeclinedJobs } from "./declined-jobs";
import { JobCard } from "./job-card";
import { QueueFilterBar } from "./queue-filters";
import { StatTiles } from "./stat-tiles";

const lockedReasonId = "job-actions-locked";

interface JobQueuePanelProps {
  /** Master preview: bookings hidden, no actions. */
  preview: boolean;
  /** Only an approved landscaper may accept, decline or complete. */
  approved: boolean;
}

/**
 * The dashboard tab: the four counts (of everything) and the 'Job Queue', filtered, sorted and a page at a
 * time, with the requests this landscaper declined in a collapsed section of their own.
 */
export function JobQueuePanel({ preview, approved }: JobQueuePanelProps) {
  const filterState = useQueueFilters();
  const jobs = useLandscaperJobs(filterState.filters, true);
  // What this phone did without a network and has not sent yet shows as done (issue 37).
  const field = useFieldOutbox();
  const first = jobs.data?.pages[0];
  const pages = jobs.data?.pages ?? [];
  // Each page answers for its own series: a series first listed on a later page has its dates there.
  const data = first
    ? {
        ...first,
        jobs: pages.flatMap((page) => page.jobs).map((job) => withQueued(job, field.entries, field.urlOf)),
        seriesVisitDates: Object.assign({}, ...pages.map((page) => page.seriesVisitDates ?? {})) as Record<
          string,
          string[]
        >,
      }
    : undefined;
  const canAct = approved && !preview && data?.preview !== true;
  const anyJobs = data ? data.stats.total + data.stats.cancelled + data.stats.declined > 0 : false;

  return (
    <div className="grid gap-6">
      {/* Customers' asks for another weekday come first, whatever the filters and page show. */}
      <FieldDayBanner entries={field.entries} shownJobIds={new Set(data?.jobs.map((job) => job.id))} />
      <DayRequestsNotice enabled={canAct} />
      <AssignmentsNotice enabled={canAct} />
      <StatTiles stats={data?.stats} />

      <ListPanel
        title="Job Queue"
        description="New requests in your service area and the jobs you've taken."
        preview={preview}
        answeredPreview={data?.preview}
        previewNote="Bookings are hidden and job actions are disabled in preview mode."
        query={jobs}
        refreshLabel="Refresh the job queue"
        loadingText="Loading jobs..."
        errorTitle="We couldn't load your jobs"
        headerClassName="flex items-center justify-between gap-3"
        notice={
          !canAct && !preview && data && anyJobs ? (
            <p
              id={lockedReasonId}
              className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 sm:px-6"
            >
              Job actions unlock once your application is approved.
            </p>
          ) : null
        }
        after={
          data && !data.preview ? (
            <DeclinedJobs jobs={data.declined} count={data.stats.declined} canAct={canAct} />
          ) : null
        }
      >
        {data && anyJobs ? (
          <div className="grid gap-4">
            <QueueFilterBar state={filterState} distances={data.distances} />
            {/* The list's name and order above its count, at every width: on a phone the 'Show' filter folds
                away behind 'Filters', and "Showing 20 of 26 jobs" alone did not say of what. */}
            <div aria-live="polite" className="grid gap-0.5 text-sm">
              <p className="font-medium text-slate-900">
                {queueShowLabel[filterState.filters.show]}
                <span className="font-normal text-slate-500">
                  {" "}
                  · {queueSortLine[filterState.filters.sort]}
                </span>
              </p>
              <p className="text-slate-600">
                {data.matching === 0
                  ? filterState.active
                    ? "No jobs match these filters."
                    : "No new requests or jobs of yours right now."
                  : `Showing ${data.jobs.length} of ${queueCountText(data.matching)} ${data.matching === 1 ? "job" : "jobs"}.`}
              </p>
            </div>
            {data.jobs.length > 0 ? (
              // The list grows with the page: a fixed-height inner scroll box showed a card and a half at
              // 1280 px, and "Load more" brings the next page.
              <section aria-label="Job Queue">
                <ul className="grid gap-3">
                  {data.jobs.map((job) => (
                    <li key={job.id}>
                      <JobCard
                        job={job}
                        canAct={canAct}
                        lockedReasonId={lockedReasonId}
                        laterDates={laterVisitDates(job, data.seriesVisitDates)}
                        fieldNote={<FieldJobNote jobId={job.id} entries={field.entries} />}
                      />
                    </li>
                  ))}
                </ul>
                {jobs.hasNextPage ? (
                  <div className="flex justify-center pt-3">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => void jobs.fetchNextPage()}
                      pending={jobs.isFetchingNextPage}
                      disabled={jobs.isFetchingNextPage}
                    >
                      Load more
                    </Button>
                  </div>
                ) : null}
              </section>
            ) : null}
          </div>
        ) : (
          <EmptyState
            icon={Inbox}
            title="No Jobs Yet"
            titleAs="h3"
            className="py-10"
            actions={
              approved ? (
                <ButtonLink to="?tab=profile" variant="outline" size="sm">
                  Edit service area
                </ButtonLink>
              ) : null
            }
          >
            {approved
              ? "New requests in your service area will appear here. Widen your service area to see more."
              : "Once your application is approved, new requests in your service area will appear here."}
          </EmptyState>
        )}
      </ListPanel>
    </div>
  );
}
