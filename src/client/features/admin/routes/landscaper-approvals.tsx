import { useEffect, useState } from "react";
import { type ApplicationStatusFilter, adminMessages } from "../../../../shared/admin";
import { todayInCharlotte } from "../../../../shared/dates";
import { exportFileName } from "../../../../shared/exports";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../lib/toast";
import { exportUrl, useApplications } from "../api/admin-api";
import { AdminPage } from "../components/admin-page";
import { ApplicationCard } from "../components/application-card";
import { AreaChangeList } from "../components/area-change-list";
import { ExportButton } from "../components/export-button";
import {
  FilterBar,
  FilterSelect,
  ListMessage,
  Pager,
  SearchField,
  useDebouncedValue,
  useKeysetPaging,
} from "../components/list-controls";

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
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<ApplicationStatusFilter>("pending");
  const q = useDebouncedValue(search.trim());
  const paging = useKeysetPaging(`${q}|${status}`);
  const applications = useApplications({ q, status }, paging.position);

  useEffect(() => {
    if (applications.isError) toast({ title: adminMessages.loadApplicationsFailed, variant: "destructive" });
  }, [applications.isError]);

  const items = applications.data?.items ?? [];
  return (
    <AdminPage
      title="Landscaper Applications"
      description="Check each applicant's details and documents, note what you found, then approve or deny."
    >
      {/* Above the filters: they search and filter applications, not these requests. */}
      <AreaChangeList />

      <FilterBar>
        <SearchField
          label="Search applications"
          value={search}
          onChange={setSearch}
          placeholder="Search by name or business..."
        />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={statusOptions} />
        <ExportButton
          url={exportUrl("landscapers.csv", { q, status })}
          fallbackName={exportFileName("landscapers", todayInCharlotte())}
          label="Export CSV"
        />
      </FilterBar>

      <section aria-labelledby="applications-heading" aria-busy={applications.isFetching}>
        <h2 id="applications-heading" className="sr-only">
          Applications
        </h2>
        {applications.isPending ? (
          <ListMessage>Loading applications...</ListMessage>
        ) : applications.isError ? (
          <ListMessage role="alert">
            <p>{adminMessages.loadApplicationsFailed}</p>
            <Button
              type="button"
              variant="outline"
              className="mt-4"
              onClick={() => void applications.refetch()}
            >
              Try again
            </Button>
          </ListMessage>
        ) : items.length === 0 ? (
          <ListMessage>{adminMessages.noApplications}</ListMessage>
        ) : (
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
      </section>

      <Pager
        label="Application pages"
        page={paging.page}
        data={applications.data}
        onNext={paging.next}
        onPrevious={paging.previous}
      />
    </AdminPage>
  );
}
