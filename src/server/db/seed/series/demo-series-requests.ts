import { randomUUID } from "node:crypto";
import { addDaysIso, formatLongDate } from "../../../../shared/dates.js";
import { landscaperDisplayName } from "../../../../shared/landscapers.js";
import { formatCents, jobLabel } from "../../../../shared/services.js";
import { firstOnWeekday } from "../../../features/series/rule.js";
import type * as s from "../../schema.js";
import { requestOf } from "../demo-booking.js";
import { type DemoJob, HOUR, later } from "../demo-fixtures.js";
import type { DemoCustomer, DemoLandscaper } from "../demo-people.js";
import { insertSeries, type SeriesRow, type SeriesSeed } from "./demo-series-active.js";

/**
 * The series not yet active: SER-103, Grace's weekly mowing requested last night (its first visit waits in
 * Carlos's queue), and SER-104, Marcus's flower beds every 2 weeks offered by Carlos on Thursdays at $85,
 * waiting for Marcus's one approval. With the notices each step would have written.
 */

export interface PendingSeries {
  row: SeriesRow;
  visit: DemoJob;
  landscaper: DemoLandscaper;
}

const OFFERED_PRICE_CENTS = 8500;

export async function prepareRequestedSeries(
  seed: SeriesSeed,
  grace: DemoCustomer,
  carlos: DemoLandscaper,
): Promise<PendingSeries> {
  const { today, jobs, events } = seed;
  const requestedAt = later(seed.context.now, -20 * HOUR);
  const preferredDate = addDaysIso(today, 4);
  const request = {
    ...requestOf(grace, ["lawn-mowing"]),
    additionalNotes: "Weekly through the fall, please. Two dogs in the back yard; they are friendly.",
  };
  const row = await insertSeries(seed, {
    ...request,
    frequency: "weekly",
    startDate: preferredDate,
    createdAt: requestedAt,
    updatedAt: requestedAt,
  });
  const visit: DemoJob = {
    id: randomUUID(),
    ...request,
    preferredDate,
    seriesId: row.id,
    seriesDate: preferredDate,
    status: "pending",
    createdAt: requestedAt,
    updatedAt: requestedAt,
  };
  events.push({
    jobId: visit.id!,
    actorId: grace.id,
    fromStatus: null,
    toStatus: "pending",
    createdAt: requestedAt,
  });
  jobs.push(visit);
  return { row, visit, landscaper: carlos };
}

export async function prepareOfferedSeries(
  seed: SeriesSeed,
  marcus: DemoCustomer,
  carlos: DemoLandscaper,
): Promise<PendingSeries> {
  const { today, jobs, events } = seed;
  const { now } = seed.context;
  const requestedAt = later(now, -3 * 24 * HOUR);
  const offeredAt = later(now, -30 * HOUR);
  const preferredDate = addDaysIso(today, 5);
  const weekday = 4;
  const startDate = firstOnWeekday(preferredDate, weekday);
  const request = {
    ...requestOf(marcus, ["flower-bed-maintenance"]),
    additionalNotes: "The beds along the front porch and around the mailbox.",
  };
  const row = await insertSeries(seed, {
    ...request,
    landscaperId: carlos.id,
    frequency: "biweekly",
    weekday,
    pricePerVisitCents: OFFERED_PRICE_CENTS,
    status: "offered",
    startDate,
    offeredAt,
    createdAt: requestedAt,
    updatedAt: offeredAt,
  });
  const visit: DemoJob = {
    id: randomUUID(),
    ...request,
    preferredDate,
    seriesId: row.id,
    seriesDate: startDate,
    status: "accepted",
    landscaperId: carlos.id,
    quotedPriceCents: OFFERED_PRICE_CENTS,
    scheduledDate: startDate,
    acceptedAt: offeredAt,
    createdAt: requestedAt,
    updatedAt: offeredAt,
  };
  const base = { jobId: visit.id! };
  events.push(
    { ...base, actorId: marcus.id, fromStatus: null, toStatus: "pending", createdAt: requestedAt },
    { ...base, actorId: carlos.id, fromStatus: "pending", toStatus: "accepted", createdAt: offeredAt },
  );
  jobs.push(visit);
  return { row, visit, landscaper: carlos };
}

/** The new-request alert of the requested series' first visit, as the quote raised it (every landscaper of the ZIP sees it). */
export function requestedAlert(requested: PendingSeries): typeof s.jobAlert.$inferInsert {
  const { visit } = requested;
  return {
    jobId: visit.id!,
    zipCode: visit.zipCode,
    message: `New job request in ${visit.zipCode}: Lawn Mowing (${formatLongDate(visit.preferredDate)}).`,
    link: "/landscaper-dashboard",
    createdAt: visit.createdAt,
  };
}

/** The offer's two notices: Carlos's acceptance, and Marcus asked to approve. */
export function offeredNotices(
  offered: PendingSeries,
  numbers: Map<string, number>,
): (typeof s.notification.$inferInsert)[] {
  const { visit, landscaper } = offered;
  const label = jobLabel(numbers.get(visit.id!) ?? 0);
  const price = formatCents(visit.quotedPriceCents ?? 0);
  const name = landscaperDisplayName({ businessName: landscaper.business, fullName: landscaper.name });
  return [
    {
      userId: landscaper.id,
      type: "job",
      message: `You accepted ${label} for ${price}. Waiting for the customer's approval.`,
      link: "/landscaper-dashboard",
      read: true,
      createdAt: visit.acceptedAt!,
    },
    {
      userId: visit.customerId!,
      type: "job",
      message: `${name} accepted ${label}: ${price} on ${formatLongDate(visit.scheduledDate!)}. Please approve.`,
      link: "/dashboard/customer",
      read: false,
      createdAt: visit.acceptedAt!,
    },
  ];
}
