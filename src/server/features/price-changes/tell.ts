import { priceChangeAmount } from "../../../shared/price-change.js";
import { formatCents, jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Tx } from "../../db/client.js";
import { enqueueEmailIfOptedIn } from "../../lib/outbox/enqueue.js";
import { customerDashboardUrl, type JobRow, tellPerson } from "../jobs/index.js";
import { notify } from "../notifications/index.js";
import type { PriceChangeRow } from "./rules.js";

/** What people are told of a price change: the bell (with its push and text copies) and an email, in its transaction. */

function prices(change: Pick<PriceChangeRow, "agreedCents" | "askedCents" | "seriesId">) {
  const perVisit = change.seriesId !== null;
  return {
    agreed: priceChangeAmount(formatCents(change.agreedCents), perVisit),
    asked: priceChangeAmount(formatCents(change.askedCents), perVisit),
    perVisit,
  };
}

/**
 * The customer, by the bell when they have an account and by email to the request's address (a visitor's
 * request has no account yet), as the offer itself reached them.
 */
async function tellCustomer(
  tx: Tx,
  env: Env,
  current: JobRow,
  options: { message: string; subject: string; paragraphs: string[]; facts?: [string, string][] },
) {
  if (current.customerId)
    await notify(tx, [
      { userId: current.customerId, type: "job", message: options.message, link: "/dashboard/customer" },
    ]);
  await enqueueEmailIfOptedIn(tx, current.customerEmail, {
    template: "job_update",
    kind: "price_change",
    name: current.customerName,
    subject: options.subject,
    paragraphs: options.paragraphs,
    ...(options.facts ? { facts: options.facts } : {}),
    jobNumber: jobLabel(current.number),
    actionLabel: "Answer on your dashboard",
    url: customerDashboardUrl(env),
  });
}

export async function tellAsked(
  tx: Tx,
  env: Env,
  current: JobRow,
  change: PriceChangeRow,
  landscaperName: string,
) {
  const { agreed, asked, perVisit } = prices(change);
  const label = jobLabel(current.number);
  await tellCustomer(tx, env, current, {
    message: `${landscaperName} asks ${asked} instead of the agreed ${agreed} for ${label}: ${change.reason} Approve or decline it on your dashboard; until you answer, the agreed ${agreed} stands.`,
    subject: `${label}: your landscaper asks for a price change`,
    paragraphs: [
      `${landscaperName} asks to change the price of ${label} from ${agreed} to ${asked} before the work, and says why: "${change.reason}" Their photos are on your dashboard.`,
      `If you approve, ${asked} becomes the agreed price${perVisit ? " of this visit and the later ones" : ""}, and anything held on your card follows it. If you decline, the agreed ${agreed} stands, and your landscaper may withdraw from the job. If you don't answer, nothing changes: the agreed ${agreed} stands.`,
    ],
    facts: [
      ["Agreed price", agreed],
      ["New price asked", asked],
    ],
  });
}

export async function tellWithdrawn(tx: Tx, env: Env, current: JobRow, change: PriceChangeRow) {
  const { agreed } = prices(change);
  const label = jobLabel(current.number);
  const message = `Your landscaper took back the price change they asked for ${label}: the agreed ${agreed} stands.`;
  await tellCustomer(tx, env, current, {
    message,
    subject: `${label}: the price change was taken back`,
    paragraphs: [message, "There is nothing for you to answer."],
  });
}

export async function tellAnswered(
  tx: Tx,
  env: Env,
  current: JobRow,
  change: PriceChangeRow,
  approved: boolean,
) {
  const { agreed, asked, perVisit } = prices(change);
  const label = jobLabel(current.number);
  const leave = perVisit ? "leave the series" : "withdraw from the job";
  await tellPerson(tx, env, {
    userId: change.landscaperId,
    party: "landscaper",
    type: "job",
    jobNumber: label,
    message: approved
      ? `${current.customerName} approved your price change for ${label}: ${asked} is the agreed price now${perVisit ? " of this visit and the later ones" : ""}.`
      : `${current.customerName} declined your price change for ${label}: the agreed ${agreed} stands. Keep the job at ${agreed}, or ${leave}: after a declined price change that leaves no mark on your record.`,
    subject: approved ? `${label}: your new price was approved` : `${label}: your price change was declined`,
  });
}
