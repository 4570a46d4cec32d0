import { randomUUID } from "node:crypto";
import { addDaysIso, charlotteTime, todayInCharlotte } from "../../../shared/dates.js";
import { services } from "../../../shared/services.js";
import * as s from "../schema.js";
import { DAY, DEMO_DOMAIN, firstNames, isoDate, lastNames, neighbourhoods } from "./demo-fixtures.js";
import type { DemoContext, DemoCustomer, DemoLandscaper } from "./demo-people.js";
import { finishDemoReliability, prepareDemoReliability } from "./demo-reliability.js";
import { seedDemoReviews } from "./demo-reviews.js";
import { prepareDemoVisits } from "./demo-visits.js";
import { awaitsWorkApproval, prepareDemoMoney, seedDemoPayments } from "./money/demo-payments.js";
import type { DemoPhotoStore } from "./proof/demo-photos.js";
import { seedDemoProof } from "./proof/demo-proof.js";
import { finishDemoSeries, prepareDemoSeries } from "./series/demo-series.js";

/**
 * The visit of Olivia's completed showcase job: 3 PM in Charlotte today, or yesterday when that is less than
 * an hour ago. The work was finished then and waits for her approval (48 hours), so her dashboard shows it.
 */
function justFinished(now: Date): Date {
  const today = todayInCharlotte(now);
  const visit = charlotteTime(today, 15);
  return visit.getTime() <= now.getTime() - 60 * 60 * 1000 ? visit : charlotteTime(addDaysIso(today, -1), 15);
}

/**
 * About 70 jobs in every status over the last 90 days, with their events, ratings and tips, their payments
 * and ledger (./money/demo-payments.ts), one job Carlos declined, the notifications the admin and the
 * landscapers would have received, and proof of work, arrival, problem reports and conversations
 * (./demo-visits.ts, ./proof/demo-proof.ts; photos only with a storage to put them in); then issue 17's arrival
 * times, reliability and lock-out (./demo-reliability.ts) and recurring series with their visits
 * (./series/demo-series.ts). Answers how many jobs and series it made.
 */
