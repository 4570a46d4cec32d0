import { ArrowRight } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { adminMessages, type JobStatusFilter } from "../../../../shared/admin";
import { todayInCharlotte } from "../../../../shared/dates";
import { exportFileName } from "../../../../shared/exports";
import { Button } from "../../../components/ui/button";
import { exportUrl, useAdminJobs } from "../api/admin-api";
import { ExportButton } from "./export-button";
import { FilteredList } from "./filtered-list";
import { JobCard } from "./job-card";
import { useListFilters } from "./list-controls";

const fullOptions: { value: JobStatusFilter; label: string }[] = [
  { value: "all", label: "All statuses" },
  { value: "completed", label: "Completed" },
  { value: "scheduled", label: "Scheduled" },
  { value: "in_progress", label: "In Progress" },
  { value: "pending", label: "Pending" },
  { value: "cancelled", label: "Cancelled" },
];
// Spec 02 §5: the dashboard card offers all, completed, in progress and cancelled.
const dashboardOptions = fullOptions.filter((option) => option.value !== "pending");

/** How many of the latest matching jobs the dashboard card shows. */
const DASHBOARD_JOBS = 5;

/**
 * Search, status filter, CSV download and the matching jobs, newest first. The dashboard shows the latest
 * five with a link to the full history; /admin/jobs pages through all of them.
 */
export function JobHistory({ variant }: { variant: "dashboard" | "full" }) {
  // Admin → Users links here with ?q= (a customer's email, a pro's name) to show that person's jobs.
  const [params] = useSearchParams();
  const list = useListFilters<JobStatusFilter>(
    "all",
    variant === "full" ? (params.get("q")?.slice(0, 100) ?? "") : "",
  );
  const { q, filter: status, paging } = list;
  const dashboard = variant === "dashboard";
  const jobs = useAdminJobs(
    { q, status },
    dashboard ? {} : paging.position,
    dashboard ? DASHBOARD_JOBS : undefined,
  );

  return (
    <div className="grid gap-4">
      <FilteredList
        list={list}
        search={{ label: "Search jobs", placeholder: "Search jobs, clients, or landscapers..." }}
        filter={{ label: "Status", options: dashboard ? dashboardOptions : fullOptions }}
        exportButton={
          <ExportButton
            url={exportUrl("jobs.csv", { q, status })}
            fallbackName={exportFileName("jobs", todayInCharlotte())}
            success={(file) => ({
              title: adminMessages.jobsExported,
              ...(file.records !== null
                ? { description: adminMessages.jobsExportedCount(file.records) }
                : {}),
            })}
          />
        }
        // On the dashboard the card's own h2 names the list; on /admin/jobs this one does.
        heading={dashboard ? null : { id: "jobs-heading", text: "Jobs" }}
        query={jobs}
        sectionClassName="grid gap-3"
        states={{
          loading: adminMessages.loadingJobs,
          failed: adminMessages.loadJobsFailed,
          failedToast: { title: "Error", description: adminMessages.loadJobsFailed, variant: "destructive" },
          empty: adminMessages.noJobs,
        }}
        pagerLabel={dashboard ? undefined : "Job history pages"}
        after={
          <div>
            <Button asChild variant="link" className="h-auto px-0">
              <Link to="/admin/jobs">
                View full job history
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
          </div>
        }
      >
        {(items) => items.map((job) => <JobCard key={job.id} job={job} />)}
      </FilteredList>
    </div>
  );
}
