import type { AdminUserStatus } from "../../../../shared/admin";
import { type AdminStatusGroup, adminGroupLabel } from "../../../../shared/jobs";
import type { Role } from "../../../../shared/roles";
import { Badge, type BadgeProps } from "../../../components/ui/badge";

type Variant = NonNullable<BadgeProps["variant"]>;

const jobVariants: Record<AdminStatusGroup, Variant> = {
  pending: "warning",
  scheduled: "secondary",
  in_progress: "info",
  completed: "success",
  cancelled: "destructive",
};

/** Spec 02 §4: Pending, Scheduled, In Progress, Completed, Cancelled; anything else gets a neutral badge. */
export function JobStatusBadge({ group }: { group: string }) {
  const known = group in jobVariants ? (group as AdminStatusGroup) : null;
  return (
    <Badge variant={known ? jobVariants[known] : "muted"}>{known ? adminGroupLabel[known] : group}</Badge>
  );
}

const userStatus: Record<AdminUserStatus, { label: string; variant: Variant }> = {
  active: { label: "Active", variant: "success" },
  pending: { label: "Pending", variant: "warning" },
  approved: { label: "Approved", variant: "success" },
  denied: { label: "Denied", variant: "destructive" },
  incomplete: { label: "Profile incomplete", variant: "muted" },
};

export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  const { label, variant } = userStatus[status] ?? { label: status, variant: "muted" as const };
  return <Badge variant={variant}>{label}</Badge>;
}

const roleLabel: Record<Role, string> = { customer: "Customer", landscaper: "Landscaper", admin: "Admin" };

export function RoleBadge({ role, isAdmin }: { role: Role; isAdmin: boolean }) {
  if (isAdmin) return <Badge variant="default">Admin</Badge>;
  return <Badge variant={role === "landscaper" ? "secondary" : "outline"}>{roleLabel[role] ?? role}</Badge>;
}
