import { aliasedTable } from "drizzle-orm";
import { RELEASE_WINDOW_HOURS } from "../../../shared/booking.js";
import { contactApproved, type JobView, type PriceRequestView } from "../../../shared/jobs.js";
import { areaLabel } from "../../../shared/neighbourhoods.js";
import { WORK_APPROVAL_HOURS } from "../../../shared/payments.js";
import type {
  ArrivalView,
  DisputeState,
  DisputeView,
  ProblemReason,
  Resolution,
  VisitStage,
} from "../../../shared/proof.js";
import { job, user } from "../../db/schema.js";
import { recordedFirmPrice } from "../pricing/index.js";

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
  // When the customer approved the landscaper's offer: it decides what that landscaper sees (contactApproved).
  scheduledAt: job.scheduledAt,
  additionalNotes: job.additionalNotes,
  estimateLowCents: job.estimateLowCents,
  estimateHighCents: job.estimateHighCents,
  quotedPriceCents: job.quotedPriceCents,
  sizeTier: job.sizeTier,
  grassHeight: job.grassHeight,
  rateCardVersion: job.rateCardVersion,
  firmPriceCents: job.firmPriceCents,
  firstVisitSurchargeCents: job.firstVisitSurchargeCents,
  priceLines: job.priceLines,
  priceHeldUntil: job.priceHeldUntil,
  finalPriceCents: job.finalPriceCents,
  requestedPriceCents: job.requestedPriceCents,
  requestedPriceReason: job.requestedPriceReason,
  priceIncreaseApprovedAt: job.priceIncreaseApprovedAt,
  tipCents: job.tipCents,
  rating: job.rating,
  ratingComment: job.ratingComment,
  cancelReason: job.cancelReason,
  photoKey: job.photoKey,
  completedAt: job.completedAt,
  workApprovedAt: job.workApprovedAt,
  photosPublicAt: job.photosPublicAt,
  problemReportedAt: job.problemReportedAt,
  problemNote: job.problemNote,
  visit: job.visit,
  onTheWayAt: job.onTheWayAt,
  etaAt: job.etaAt,
  arrivedAt: job.arrivedAt,
  workStartedAt: job.workStartedAt,
  problemReason: job.problemReason,
  disputeReportedAt: job.disputeReportedAt,
  redoDate: job.redoDate,
  redoNote: job.redoNote,
  redoOfferedAt: job.redoOfferedAt,
  redoDeclinedAt: job.redoDeclinedAt,
  disputeResolution: job.disputeResolution,
  disputeResolutionNote: job.disputeResolutionNote,
  disputeResolvedAt: job.disputeResolvedAt,
  seriesId: job.seriesId,
  seriesDate: job.seriesDate,
  movedFrom: job.movedFrom,
  moveReason: job.moveReason,
  moveDeclinedAt: job.moveDeclinedAt,
  // An instant booking (issue 35): its landscaper may release it within RELEASE_WINDOW_HOURS of this.
  bookedInstantlyAt: job.bookedInstantlyAt,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
};

type JobViewRow = Pick<JobRow, keyof typeof jobViewColumns>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Where a scheduled visit stands on its day, from the landscaper's arrival steps (null before the first). */
export function visitStageOf(
  row: Pick<JobRow, "status" | "onTheWayAt" | "arrivedAt" | "workStartedAt">,
): VisitStage | null {
  if (row.status !== "scheduled") return null;
  return row.workStartedAt ? "working" : row.arrivedAt ? "arrived" : row.onTheWayAt ? "on_the_way" : null;
}

/** Where the visit stands on its day, from the landscaper's arrival steps. */
export function arrivalOf(row: JobViewRow): ArrivalView {
  return {
    stage: visitStageOf(row),
    onTheWayAt: iso(row.onTheWayAt),
    etaAt: iso(row.etaAt),
    arrivedAt: iso(row.arrivedAt),
    workStartedAt: iso(row.workStartedAt),
  };
}

/** The job's latest problem report and how far it has come, or null if none was made. */
export function disputeOf(row: JobViewRow): DisputeView | null {
  if (!row.disputeReportedAt) return null;
  const resolution = row.disputeResolution as Resolution | null;
  const state: DisputeState = row.disputeResolvedAt
    ? resolution === "redo" && row.status === "scheduled"
      ? "redo_scheduled"
      : "resolved"
    : row.redoOfferedAt && !row.redoDeclinedAt
      ? "redo_offered"
      : "open";
  return {
    state,
    reason: (row.problemReason ?? "other") as ProblemReason,
    note: row.problemNote ?? "",
    reportedAt: row.disputeReportedAt.toISOString(),
    redoDate: row.redoDate,
    redoNote: row.redoNote,
    redoDeclined: row.redoDeclinedAt !== null,
    resolution,
    resolutionNote: row.disputeResolutionNote,
    resolvedAt: iso(row.disputeResolvedAt),
  };
}

