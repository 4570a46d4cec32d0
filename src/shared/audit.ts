import { z } from "zod";
import { pageSchema, paging, searchText } from "./admin.js";
import { isValidIsoDate } from "./dates.js";

/**
 * Every kind of admin or master action the audit trail records (issue 38): one row per change, written in the
 * change's own transaction. The labels are what Admin → Audit and its CSV show.
 */
export const auditActionLabels = {
  "application.approve": "Application approved",
  "application.deny": "Application denied",
  "area_change.approve": "Area change approved",
  "area_change.deny": "Area change declined",
  "pause.lift": "Pause lifted",
  "insurance.set": "Insurance date set",
  "user.promote": "Promoted to admin",
  "user.revoke_admin": "Admin revoked",
  "user.suspend": "Account suspended",
  "user.reinstate": "Account reinstated",
  "user.resend_confirmation": "Confirmation email resent",
  "job.cancel": "Job cancelled",
  "job.refund": "Refund",
  "job.charge_reported": "Reported work charged",
  "job.release_payment": "Hold released",
  "job.resolve": "Dispute resolved",
  "job.assign_pro": "Pro assigned",
  "job.tell_customer": "Customer told no pro was found",
  "payouts.run": "Payouts run",
  "pricing.publish": "Rate card changed",
  "review.remove": "Review removed",
  "review.keep": "Review report dismissed",
  "delivery.retry": "Delivery retried",
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];

export const auditTargetTypes = [
  "user",
  "job",
  "review",
  "rate_card",
  "payouts",
  "delivery",
  "area_change",
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

const isoDay = z
  .string()
  .max(10, { message: "Give the date as YYYY-MM-DD.", abort: true })
  .refine(isValidIsoDate, { message: "Give the date as YYYY-MM-DD." })
  .optional();

export const auditQuerySchema = z.object({
  /** Who did it or what it was done to: name, email, job number or id, as plain text. */
  q: searchText,
  action: z.enum(["all", ...auditActions], { message: "Choose an action from the list." }).default("all"),
  /** Charlotte calendar days, both included. */
  from: isoDay,
  to: isoDay,
  ...paging,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The CSV takes the same filters without the paging. */
export const auditExportQuerySchema = auditQuerySchema.omit({ cursor: true, dir: true });

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  /** The actor's email when they acted (kept if the account changes later); "GreenScape" for the system. */
  actorEmail: z.string(),
  action: z.enum(auditActions),
  targetType: z.enum(auditTargetTypes),
  targetId: z.string(),
  targetLabel: z.string(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);

/** What the audit page calls the fields of a before/after record; a field not listed shows its own name. */
export const auditFieldLabels: Record<string, string> = {
  suspended: "Suspended",
  sessionsEnded: "Signed-in sessions ended",
  visitsReoffered: "Bookings handed to other pros",
  role: "Role",
  status: "Status",
  landscaperId: "Pro",
  scheduledDate: "Visit date",
  refundableCents: "Refundable",
  refundedCents: "Refunded",
  chargeCents: "Charged",
  chargedCents: "Charged",
  totalCents: "Total",
  payoutsCreated: "Payouts created",
  insuranceExpiresOn: "Insurance expires",
  serviceZipCodes: "Service ZIP codes",
  travelRadius: "Travel radius (miles)",
  paused: "Paused",
  pausedReason: "Pause reason",
  removed: "Removed",
  reportsClosed: "Reports closed",
  version: "Version",
  effectiveFrom: "Effective from",
  card: "Rate card",
  workApproved: "Work approved",
  problemReported: "Problem reported",
  payment: "Payment",
  resolution: "Resolution",
  dispute: "Dispute",
  redoDate: "Redo date",
  refunded: "Refunded",
};
