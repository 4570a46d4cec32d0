import { AdminPage } from "../components/admin-page";
import { JobHistory } from "../components/job-history";

export function meta() {
  return [{ title: "Job History | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

export default function JobsPage() {
  return (
    <AdminPage
      title="Job History"
      description="Every job request on the platform, newest first. Search by client, landscaper, service or job ID (JOB-1042)."
    >
      <JobHistory variant="full" />
    </AdminPage>
  );
}
