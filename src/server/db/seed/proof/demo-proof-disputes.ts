import { formatLongDate } from "../../../../shared/dates.js";
import { problemReasonLabel } from "../../../../shared/proof.js";
import { formatCents } from "../../../../shared/services.js";
import { firstNameOf } from "../../../../shared/session.js";
import { type DemoJob, HOUR, later, MINUTE } from "../demo-fixtures.js";
import type { ProofBook } from "./demo-proof-book.js";
import { photo } from "./demo-proof-photos.js";

/**
 * The demo's two problem reports on jobs with Carlos, as the dispute flow leaves them (./demo-proof.ts
 * writes the rows): their conversations, photos and every step's bell items.
 */

const weekday = (iso: string) => formatLongDate(iso).split(",")[0]!;

/** The open report: the customer's, Carlos's redo offer she turned down, and our team told. */
export function openDisputeProof(book: ProofBook, open: DemoJob) {
  const { talk, arrivalAlerts, tell, shots, labelOf, customerOf, carlos, adminId } = book;
  if (!open.completedAt || !open.problemReportedAt || !open.redoOfferedAt || !open.redoDeclinedAt) return;
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

/** The resolved report: damage, a partial refund our team settled two days later. */
export function resolvedDisputeProof(
  book: ProofBook,
  resolved: DemoJob,
  refund: { cents: number; at: Date },
) {
  const { talk, arrivalAlerts, tell, shots, labelOf, customerOf, carlos, adminId, notifications } = book;
  if (!resolved.completedAt || !resolved.problemReportedAt || !resolved.disputeResolvedAt) return;
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
