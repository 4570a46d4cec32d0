import { type JobStatus, statusLabel } from "../../shared/jobs";
import { Badge, type BadgeProps } from "./ui/badge";

const variantOf: Record<JobStatus, NonNullable<BadgeProps["variant"]>> = {
  pending: "warning",
  accepted: "info",
  scheduled: "secondary",
  completed: "success",
  cancelled: "muted",
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge variant={variantOf[status]}>{statusLabel[status]}</Badge>;
}