/** Until when the customer can approve or report the finished work; null once they have (or before). */
export function approvalEndsAt(row: JobViewRow, approvalHours: number): string | null {
  if (row.status !== "completed" || !row.completedAt || row.workApprovedAt || row.problemReportedAt)
    return null;
  return new Date(row.completedAt.getTime() + approvalHours * 3_600_000).toISOString();
}

/** The higher final price the landscaper asked, and where the customer's answer stands. */
export function priceRequestOf(
  row: Pick<
    JobViewRow,
    "requestedPriceCents" | "requestedPriceReason" | "priceIncreaseApprovedAt" | "workApprovedAt"
  >,
): PriceRequestView | null {
  if (row.requestedPriceCents === null) return null;
  return {
    requestedCents: row.requestedPriceCents,
    reason: row.requestedPriceReason ?? "",
    answer: row.priceIncreaseApprovedAt ? "approved" : row.workApprovedAt ? "declined" : "pending",
  };
}

export function toJobView(
  row: JobViewRow,
  extra: { landscaperName?: string | null; declinedByMe?: boolean; approvalHours?: number } = {},
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
    firmPrice: recordedFirmPrice(row),
    sizeTier: row.sizeTier,
    grassHeight: row.grassHeight,
    finalPriceCents: row.finalPriceCents,
    tipCents: row.tipCents,
    rating: row.rating,
    ratingComment: row.ratingComment,
    cancelReason: row.cancelReason,
    landscaperName: extra.landscaperName ?? null,
    hasPhoto: Boolean(row.photoKey),
    completedAt: row.completedAt?.toISOString() ?? null,
    workApprovedAt: row.workApprovedAt?.toISOString() ?? null,
    photosShown: row.photosPublicAt !== null,
    problemReportedAt: row.problemReportedAt?.toISOString() ?? null,
    approvalEndsAt: approvalEndsAt(row, extra.approvalHours ?? WORK_APPROVAL_HOURS),
    priceRequest: priceRequestOf(row),
    arrival: arrivalOf(row),
    dispute: disputeOf(row),
    visit: row.visit,
    seriesId: row.seriesId,
    seriesDate: row.seriesDate,
    movedFrom: row.moveDeclinedAt ? null : row.movedFrom,
    moveReason: row.moveDeclinedAt ? null : row.moveReason,
    ...(extra.declinedByMe === undefined ? {} : { declinedByMe: extra.declinedByMe }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A job as a landscaper sees it before it is theirs, or before the customer approved their offer: what the work
 * is, when, where roughly and for how much, but not who the customer is or where exactly they live. Every
 * approved landscaper in the area sees the queue; only the one the customer ends up with needs the door.
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

/**
 * The end of an instant booking's release window: RELEASE_WINDOW_HOURS after the customer booked. Here, not in
 * booking, because the landscaper's view says it and booking builds on jobs (the other way round is a cycle).
 */
export function releaseWindowEnd(row: Pick<JobRow, "bookedInstantlyAt">): Date | null {
  if (!row.bookedInstantlyAt) return null;
  return new Date(row.bookedInstantlyAt.getTime() + RELEASE_WINDOW_HOURS * 3_600_000);
}

/**
 * Until when the job's landscaper may still release it (POST /api/jobs/:id/release), or null: a one-visit
 * instant booking still scheduled, inside its window. The release route refuses exactly the rest (not
 * instant or no longer scheduled, too late, a series visit), so the button shows only when it would work.
 */
export function releasableUntil(
  row: Pick<JobRow, "status" | "bookedInstantlyAt" | "seriesId">,
  now: Date = new Date(),
): string | null {
  const until = releaseWindowEnd(row);
  if (row.status !== "scheduled" || row.seriesId || !until || now > until) return null;
  return until.toISOString();
}

/** The one rule for what a landscaper sees of the customer (src/shared/jobs.ts), also read by conversations. */
export { contactApproved };

/**
 * A job of the landscaper's own as they see it: whole once the customer approved them, else without contact;
 * with until when they may release it (only theirs to know: the customer and our team never get the field).
 */
export function landscaperView(
  row: Pick<JobRow, "status" | "scheduledAt" | "bookedInstantlyAt" | "seriesId">,
  view: JobView,
  now: Date = new Date(),
): JobView {
  // The customer's stars are their review's, which the landscaper reads once it is released (issue 36:
  // double-blind): never from the job's row, which holds them from the moment the customer rates.
  const own = { ...view, rating: null, ratingComment: null, releasableUntil: releasableUntil(row, now) };
  return contactApproved(row) ? own : withoutContact(own);
}

/**
 * The job as the person who just acted on it sees it: its customer and our team whole, anyone else (the
 * job's landscaper) by landscaperView, so an action's answer never shows more than the views do.
 */
export function jobViewFor(
  viewer: { userId: string; isAdmin: boolean },
  row: JobViewRow & Pick<JobRow, "customerId">,
): JobView {
  const view = toJobView(row);
  return viewer.isAdmin || row.customerId === viewer.userId ? view : landscaperView(row, view);
}
