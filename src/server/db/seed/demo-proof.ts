import { randomUUID } from "node:crypto";
import { formatCharlotteClock, formatLongDate } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { problemReasonLabel } from "../../../shared/proof.js";
import { formatCents, jobLabel } from "../../../shared/services.js";
import { firstNameOf } from "../../../shared/session.js";
import { conversationLink } from "../../features/conversations/index.js";
import * as s from "../schema.js";
import type { DemoContext, DemoCustomer, DemoLandscaper } from "./demo-people.js";
import type { DemoLook, DemoPhotoStore } from "./demo-photos.js";
import type { DemoVisits } from "./demo-visits.js";

/**
 * After the jobs are written, what issue 16's screens show of the visits ./demo-visits.ts prepared: the
 * photos (with a storage only), the conversations with their read marks (Olivia has one message from Carlos
 * unread, on the work waiting for her approval), and the bell items the app would have written along the
 * way (message, arrival and dispute alerts). The rows go with their jobs or people when the demo is removed.
 */

type DemoJob = typeof s.job.$inferInsert;
type Role = "customer" | "landscaper" | "admin";
interface Line {
  from: Role;
  body: string;
  at: Date;
}
interface Shot {
  kind: "before" | "after" | "problem";
  look: DemoLook;
  by: Role;
  takenAt: Date;
  uploadedAt: Date;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const later = (value: Date, ms: number) => new Date(value.getTime() + ms);
const weekday = (iso: string) => formatLongDate(iso).split(",")[0]!;

export async function seedDemoProof(
  { tx }: DemoContext,
  options: {
    visits: DemoVisits;
    numbers: Map<string, number>;
    customers: DemoCustomer[];
    carlos: DemoLandscaper | undefined;
    adminId: string | null;
    photos: DemoPhotoStore | null;
  },
) {
  const { visits, numbers, customers, carlos, adminId } = options;
  if (!carlos) return;
  const carlosName = landscaperDisplayName({ businessName: carlos.business, fullName: carlos.name });
  const whoIsComing = carlos.business ? `${firstNameOf(carlos.name)} from ${carlos.business}` : carlos.name;
  const messages: (typeof s.jobMessage.$inferInsert)[] = [];
  const members: (typeof s.conversationMember.$inferInsert)[] = [];
  const notifications: (typeof s.notification.$inferInsert)[] = [];
  const shots: { job: DemoJob; shots: Shot[] }[] = [];
  const labelOf = (j: DemoJob) => jobLabel(numbers.get(j.id!) ?? 0);
  const customerOf = (j: DemoJob) => customers.find((c) => c.id === j.customerId);

  /**
   * A job's conversation: its messages, each side's read mark (their own last message at least, as sending
   * moves it), and each message's bell item for the other side, read if they have read past it.
   */
  function talk(j: DemoJob, lines: Line[], read: { customer: Date; landscaper: Date; emailed?: Date }) {
    const customerId = j.customerId!;
    const customerName = customerOf(j)?.name ?? j.customerName!;
    const label = labelOf(j);
    for (const line of lines) {
      const sender = { customer: customerId, landscaper: carlos!.id, admin: adminId }[line.from];
      const senderName = { customer: customerName, landscaper: carlosName, admin: "GreenScape support" }[
        line.from
      ];
      messages.push({
        jobId: j.id!,
        senderId: sender,
        senderRole: line.from,
        senderName,
        body: line.body,
        createdAt: line.at,
      });
      for (const [side, userId] of [
        ["customer", customerId],
        ["landscaper", carlos!.id],
      ] as const) {
        if (side === line.from) continue;
        notifications.push({
          userId,
          type: "message",
          message: `${senderName} (${label}): ${line.body.slice(0, 120)}`,
          link: conversationLink[side](j.id!),
          read: line.at.getTime() <= read[side].getTime(),
          createdAt: line.at,
        });
      }
    }
    members.push(
      { jobId: j.id!, userId: customerId, lastReadAt: read.customer, lastEmailedAt: read.emailed ?? null },
      { jobId: j.id!, userId: carlos!.id, lastReadAt: read.landscaper },
    );
  }

  /** The bell items of the landscaper's arrival steps, as the customer got them (seen since). */
  function arrivalAlerts(j: DemoJob) {
    if (!j.customerId || !j.onTheWayAt || !j.etaAt || !j.arrivedAt || !j.workStartedAt) return;
    const alert = (message: string, createdAt: Date) =>
      notifications.push({
        userId: j.customerId!,
        type: "arrival",
        message,
        link: "/dashboard/customer",
        read: true,
        createdAt,
      });
    alert(`${whoIsComing} is on the way — arriving about ${formatCharlotteClock(j.etaAt)}.`, j.onTheWayAt);
    alert(`${whoIsComing} has arrived (${formatCharlotteClock(j.arrivedAt)}).`, j.arrivedAt);
    alert(`${whoIsComing} started the work (${formatCharlotteClock(j.workStartedAt)}).`, j.workStartedAt);
  }

  /** A dispute step's bell item for one person. */
  const tell = (userId: string | null | undefined, message: string, link: string, at: Date, read = true) => {
    if (userId) notifications.push({ userId, type: "dispute", message, link, read, createdAt: at });
  };

  // Olivia's booked visit: Carlos writes once he has taken it; all read.
  const booked = visits.showcaseScheduled;
  if (booked?.acceptedAt && booked.scheduledDate) {
    const start = booked.acceptedAt;
    talk(
      booked,
      [
        {
          from: "landscaper",
          body: `Hi ${firstNameOf(booked.customerName)}, thanks for choosing ${carlos.business ?? "me"}. I have you down for ${formatLongDate(booked.scheduledDate)}. Anything I should know about the yard before I come?`,
          at: later(start, 35 * MINUTE),
        },
        {
          from: "customer",
          body: "Thanks, Carlos! The side gate is usually unlocked. Please keep the mower away from the vegetable garden along the back fence.",
          at: later(start, 2 * HOUR + 10 * MINUTE),
        },
        {
          from: "landscaper",
          body: "Will do. I'll send you an update on the day when I'm on my way.",
          at: later(start, 2 * HOUR + 40 * MINUTE),
        },
      ],
      { customer: later(start, 3 * HOUR), landscaper: later(start, 2 * HOUR + 40 * MINUTE) },
    );
  }

  // Olivia's finished visit, waiting for her approval: the last message (Carlos's, after the work) is unread,
  // and the unread-message email already went (so a fresh start sends none).
  const finished = visits.showcaseCompleted;
  if (finished?.completedAt) {
    const done = finished.completedAt;
    const last = later(done, 7 * MINUTE);
    talk(
      finished,
      [
        {
          from: "customer",
          body: "Hi Carlos, could you bag the clippings tomorrow? The last company left them all over the lawn.",
          at: later(done, -20 * HOUR),
        },
        {
          from: "landscaper",
          body: "Sure thing. I'll bag everything and leave the bags by the curb for pickup.",
          at: later(done, -(19 * HOUR + 20 * MINUTE)),
        },
        {
          from: "landscaper",
          body: "All done for today! I've added photos of the finished work. Let me know if anything needs a touch-up.",
          at: last,
        },
      ],
      {
        customer: later(done, -(18 * HOUR + 55 * MINUTE)),
        landscaper: last,
        emailed: later(last, 10 * MINUTE),
      },
    );
    arrivalAlerts(finished);
    if (finished.workStartedAt) {
      shots.push({
        job: finished,
        shots: [
          photo("before", "overgrown", "landscaper", later(finished.workStartedAt, -2 * MINUTE), 1),
          photo("after", "mowed", "landscaper", later(done, -9 * MINUTE), 5),
          photo("after", "mowed", "landscaper", later(done, -7 * MINUTE), 3),
        ],
      });
    }
  }

  // The open report: the customer's, Carlos's redo offer she turned down, and our team told.
  const open = visits.openDispute;
  if (open?.completedAt && open.problemReportedAt && open.redoOfferedAt && open.redoDeclinedAt) {
    const first = firstNameOf(customerOf(open)?.name ?? open.customerName);
    const label = labelOf(open);
    const name = open.customerName!;
    talk(
      open,
      [
        {
          from: "customer",
          body: "Hi Carlos, I got home and only part of the work was done. The details and a photo are in my report.",
          at: later(open.problemReportedAt, 4 * MINUTE),
        },
        {
          from: "landscaper",
          body: `Sorry about that, ${first}. The back gate was locked when I got there, so I couldn't get to the rest. I can come back on ${weekday(open.redoDate!)} and finish it at no charge.`,
          at: later(open.redoOfferedAt, -3 * MINUTE),
        },
        {
          from: "customer",
          body: "Thanks, but I can't be home for another visit this week. I've asked GreenScape to look at it.",
          at: later(open.redoDeclinedAt, 3 * MINUTE),
        },
      ],
      {
        customer: later(open.redoDeclinedAt, 3 * MINUTE),
        landscaper: later(open.redoDeclinedAt, 40 * MINUTE),
      },
    );
    arrivalAlerts(open);
    shots.push({
      job: open,
      shots: [
        photo("after", "mowed", "landscaper", later(open.completedAt, -8 * MINUTE), 5),
        photo("after", "mowed", "landscaper", later(open.completedAt, -6 * MINUTE), 3),
        photo("problem", "unfinished", "customer", later(open.problemReportedAt, -12 * MINUTE), 10),
      ],
    });
    const reason = problemReasonLabel.partly_done.toLowerCase();
    const reported = open.problemReportedAt;
    const toTeam = `/admin/resolutions?job=${open.id}`;
    tell(
      adminId,
      `${name} reported a problem with ${label}; its payment is held: ${open.problemNote?.slice(0, 140)}`,
      toTeam,
      reported,
    );
    tell(
      carlos.id,
      `${name} reported a problem with ${label} (${reason}). You can offer a redo visit from your dashboard.`,
      "/landscaper-dashboard",
      reported,
    );
    tell(
      open.customerId,
      `We received your report about ${label}. Nothing is charged until it is sorted out.`,
      "/dashboard/customer",
      reported,
    );
    tell(
      open.customerId,
      `Your landscaper offered to come back on ${formatLongDate(open.redoDate!)} to put ${label} right. Accept or decline it on your dashboard.`,
      "/dashboard/customer",
      open.redoOfferedAt,
    );
    const declined = open.redoDeclinedAt;
    tell(
      carlos.id,
      `${name} declined the redo visit for ${label}. Our team will look into it.`,
      "/landscaper-dashboard",
      declined,
      false,
    );
    tell(
      adminId,
      `${name} declined the redo visit for ${label}; the report needs a decision.`,
      toTeam,
      declined,
      false,
    );
  }

  // The resolved report: damage, a partial refund our team settled two days later.
  const resolved = visits.resolvedDispute;
  const refund = resolved ? visits.refunds.get(resolved.id!) : undefined;
  if (resolved?.completedAt && resolved.problemReportedAt && resolved.disputeResolvedAt && refund) {
    const first = firstNameOf(customerOf(resolved)?.name ?? resolved.customerName);
    const label = labelOf(resolved);
    const name = resolved.customerName!;
    const amount = formatCents(refund.cents);
    const settled = resolved.disputeResolvedAt;
    const end = later(settled, 3 * HOUR);
    talk(
      resolved,
      [
        {
          from: "customer",
          body: "Hi Carlos, the trimmer took two hostas in the bed by the front path right down to the ground. The photo is in my report.",
          at: later(resolved.problemReportedAt, 3 * MINUTE),
        },
        {
          from: "landscaper",
          body: `I'm sorry, ${first}. That was my mistake. I'm happy to cover replacing them.`,
          at: later(resolved.problemReportedAt, 15 * HOUR),
        },
        {
          from: "admin",
          body: `Thanks, both. We've refunded ${amount} to ${first}'s card toward new hostas, and the rest of the job is charged as agreed.`,
          at: later(settled, 2 * MINUTE),
        },
      ],
      { customer: end, landscaper: end },
    );
    arrivalAlerts(resolved);
    shots.push({
      job: resolved,
      shots: [
        photo("after", "mowed", "landscaper", later(resolved.completedAt, -6 * MINUTE), 3),
        photo("problem", "damaged", "customer", later(resolved.problemReportedAt, -10 * MINUTE), 8),
      ],
    });
    const reported = resolved.problemReportedAt;
    tell(
      adminId,
      `${name} reported a problem with ${label}; its payment is held: ${resolved.problemNote?.slice(0, 140)}`,
      `/admin/resolutions?job=${resolved.id}`,
      reported,
    );
    tell(
      carlos.id,
      `${name} reported a problem with ${label} (${problemReasonLabel.damage.toLowerCase()}). You can offer a redo visit from your dashboard.`,
      "/landscaper-dashboard",
      reported,
    );
    tell(
      resolved.customerId,
      `We received your report about ${label}. Nothing is charged until it is sorted out.`,
      "/dashboard/customer",
      reported,
    );
    tell(
      resolved.customerId,
      `Our team resolved your report about ${label}: ${amount} is refunded to your card.`,
      "/dashboard/customer",
      later(settled, 7000),
    );
    tell(
      carlos.id,
      `Our team resolved the report about ${label}: ${amount} is refunded to the customer and your earnings adjusted.`,
      "/landscaper-dashboard",
      later(settled, 7000),
    );
    notifications.push({
      userId: carlos.id,
      type: "payment",
      message: `${amount} of ${label} was refunded to the customer; your earnings were adjusted.`,
      link: "/landscaper-dashboard?tab=earnings",
      read: true,
      createdAt: refund.at,
    });
  }

  if (messages.length) await tx.insert(s.jobMessage).values(messages);
  if (members.length) await tx.insert(s.conversationMember).values(members);
  if (notifications.length) await tx.insert(s.notification).values(notifications);
  // Without a storage (a seed called without one) there is nowhere to put the files, so no photo rows
  // either: a row whose file is missing would show a broken image.
  if (options.photos) await storePhotos(tx, options.photos, shots, carlos.id);
}

/** A photo to take: its kind, its look, who took it, when, and how many minutes later it was uploaded. */
function photo(kind: Shot["kind"], look: DemoLook, by: Role, takenAt: Date, uploadMinutes: number): Shot {
  return { kind, look, by, takenAt, uploadedAt: later(takenAt, uploadMinutes * MINUTE) };
}

/** Writes each photo's two files (as addPhotos does: job-photos/<job>/<id>.jpg and -thumb.jpg) and rows. */
async function storePhotos(
  tx: DemoContext["tx"],
  store: DemoPhotoStore,
  jobs: { job: DemoJob; shots: Shot[] }[],
  carlosId: string,
) {
  const { pictures } = store;
  const used: Record<DemoLook, number> = { overgrown: 0, mowed: 0, unfinished: 0, damaged: 0 };
  const rows: (typeof s.jobPhoto.$inferInsert)[] = [];
  const files: [string, Buffer][] = [];
  for (const { job, shots } of jobs) {
    for (const shot of shots) {
      const list = pictures[shot.look];
      const picture = list[used[shot.look]++ % list.length]!;
      const id = randomUUID();
      const key = `job-photos/${job.id}/${id}.jpg`;
      const thumbKey = `job-photos/${job.id}/${id}-thumb.jpg`;
      files.push([key, picture.full], [thumbKey, picture.thumb]);
      rows.push({
        id,
        jobId: job.id!,
        kind: shot.kind,
        visit: 1,
        uploaderId: shot.by === "customer" ? job.customerId : carlosId,
        key,
        thumbKey,
        width: picture.width,
        height: picture.height,
        bytes: picture.full.length,
        takenAt: shot.takenAt,
        createdAt: shot.uploadedAt,
      });
    }
  }
  await Promise.all(
    files.map(async ([key, data]) => {
      await store.storage.put(key, data);
      store.written.push(key);
    }),
  );
  if (rows.length) await tx.insert(s.jobPhoto).values(rows);
}
