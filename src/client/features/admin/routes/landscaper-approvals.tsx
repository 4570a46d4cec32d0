import { type ApplicationStatusFilter, adminMessages } from "../../../../shared/admin";
import { todayInCharlotte } from "../../../../shared/dates";
import { exportFileName } from "../../../../shared/exports";
import { exportUrl, useApplications } from "../api/admin-api";
import { AdminPage } from "../components/admin-page";
import { ApplicationCard } from "../components/application-card";
import { AreaChangeList } from "../components/area-change-list";
import { ExportButton } from "../components/export-button";
import { FilteredList } from "../components/filtered-list";
import { useListFilters } from "../components/list-controls";

export function meta() {
  return [{ title: "Landscaper Approvals | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

const statusOptions: { value: ApplicationStatusFilter; label: string }[] = [
  { value: "all", label: "All applications" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "denied", label: "Denied" },
];

export default function LandscaperApprovalsPage() {
  const list = useListFilters<ApplicationStatusFilter>("pending");
  const { q, filter: status, paging } = list;
  const applications = useApplications({ q, status }, paging.position);
  return (
    <AdminPage
      title="Landscaper Applications"
      description="Check each applicant's details and documents, note what you found, then approve or deny."
    >
      {/* Above the filters: they search and filter applications, not these requests. */}
      <AreaChangeList />

      <FilteredList
        list={list}
        search={{ label: "Search applications", placeholder: "Search by name or business..." }}
        filter={{ label: "Status", options: statusOptions }}
        exportButton={
          <ExportButton
            url={exportUrl("landscapers.csv", { q, status })}
            fallbackName={exportFileName("landscapers", todayInCharlotte())}
            label="Export CSV"
          />
        }
        heading={{ id: "applications-heading", text: "Applications" }}
        query={applications}
        states={{
          loading: "Loading applications...",
          failed: adminMessages.loadApplicationsFailed,
          failedToast: { title: adminMessages.loadApplicationsFailed, variant: "destructive" },
          empty: adminMessages.noApplications,
        }}
        pagerLabel="Application pages"
      >
        {(items) => (
          <div className="grid gap-4 md:grid-cols-2">
            {items.map((application) => (
              // Keyed by status too: after a decision the card starts from the saved notes.
              <ApplicationCard
                key={`${application.userId}-${application.status}`}
                application={application}
              />
            ))}
          </div>
        )}
      </FilteredList>
    </AdminPage>
  );
}