export async function seedDemoJobs(
  context: DemoContext,
  people: { customers: DemoCustomer[]; landscapers: DemoLandscaper[]; adminId: string | null },
  photos: DemoPhotoStore | null = null,
) {
  const { tx, rnd, now } = context;
  const { customers, landscapers, adminId } = people;
  const approved = landscapers.filter((l) => l.status === "approved");
  const jobs: (typeof s.job.$inferInsert)[] = [];
  const events: (typeof s.jobEvent.$inferInsert)[] = [];
  const notifications: (typeof s.notification.$inferInsert)[] = [];
  const showcaseStatuses: (typeof s.jobStatus.enumValues)[number][] = [
    "accepted",
    "scheduled",
    "completed",
    "cancelled",
    "pending",
    "pending",
  ];
  const showcaseIds: string[] = [];
  for (let i = 0; i < 72; i++) {
    // The first jobs give Olivia (customer) and Carlos (the approved landscaper covering her Dilworth
    // ZIP) one job in every state, so both dashboards show every action on a fresh start: her completed one
    // was finished hours ago and waits for her to approve the work (or report a problem).
    const showcase = showcaseStatuses[i];
    const anonymous = !showcase && i % 9 === 0;
    const pickedCustomer = customers[rnd.int(0, customers.length - 1)]!;
    const customer = showcase ? customers[0]! : pickedCustomer;
    const randomCreatedAt = new Date(now.getTime() - rnd.int(0, 89) * DAY - rnd.int(0, 20) * 60 * 60 * 1000);
    const createdAt = showcase ? new Date(now.getTime() - (5 + i) * DAY) : randomCreatedAt;
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
    const chosen = [...services].sort(() => rnd.next() - 0.5).slice(0, rnd.int(1, 3));
    const low = chosen.reduce((sum, svc) => sum + svc.lowCents, 0);
    const high = chosen.reduce((sum, svc) => sum + svc.highCents, 0);
    const roll = rnd.next();
    let status: (typeof s.jobStatus.enumValues)[number];
    if (ageDays < 7) status = roll < 0.55 ? "pending" : roll < 0.8 ? "accepted" : "scheduled";
    else if (ageDays < 20)
      status =
        roll < 0.2
          ? "pending"
          : roll < 0.35
            ? "accepted"
            : roll < 0.6
              ? "scheduled"
              : roll < 0.9
                ? "completed"
                : "cancelled";
    else status = roll < 0.08 ? "pending" : roll < 0.85 ? "completed" : "cancelled";
    if (anonymous) status = "pending";
    if (showcase) status = showcase;

    const hood = anonymous ? rnd.pick(neighbourhoods) : customer.hood;
    const name = anonymous ? `${rnd.pick(firstNames)} ${rnd.pick(lastNames)}` : customer.name;
    const email = anonymous ? `visitor${i}@${DEMO_DOMAIN}` : customer.email;
    const randomPreferred = new Date(createdAt.getTime() + rnd.int(3, 14) * DAY);
    const upcoming = status === "pending" || status === "accepted" || status === "scheduled";
    const preferred =
      showcase === "completed"
        ? justFinished(now)
        : showcase && upcoming
          ? new Date(now.getTime() + (3 + i) * DAY)
          : randomPreferred;
    const landscaperRow =
      status === "pending" || (status === "cancelled" && !showcase && rnd.chance(0.5))
        ? null
        : (approved.find((l) => l.zips.includes(hood.zip as never)) ?? rnd.pick(approved));
    const quoted = landscaperRow ? Math.round((low + rnd.next() * (high - low)) / 500) * 500 : null;
    const id = randomUUID();
    if (showcase) showcaseIds.push(id);
    const acceptedAt = landscaperRow ? new Date(createdAt.getTime() + rnd.int(2, 30) * 60 * 60 * 1000) : null;
    const scheduledAt =
      acceptedAt && status !== "accepted"
        ? new Date(acceptedAt.getTime() + rnd.int(2, 24) * 60 * 60 * 1000)
        : null;
    const completedAt =
      status !== "completed"
        ? null
        : showcase
          ? preferred
          : new Date(Math.min(preferred.getTime(), now.getTime() - DAY));
    // Work done less than 48 hours ago is not approved yet (./money/demo-payments.ts), so it has no rating nor tip
    // yet. Its draws are made all the same: the generator's sequence, and so the rest of the demo, stays put.
    const awaiting = awaitsWorkApproval(completedAt, now);
    const unlessAwaiting = <T>(value: T, none: T) => (awaiting ? none : value);
    const rated = status === "completed" && rnd.chance(0.8);
    const tip = unlessAwaiting(
      status === "completed" && rnd.chance(0.6)
        ? Math.round(((quoted ?? low) * rnd.int(5, 20)) / 100 / 100) * 100
        : 0,
      0,
    );
    const cancelledAt = status === "cancelled" ? new Date(createdAt.getTime() + rnd.int(1, 4) * DAY) : null;
    jobs.push({
      id,
      customerId: anonymous ? null : customer.id,
      customerName: name,
      customerEmail: email,
      customerPhone: anonymous ? "(704) 555-0199" : customer.phone,
      address:
        `${anonymous ? rnd.int(100, 4999) : customer.street} ${anonymous ? rnd.pick(hood.streets) : ""}`.trim() +
        `, Charlotte, NC ${hood.zip}`,
      zipCode: hood.zip,
      selectedServices: chosen.map((c) => c.id),
      serviceType: chosen.map((c) => c.id).join(", "),
      preferredDate: isoDate(preferred),
      additionalNotes: rnd.chance(0.4)
        ? rnd.pick([
            "Gate code is 4512.",
            "Please avoid the vegetable garden.",
            "Dog in the backyard, friendly.",
            "Front beds only this time.",
          ])
        : null,
      status,
      landscaperId: landscaperRow?.id ?? null,
      estimateLowCents: low,
      estimateHighCents: high,
      quotedPriceCents: quoted,
      scheduledDate: landscaperRow ? isoDate(preferred) : null,
      finalPriceCents: status === "completed" ? quoted : null,
      tipCents: tip,
      rating: unlessAwaiting(rated ? rnd.pick([3, 4, 4, 5, 5, 5]) : null, null),
      ratingComment: unlessAwaiting(
        rated && rnd.chance(0.5)
          ? rnd.pick([
              "Great work, very tidy.",
              "On time and friendly.",
              "Lawn looks fantastic!",
              "Good job overall.",
            ])
          : null,
        null,
      ),
      cancelReason:
        status === "cancelled"
          ? rnd.pick(["Found another provider.", "Plans changed.", "Weather delays."])
          : null,
      acceptedAt,
      scheduledAt,
      completedAt,
      cancelledAt,
      ratedAt: rated && completedAt && !awaiting ? new Date(completedAt.getTime() + DAY) : null,
      createdAt,
      updatedAt: completedAt ?? cancelledAt ?? scheduledAt ?? acceptedAt ?? createdAt,
    });
    events.push({
      jobId: id,
      actorId: anonymous ? null : customer.id,
      fromStatus: null,
      toStatus: "pending",
      createdAt,
    });
    if (acceptedAt && landscaperRow) {
      events.push({
        jobId: id,
        actorId: landscaperRow.id,
        fromStatus: "pending",
        toStatus: "accepted",
        createdAt: acceptedAt,
      });
    }
    if (scheduledAt && status !== "cancelled") {
      events.push({
        jobId: id,
        actorId: customer.id,
        fromStatus: "accepted",
        toStatus: "scheduled",
        createdAt: scheduledAt,
      });
    }
    if (completedAt && landscaperRow) {
      events.push({
        jobId: id,
        actorId: landscaperRow.id,
        fromStatus: "scheduled",
        toStatus: "completed",
        createdAt: completedAt,
      });
    }
    if (cancelledAt) {
      events.push({
        jobId: id,
        actorId: customer.id,
        fromStatus: landscaperRow ? "accepted" : "pending",
        toStatus: "cancelled",
        createdAt: cancelledAt,
      });
    }
    if (landscaperRow && ageDays < 14) {
      notifications.push({
        userId: landscaperRow.id,
        type: status === "completed" ? "payment" : "job",
        message:
          status === "completed"
            ? `A job in ${hood.area} was completed${tip ? " and the customer left a tip" : ""}.`
            : `You accepted a job in ${hood.area} (${hood.zip}).`,
        link: "/landscaper-dashboard",
        read: rnd.chance(0.4),
        createdAt: acceptedAt ?? createdAt,
      });
    }
  }
  jobs.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  prepareDemoMoney(context, { jobs, events, customers });
  const carlos = approved.find((l) => (l.zips as readonly string[]).includes("28203"));
  const visits = prepareDemoVisits(context, {
    jobs,
    events,
    customers,
    carlos,
    adminId,
    showcase: {
      scheduledId: showcaseIds[showcaseStatuses.indexOf("scheduled")],
      completedId: showcaseIds[showcaseStatuses.indexOf("completed")],
    },
  });
  // Issue 17: arrival times and reliability, then the recurring series (their rows written here first).
  const reliability = prepareDemoReliability(context, { jobs, events, customers, landscapers });
  const series = await prepareDemoSeries(context, { jobs, events, customers, landscapers });
  const numbers = new Map(
    (await tx.insert(s.job).values(jobs).returning({ id: s.job.id, number: s.job.number })).map((r) => [
      r.id,
      r.number,
    ]),
  );
  await tx.insert(s.jobEvent).values(events);
  const generated = await finishDemoSeries(context, series, numbers);
  await finishDemoReliability(context, reliability, numbers, adminId);
  await seedDemoPayments(context, {
    customers,
    jobs: [...jobs, ...generated],
    refunds: visits.refunds,
    releases: reliability.releases,
  });
  await seedDemoProof(context, { visits, numbers, customers, carlos, adminId, photos });
  // Issue 36: the rated, charged visits' reviews, and the double-blind shown on both sides.
  await seedDemoReviews(
    context,
    [...jobs, ...generated].flatMap((j) => (j.id ? [j.id] : [])),
  );
  // ...and one pending job Carlos declined, which his queue shows as declined.
  const declinedJob = jobs.find((j) => j.id === showcaseIds[showcaseStatuses.length - 1]);
  if (carlos && declinedJob?.id) {
    await tx.insert(s.jobDecline).values({ jobId: declinedJob.id, landscaperId: carlos.id });
    await tx.insert(s.jobEvent).values({
      jobId: declinedJob.id,
      actorId: carlos.id,
      fromStatus: "pending",
      toStatus: "declined",
      note: "Declined by a landscaper; still open for others.",
    });
  }

  const all = [...jobs, ...generated];
  const oneOff = all.filter((j) => !j.seriesId).length;
  const counts = {
    jobs: all.length,
    /** The one-time jobs of every status (the series' visits aside). */
    oneOff,
    series: new Set(all.flatMap((j) => (j.seriesId ? [j.seriesId] : []))).size,
    seriesVisits: all.length - oneOff,
  };
  if (adminId) {
    for (const l of landscapers.filter((x) => x.status === "pending")) {
      notifications.push({
        userId: adminId,
        type: "application",
        message: `New landscaper application from ${l.name}${l.business ? ` (${l.business})` : ""}.`,
        link: "/admin/landscaper-approvals",
        read: false,
        createdAt: l.createdAt,
      });
    }
    notifications.push({
      userId: adminId,
      type: "system",
      message: `Demo data loaded: ${customers.length} customers, ${landscapers.length} landscapers, ${counts.jobs} jobs and ${counts.series} recurring series.`,
      link: "/admin",
      read: true,
      createdAt: now,
    });
  }
  for (const l of approved) {
    notifications.push({
      userId: l.id,
      type: "application",
      message: "Your application was approved. Welcome aboard!",
      link: "/landscaper-dashboard",
      read: true,
      createdAt: new Date(l.createdAt.getTime() + 2 * DAY),
    });
  }
  await tx.insert(s.notification).values(notifications);
  return counts;
}
