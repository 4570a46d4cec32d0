import { eq } from "drizzle-orm";
import type { Env } from "../../config/env.js";
import type { Tx } from "../../db/client.js";
import { user } from "../../db/schema.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import { type NewNotification, notify } from "../notifications/index.js";

/** Where each kind of person follows their jobs. */
export const dashboardPath = {
  customer: "/dashboard/customer",
  landscaper: "/landscaper-dashboard",
  admin: "/admin/resolutions",
} as const;
export type Party = keyof typeof dashboardPath;

/**
 * One step of a visit or a dispute, told to one person: the bell (with its push and text copies, by their
 * preferences) and an email when their email preference (and, for arrival updates, their arrival
 * preference) says so. Runs in the step's transaction: a rolled-back step tells no one.
 */
export async function tellPerson(
  tx: Tx,
  env: Env,
  options: {
    userId: string | null;
    party: Party;
    type: Extract<NewNotification["type"], "arrival" | "dispute" | "job">;
    jobNumber: string;
    message: string;
    subject: string;
    /** Email paragraphs after the message itself. */
    more?: string[];
    link?: string;
  },
) {
  if (!options.userId) return;
  const link = options.link ?? dashboardPath[options.party];
  await notify(tx, [{ userId: options.userId, type: options.type, message: options.message, link }]);
  const [person] = await tx
    .select({
      email: user.email,
      name: user.name,
      emailOptIn: user.emailOptIn,
      arrivalAlerts: user.arrivalAlerts,
    })
    .from(user)
    .where(eq(user.id, options.userId));
  if (!person?.emailOptIn || (options.type === "arrival" && !person.arrivalAlerts)) return;
  await enqueueEmail(tx, person.email, {
    template: "job_update",
    kind: options.type === "arrival" ? "arrival" : "dispute",
    name: person.name,
    subject: options.subject,
    paragraphs: [options.message, ...(options.more ?? [])],
    jobNumber: options.jobNumber,
    actionLabel: "Open your dashboard",
    url: `${env.PUBLIC_URL}${link}`,
  });
}
