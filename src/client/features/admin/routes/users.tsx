import { ShieldPlus } from "lucide-react";
import { Link } from "react-router";
import { type AdminUserView, adminMessages, type UserRoleFilter } from "../../../../shared/admin";
import { todayInCharlotte } from "../../../../shared/dates";
import { exportFileName } from "../../../../shared/exports";
import { useAreaUser } from "../../../areas/area-layout";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Badge } from "../../../components/ui/badge";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { CustomerAverageLine } from "../../reviews";
import { exportUrl, useAdminUsers, usePromoteUser } from "../api/admin-api";
import { AccountActionDialog } from "../components/account-action-dialog";
import { AdminPage } from "../components/admin-page";
import { ExportButton } from "../components/export-button";
import { FilteredList } from "../components/filtered-list";
import { useListFilters } from "../components/list-controls";
import { PausedBadge, ReliabilityLine } from "../components/reliability-figures";
import { RoleBadge, UserStatusBadge } from "../components/status-badges";
import { UserMessageReports } from "../components/user-message-reports";
import { formatDate } from "../lib/format";

export function meta() {
  return [{ title: "User Management | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

const roleOptions: { value: UserRoleFilter; label: string }[] = [
  { value: "all", label: "All roles" },
  { value: "customer", label: "Customers" },
  { value: "landscaper", label: "Landscapers" },
  { value: "admin", label: "Admins" },
];

/** 'Promote to Admin' behind the spec's confirmation (02 §5); since issue 38 another admin can revoke it. */
function PromoteButton({ user }: { user: AdminUserView }) {
  const promote = usePromoteUser();
  const confirm = async (close: () => void) => {
    try {
      await promote.mutateAsync(user.id);
      toast({ title: adminMessages.promoted(user.email), variant: "success" });
    } catch (error) {
      toast({
        title: adminMessages.promoteFailed,
        ...(error instanceof ApiError ? { description: error.message } : {}),
        variant: "destructive",
      });
    } finally {
      close();
    }
  };
  return (
    <ConfirmDialog
      trigger={{
        label: (
          <>
            Promote to Admin<span className="sr-only">: {user.email}</span>
          </>
        ),
        icon: ShieldPlus,
        variant: "outline",
        size: "sm",
      }}
      title="Promote to Admin"
      description={adminMessages.promoteConfirm(user.email)}
      confirmLabel="Promote"
      pending={promote.isPending}
      onConfirm={confirm}
    />
  );
}

/** Whether Promote to Admin is offered: never to an admin, a suspended account or a pending application. */
function canPromote(user: AdminUserView): boolean {
  return !user.isAdmin && !user.suspended && !(user.role === "landscaper" && user.status === "pending");
}

const linkClass =
  "rounded-sm text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/** What an admin can do to the account, and where its jobs, money and record are (issue 38). */
function UserActions({ user, selfId }: { user: AdminUserView; selfId: string }) {
  const self = user.id === selfId;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canPromote(user) ? <PromoteButton user={user} /> : null}
      {user.adminByRole && !self ? <AccountActionDialog user={user} action="revoke-admin" /> : null}
      {!user.isAdmin && !self ? (
        <AccountActionDialog
          key={user.suspended ? "reinstate" : "suspend"}
          user={user}
          action={user.suspended ? "reinstate" : "suspend"}
        />
      ) : null}
      {!user.emailVerified ? <AccountActionDialog user={user} action="resend-confirmation" /> : null}
      <UserMessageReports user={user} />
      <span className="flex flex-wrap gap-x-3 gap-y-1">
        {/* Jobs are found by the customer's email or the pro's name (job search reads both). */}
        <Link
          to={`/admin/jobs?q=${encodeURIComponent(user.role === "landscaper" ? user.name : user.email)}`}
          className={linkClass}
        >
          Jobs<span className="sr-only"> of {user.email}</span>
        </Link>
        <Link
          to={`/admin/payments?user=${encodeURIComponent(user.id)}&name=${encodeURIComponent(user.email)}`}
          className={linkClass}
        >
          Payments<span className="sr-only"> of {user.email}</span>
        </Link>
        <Link to={`/admin/audit?q=${encodeURIComponent(user.email)}`} className={linkClass}>
          Audit trail<span className="sr-only"> of {user.email}</span>
        </Link>
      </span>
      {self ? <span className="text-sm text-slate-500">This is you</span> : null}
    </div>
  );
}

function UserRow({ user, selfId }: { user: AdminUserView; selfId: string }) {
  return (
    <li className="grid gap-3 px-4 py-4 sm:px-5" data-testid="user-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-slate-900">{user.name}</p>
          <p className="text-sm break-all text-slate-600">{user.email}</p>
          {user.reliability ? <ReliabilityLine reliability={user.reliability} className="mt-1" /> : null}
          {user.customerAverage ? (
            <CustomerAverageLine average={user.customerAverage} className="mt-1 block" />
          ) : null}
          {user.profile ? (
            user.profile.hidden ? (
              <p className="mt-1 text-sm text-slate-600">Public profile hidden by the landscaper</p>
            ) : (
              <a href={user.profile.path} className={`mt-1 inline-block ${linkClass}`}>
                {`Public profile of ${user.name}`}
              </a>
            )
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:w-64">
          <RoleBadge role={user.role} isAdmin={user.isAdmin} />
          <UserStatusBadge status={user.status} />
          {user.suspended ? <Badge variant="destructive">Suspended</Badge> : null}
          {!user.emailVerified ? <Badge variant="warning">Email not confirmed</Badge> : null}
          {user.pausedAt ? <PausedBadge linked /> : null}
        </div>
        <p className="text-sm text-slate-600 sm:w-36">
          <span className="sm:sr-only">Joined </span>
          <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
        </p>
      </div>
      <UserActions user={user} selfId={selfId} />
    </li>
  );
}

export default function UsersPage() {
  const { user: me } = useAreaUser();
  const list = useListFilters<UserRoleFilter>("all");
  const { q, filter: role, paging } = list;
  const users = useAdminUsers({ q, role }, paging.position);
  return (
    <AdminPage
      title="User Management"
      description="Everyone with an account, newest first. Promote trusted staff to admin, suspend or reinstate an account, and resend a confirmation link; every action asks for a reason and goes in the audit trail."
    >
      <FilteredList
        list={list}
        search={{ label: "Search users", placeholder: "Search by name or email..." }}
        filter={{ label: "Role", options: roleOptions }}
        exportButton={
          <ExportButton
            url={exportUrl("clients.csv", { q })}
            fallbackName={exportFileName("clients", todayInCharlotte())}
            label="Export Clients CSV"
          />
        }
        heading={{ id: "users-heading", text: "Users" }}
        query={users}
        states={{
          loading: "Loading users...",
          failed: adminMessages.loadUsersFailed,
          failedToast: { title: adminMessages.loadUsersFailed, variant: "destructive" },
          empty: "No users found",
        }}
        pagerLabel="User pages"
      >
        {(items) => (
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <div
              aria-hidden="true"
              className="hidden gap-4 border-b border-slate-200 bg-slate-50 px-5 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:flex"
            >
              <span className="flex-1">User</span>
              <span className="w-64">Role &amp; status</span>
              <span className="w-36">Joined</span>
            </div>
            <ul className="divide-y divide-slate-100">
              {items.map((user) => (
                <UserRow key={user.id} user={user} selfId={me.id} />
              ))}
            </ul>
          </div>
        )}
      </FilteredList>
    </AdminPage>
  );
}
