import { aliasedTable } from "drizzle-orm";
import type { JobView } from "../../../shared/jobs.js";
import { areaLabel } from "../../../shared/neighbourhoods.js";
import { job, user } from "../../db/schema.js";

export type JobRow = typeof job.$inferSelect;

/** The landscaper a job is assigned to, joined by name in the lists. */
export const assigned = aliasedTable(user, "assigned");

/** The columns a JobView is made of: lists select these alone rather than whole rows. */
export const jobViewColumns = {
  id: job.id,
  number: job.number,
  status: job.status,
  customerName: job.customerName,
  customerEmail: job.customerEmail,
  customerPhone: job.customerPhone,
  address: job.address,
  zipCode: job.zipCode,
  selectedServices: job.selectedServices,
  serviceType: job.serviceType,
  preferredDate: job.preferredDate,
  scheduledDate: job.scheduledDate,
  additionalNotes: job.additionalNotes,
  estimateLowCents: job.estimateLowCents,
  estimateHighCents: job.estimateHighCents,
  quotedPriceCents: job.quotedPriceCents,
  finalPriceCents: job.finalPriceCents,
  tipCents: job.tipCents,
  rating: job.rating,
  ratingComment: job.ratingComment,
  cancelReason: job.cancelReason,
  photoKey: job.photoKey,
  completedAt: job.completedAt,
  workApprovedAt: job.workApprovedAt,
  problemReportedAt: job.problemReportedAt,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
};

type JobViewRow = Pick<JobRow, keyof typeof jobViewColumns>;

export function toJobView(
  row: JobViewRow,
  extra: { landscaperName?: string | null; declinedByMe?: boolean } = {},
): JobView {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    address: row.address,
    zipCode: row.zipCode,
    services: row.selectedServices,
    serviceType: row.serviceType,
    preferredDate: row.preferredDate,
    scheduledDate: row.scheduledDate,
    additionalNotes: row.additionalNotes,
    estimateLowCents: row.estimateLowCents,
    estimateHighCents: row.estimateHighCents,
    quotedPriceCents: row.quotedPriceCents,
    finalPriceCents: row.finalPriceCents,
    tipCents: row.tipCents,
    rating: row.rating,
    ratingComment: row.ratingComment,
    cancelReason: row.cancelReason,
    landscaperName: extra.landscaperName ?? null,
    hasPhoto: Boolean(row.photoKey),
    completedAt: row.completedAt?.toISOString() ?? null,
    workApprovedAt: row.workApprovedAt?.toISOString() ?? null,
    problemReportedAt: row.problemReportedAt?.toISOString() ?? null,
    ...(extra.declinedByMe === undefined ? {} : { declinedByMe: extra.declinedByMe }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A job as a landscaper sees it before it is theirs: what the work is, when, where roughly and for how much,
 * but not who the customer is or where exactly they live. Every approved landscaper in the area sees the
 * queue; only the one the customer ends up with needs the door.
 */
export function withoutContact(view: JobView): JobView {
  return {
    ...view,
    customerName: "",
    customerEmail: "",
    customerPhone: "",
    address: "",
    additionalNotes: null,
    contactHidden: true,
    area: areaLabel(view.zipCode),
  };
}
