import { formatCharlotteClock, formatLongDate } from "../../../shared/dates.js";
import { landscaperDisplayName } from "../../../shared/landscapers.js";
import { jobLabel } from "../../../shared/services.js";
import { firstNameOf } from "../../../shared/session.js";
import { conversationLink } from "../../features/conversations/index.js";
import * as s from "../schema.js";
import { type DemoJob, HOUR, later, MINUTE } from "./demo-booking.js";
import type { DemoContext, DemoCustomer, DemoLandscaper } from "./demo-people.js";
import type { DemoPhotoStore } from "./demo-photos.js";
import { openDisputeProof, resolvedDisputeProof } from "./demo-proof-disputes.js";
import { photo, type Role, type Shot, storePhotos } from "./demo-proof-photos.js";
import type { DemoVisits } from "./demo-visits.js";

/**
 * After the jobs are written, what issue 16's screens show of the visits ./demo-visits.ts prepared: the
 * photos (with a storage only), the conversations with their read marks (Olivia has one message from Carlos
 * unread, on the work waiting for her approval), and the bell items the app would have written along the
 * way (message, arrival and dispute alerts). The rows go with their jobs or people when the demo is removed.
 * Olivia's two showcase jobs are here; the two problem reports are ./demo-proof-disputes.ts, the photo files
 * ./demo-proof-photos.ts.
 */

interface Line {
  from: Role;
  body: string;
  at: Date;
}

/** What each part of the proof seed adds to (./demo-proof-disputes.ts): the rows, and how to make them. */
export interface ProofBook {
  talk: (j: DemoJob, lines: Line[], read: { customer: Date; landscaper: Date; emailed?: Date }) => void;
  arrivalAlerts: (j: DemoJob) => void;
  tell: (userId: string | null | undefined, message: string, link: string, at: Date, read?: boolean) => void;
  shots: { job: DemoJob; shots: Shot[] }[];
  notifications: (typeof s.notification.$inferInsert)[];
  labelOf: (j: DemoJob) => string;
  customerOf: (j: DemoJob) => DemoCustomer | undefined;
  carlos: DemoLandscaper;
  adminId: string | null;
}

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
  const book: ProofBook = {
    talk,
    arrivalAlerts,
    tell,
    shots,
    notifications,
    labelOf,
    customerOf,
    carlos,
    adminId,
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

  const open = visits.openDispute;
  if (open) openDisputeProof(book, open);

  const resolved = visits.resolvedDispute;
  const refund = resolved ? visits.refunds.get(resolved.id!) : undefined;
  if (resolved && refund) resolvedDisputeProof(book, resolved, refund);

  if (messages.length) await tx.insert(s.jobMessage).values(messages);
  if (members.length) await tx.insert(s.conversationMember).values(members);
  if (notifications.length) await tx.insert(s.notification).values(notifications);
  // Without a storage (a seed called without one) there is nowhere to put the files, so no photo rows
  // either: a row whose file is missing would show a broken image.
  if (options.photos) await storePhotos(tx, options.photos, shots, carlos.id);
}
