import { randomUUID } from "node:crypto";
import { WORK_APPROVAL_HOURS } from "../../../shared/payments.js";
import { type ServiceId, services } from "../../../shared/services.js";
import { type DemoEvent, type DemoJob, HOUR, later, MINUTE } from "./demo-fixtures.js";
import type { DemoCustomer } from "./demo-people.js";
import { arrive } from "./demo-visits.js";
import { awaitsWorkApproval, workApprovedEvent } from "./money/demo-payments.js";

/**
 * The bookings issue 17 adds to the demo (./series/demo-series.ts, ./demo-reliability.ts), written as the app's
 * actions leave them: a customer's request, a landscaper's acceptance and the customer's approval, the
 * arrival steps on the visit's day, the completion, the approval of the work and a rating. No randomness:
 * the times are given.
 */

/** From leaving for the visit to marking it complete: 26 minutes' drive, then the work. */
export const VISIT_LENGTH = 100 * MINUTE;

/** What a customer's request carries, as the quote form writes it (the address as the demo's jobs have it). */
export function requestOf(customer: DemoCustomer, serviceIds: readonly ServiceId[]) {
  const chosen = services.filter((svc) => serviceIds.includes(svc.id));
  return {
    customerId: customer.id,
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    address: `${customer.street}, Charlotte, NC ${customer.hood.zip}`,
    zipCode: customer.hood.zip,
    selectedServices: [...serviceIds],
    serviceType: serviceIds.join(", "),
    additionalNotes: null,
    estimateLowCents: chosen.reduce((sum, svc) => sum + svc.lowCents, 0),
    estimateHighCents: chosen.reduce((sum, svc) => sum + svc.highCents, 0),
  };
}

/** The middle of a request's estimate, to the $5: what a landscaper quotes for a one-time job. */
export const midPrice = (request: { estimateLowCents: number; estimateHighCents: number }) =>
  Math.round((request.estimateLowCents + request.estimateHighCents) / 2 / 500) * 500;

/**
 * A one-time job requested at `requestedAt`, accepted by the landscaper for `date` at `priceCents`, and
 * approved by the customer (booked: scheduled), with its history.
 */
export function bookedJob(
  events: DemoEvent[],
  o: {
    request: ReturnType<typeof requestOf>;
    landscaperId: string;
    priceCents: number;
    date: string;
    requestedAt: Date;
    acceptedAt: Date;
    approvedAt: Date;
  },
): DemoJob {
  const j: DemoJob = {
    id: randomUUID(),
    ...o.request,
    preferredDate: o.date,
    status: "scheduled",
    landscaperId: o.landscaperId,
    quotedPriceCents: o.priceCents,
    scheduledDate: o.date,
    acceptedAt: o.acceptedAt,
    scheduledAt: o.approvedAt,
    createdAt: o.requestedAt,
    updatedAt: o.approvedAt,
  };
  const base = { jobId: j.id! };
  events.push(
    { ...base, actorId: j.customerId, fromStatus: null, toStatus: "pending", createdAt: o.requestedAt },
    {
      ...base,
      actorId: o.landscaperId,
      fromStatus: "pending",
      toStatus: "accepted",
      createdAt: o.acceptedAt,
    },
    {
      ...base,
      actorId: j.customerId,
      fromStatus: "accepted",
      toStatus: "scheduled",
      createdAt: o.approvedAt,
    },
  );
  return j;
}

export interface Finish {
  /** When the landscaper set off ('On my way'); arrived 26 minutes later, done 100 minutes after leaving. */
  start: Date;
  /** The customer approved the work this many hours after it was done; null: approved automatically at 48. */
  approvalHours: number | null;
  rating?: { stars: number; comment?: string; tipCents?: number };
}

/**
 * A booked visit done: the arrival steps from `start`, completed at its price, and (48 hours or more
 * before `now`) the work approved, then rated and tipped if given. Work done less recently waits for the
 * customer's approval, unrated, its price held (./money/demo-payments.ts).
 */
export function completeVisit(j: DemoJob, events: DemoEvent[], now: Date, finish: Finish) {
  arrive(j, events, finish.start);
  const completedAt = later(finish.start, VISIT_LENGTH);
  Object.assign(j, {
    status: "completed",
    completedAt,
    finalPriceCents: j.quotedPriceCents,
    updatedAt: completedAt,
  } satisfies Partial<DemoJob>);
  events.push({
    jobId: j.id!,
    actorId: j.landscaperId,
    fromStatus: "scheduled",
    toStatus: "completed",
    createdAt: completedAt,
  });
  if (awaitsWorkApproval(completedAt, now)) return;
  const automatic = finish.approvalHours === null;
  const approvedAt = later(completedAt, (finish.approvalHours ?? WORK_APPROVAL_HOURS) * HOUR);
  j.workApprovedAt = approvedAt;
  j.updatedAt = approvedAt;
  events.push(workApprovedEvent(j, approvedAt, automatic));
  const ratedAt = later(approvedAt, 10 * MINUTE);
  if (!finish.rating || ratedAt.getTime() >= now.getTime()) return;
  Object.assign(j, {
    rating: finish.rating.stars,
    ratingComment: finish.rating.comment ?? null,
    ratedAt,
    tipCents: finish.rating.tipCents ?? 0,
    updatedAt: ratedAt,
  } satisfies Partial<DemoJob>);
}
