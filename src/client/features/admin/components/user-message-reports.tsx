import { MessageSquareWarning } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { USER_MESSAGE_REPORTS_SHOWN } from "../../../../shared/account-actions";
import type { AdminUserView } from "../../../../shared/admin";
import { formatCharlotteDateTime } from "../../../../shared/dates";
import { jobLabel } from "../../../../shared/services";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "../../../components/ui/dialog";
import { useUserMessageReports } from "../api/accounts-api";

/**
 * Admin → Users' "Message reports" (issue 38): the reports this account made and the ones about its messages,
 * each linking to the conversation on Resolutions. Read only when opened.
 */
export function UserMessageReports({ user }: { user: AdminUserView }) {
  const [open, setOpen] = useState(false);
  const reports = useUserMessageReports(user.id, open);
  const items = reports.data?.reports ?? [];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          icon={<MessageSquareWarning className="size-4" aria-hidden="true" />}
        >
          Message reports<span className="sr-only"> of {user.email}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title={`Message reports: ${user.name}`}
          description={`Reports ${user.email} made, and reports about their messages, newest first (at most ${USER_MESSAGE_REPORTS_SHOWN}).`}
        />
        {reports.isPending ? <p className="text-sm text-slate-600">Loading reports...</p> : null}
        {reports.isError ? <LoadError title="The reports could not be loaded." query={reports} /> : null}
        {reports.isSuccess && items.length === 0 ? (
          <p className="text-sm text-slate-600">No message reports involve this account.</p>
        ) : null}
        {items.length > 0 ? (
          <ul className="grid max-h-96 gap-3 overflow-y-auto" data-testid="user-message-reports">
            {items.map((report) => (
              <li
                key={`${report.jobId}-${report.reportedAt}`}
                className="grid gap-1 rounded-lg border border-slate-200 p-3 text-sm"
              >
                <p className="font-medium text-slate-900">
                  {report.byThisUser
                    ? `They reported ${report.senderName}'s message`
                    : `${report.reporterName} reported their message`}{" "}
                  · {jobLabel(report.jobNumber)}
                </p>
                <p className="break-words text-slate-700">“{report.body}”</p>
                <p className="text-slate-600">
                  Reason: {report.reason} ·{" "}
                  <time dateTime={report.reportedAt}>
                    {formatCharlotteDateTime(new Date(report.reportedAt))}
                  </time>
                </p>
                <Link
                  to={`/admin/resolutions?conversation=${encodeURIComponent(report.jobId)}`}
                  className="w-fit rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  Open the conversation<span className="sr-only"> of {jobLabel(report.jobNumber)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
