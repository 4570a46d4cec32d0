import { ShieldPlus } from "lucide-react";
import { type AdminUserView, adminMessages, type UserRoleFilter } from "../../../../shared/admin";
import { todayInCharlotte } from "../../../../shared/dates";
import { exportFileName } from "../../../../shared/exports";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { CustomerAverageLine } from "../../reviews";
import { exportUrl, useAdminUsers, usePromoteUser } from "../api/admin-api";
import { AdminPage } from "../components/admin-page";
import { ExportButton } from "../components/export-button";
import { FilteredList } from "../components/filtered-list";
import { useListFilters } from "../components/list-controls";
import { PausedBadge, ReliabilityLine } from "../components/reliability-figures";
import { RoleBadge, UserStatusBadge } from "../components/status-badges";
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

/** 'Promote to Admin' behind the spec's confirmation (02 §5); the promotion cannot be undone. */
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

function UserRow({ user }: { user: AdminUserView }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
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
            <a
              href={user.profile.path}
              className="mt-1 inline-block rounded-sm text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              {`Public profile of ${user.name}`}
            </a>
          )
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:w-64">
        <RoleBadge role={user.role} isAdmin={user.isAdmin} />
        <UserStatusBadge status={user.status} />
        {user.pausedAt ? <PausedBadge linked /> : null}
      </div>
      <div className="flex items-center justify-between gap-3 sm:contents">
        <p className="text-sm text-slate-600 sm:w-36">
          <span className="sm:sr-only">Joined </span>
          <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
        </p>
        <div className="sm:flex sm:w-44 sm:justify-end">
          {user.isAdmin ? (
            <span className="text-sm text-slate-500">Administrator</span>
          ) : (
            <PromoteButton user={user} />
          )}
        </div>
      </div>
    </li>
  );
}

export default function UsersPage() {
  const list = useListFilters<UserRoleFilter>("all");
  const { q, filter: role, paging } = list;
  const users = useAdminUsers({ q, role }, paging.position);
  return (
    <AdminPage
      title="User Management"
      description="Everyone with an account, newest first. Promote trusted staff to admin."
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
              <span className="w-44 text-right">Action</span>
            </div>
            <ul className="divide-y divide-slate-100">
              {items.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </ul>
          </div>
        )}
      </FilteredList>
    </AdminPage>
  );
}
