import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import {
  type ConversationAnswer,
  conversationMessages,
  type MessageItem,
  type MessageRole,
  maskContacts,
} from "../../../shared/conversations.js";
import { contactApproved } from "../../../shared/jobs.js";
import { jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { conversationMember, job, jobMessage, jobMessageReport, notification } from "../../db/schema.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import type { Storage } from "../../lib/storage.js";
import type { Principal } from "../accounts/index.js";
import { landscaperNameOf } from "../landscapers/index.js";
import { notify, notifyAdmins } from "../notifications/index.js";
import { jobForParty, processPhoto } from "../proof/index.js";

type JobRow = typeof job.$inferSelect;
type MessageRow = typeof jobMessage.$inferSelect;

/** Where each side opens a job's conversation (notification links; the dashboards read ?conversation=). */
export const conversationLink = {
  customer: (jobId: string) => `/dashboard/customer?conversation=${jobId}`,
  landscaper: (jobId: string) => `/landscaper-dashboard?conversation=${jobId}`,
  admin: (jobId: string) => `/admin/resolutions?conversation=${jobId}`,
};

/** The caller's side of the conversation: a party to the job, or our team looking in. */
function roleOn(row: JobRow, principal: Principal): MessageRole {
  if (row.customerId === principal.userId) return "customer";
  if (row.landscaperId === principal.userId) return "landscaper";
  return "admin";
}

/**
 * A landscaper reads the conversation from when they took the job (job.accepted_at, set on accepting and
 * cleared on withdrawing): one who takes over a job another landscaper withdrew from must not read what was
 * said before, which can hold both sides' phone numbers and emails, typed unmasked once the job was booked,
 * while for them it is only accepted. The customer and our team keep the whole history. Test: "does not show
 * a landscaper who takes over a job what was said with the one who withdrew".
 */
function visibleSince(row: JobRow, role: MessageRole): Date | null {
  return role === "landscaper" ? row.acceptedAt : null;
}
/** The same rule in SQL, for `userId` reading a message of a job (joined as `job`). */
const visibleTo = (userId: string) =>
  sql`(${job.landscaperId} is distinct from ${userId} or ${jobMessage.createdAt} >= coalesce(${job.acceptedAt}, '-infinity'::timestamptz))`;

const disputeOpen = (row: JobRow) => row.disputeReportedAt !== null && row.disputeResolvedAt === null;
/** Phone numbers and emails are hidden until the customer has booked (the job is scheduled). */
const masking = (row: JobRow) => row.status !== "scheduled" && row.status !== "completed";

/** Whether the caller may write now, and if not, why. */
function writeRule(row: JobRow, role: MessageRole): string | null {
  if (!row.landscaperId) return conversationMessages.noLandscaper;
  if (role === "admin") return disputeOpen(row) ? null : conversationMessages.adminOnlyInDispute;
  if (!["accepted", "scheduled", "completed"].includes(row.status)) return conversationMessages.closed;
  return null;
}

function toItem(row: MessageRow, principal: Principal, reported: Set<string>): MessageItem {
  const base = `/api/jobs/${row.jobId}/messages/${row.id}/image`;
  return {
    id: row.id,
    senderRole: row.senderRole as MessageRole,
    senderName: row.senderName,
    mine: row.senderId === principal.userId,
    body: row.body,
    masked: row.masked,
    image: row.imageKey ? { thumbUrl: `${base}?size=thumb`, fullUrl: `${base}?size=full` } : null,
    createdAt: row.createdAt.toISOString(),
    reportedByMe: reported.has(row.id),
  };
}

/** Messages from others after the person's last read, per job. */
export async function unreadByJob(
  db: DbOrTx,
  userId: string,
  jobIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (jobIds.length === 0) return counts;
  const rows = await db
    .select({ jobId: jobMessage.jobId, n: sql<number>`count(*)::int` })
    .from(jobMessage)
    .innerJoin(job, eq(job.id, jobMessage.jobId))
    .leftJoin(
      conversationMember,
      and(eq(conversationMember.jobId, jobMessage.jobId), eq(conversationMember.userId, userId)),
    )
    .where(
      and(
        inArray(jobMessage.jobId, jobIds),
        sql`${jobMessage.senderId} is distinct from ${userId}`,
        sql`${jobMessage.createdAt} > coalesce(${conversationMember.lastReadAt}, '-infinity'::timestamptz)`,
        visibleTo(userId),
      ),
    )
    .groupBy(jobMessage.jobId);
  for (const row of rows) counts.set(row.jobId, row.n);
  return counts;
}

/** GET /api/jobs/:id/messages: the thread as the caller sees it. */
export async function readConversation(options: {
  db: Db;
  principal: Principal;
  jobId: string;
}): Promise<ConversationAnswer> {
  const { db, principal } = options;
  const current = await jobForParty(db, principal, options.jobId);
  const role = roleOn(current, principal);
  const since = visibleSince(current, role);
  const rows = await db
    .select()
    .from(jobMessage)
    .where(and(eq(jobMessage.jobId, current.id), since ? gte(jobMessage.createdAt, since) : undefined))
    .orderBy(asc(jobMessage.createdAt))
    .limit(500);
  const reports = await db
    .select({ id: jobMessageReport.messageId })
    .from(jobMessageReport)
    .innerJoin(jobMessage, eq(jobMessage.id, jobMessageReport.messageId))
    .where(and(eq(jobMessage.jobId, current.id), eq(jobMessageReport.reporterId, principal.userId)));
  const reported = new Set(reports.map((r) => r.id));
  const closedReason = writeRule(current, role);
  const unread = (await unreadByJob(db, principal.userId, [current.id])).get(current.id) ?? 0;
  return {
    jobId: current.id,
    jobNumber: current.number,
    withName: await otherSideName(db, current, role),
    messages: rows.map((row) => {
      const item = toItem(row, principal, reported);
      // The customer's name on their own messages follows the job card's rule for this landscaper.
      return role === "landscaper" && row.senderRole === "customer" && !contactApproved(current)
        ? { ...item, senderName: "The customer" }
        : item;
    }),
    canWrite: closedReason === null,
    closedReason,
    masking: masking(current),
    unread: role === "admin" ? 0 : unread,
  };
}

async function otherSideName(db: DbOrTx, row: JobRow, role: MessageRole): Promise<string> {
  const landscaperName = row.landscaperId ? await landscaperNameOf(db, row.landscaperId) : null;
  if (role === "customer") return landscaperName ?? "Your landscaper";
  // Before the customer approves this landscaper, their name stays theirs, as on the job card.
  if (role === "landscaper") return contactApproved(row) ? row.customerName : "The customer";
  return `${row.customerName} and ${landscaperName ?? "the landscaper"}`;
}

/**
 * Sends a message (text, an image, or both): masked if the job is not booked yet, stored, the sender's own
 * read mark moved past it, and the other side told (bell, push per their message preference; the unread
 * email comes later from the pass).
 */
export async function sendMessage(options: {
  db: Db;
  env: Env;
  storage: Storage;
  principal: Principal;
  jobId: string;
  body: string;
  image?: Buffer | undefined;
}): Promise<MessageItem> {
  const { db, principal, storage } = options;
  const current = await jobForParty(db, principal, options.jobId);
  const role = roleOn(current, principal);
  const closed = writeRule(current, role);
  if (closed) throw conflict(closed);
  if (!options.body && !options.image) throw badRequest(conversationMessages.empty);

  const { text, masked } = masking(current)
    ? maskContacts(options.body)
    : { text: options.body, masked: false };
  const id = randomUUID();
  let imageKey: string | null = null;
  let imageThumbKey: string | null = null;
  if (options.image) {
    const photo = await processPhoto(options.image);
    imageKey = `job-messages/${current.id}/${id}.jpg`;
    imageThumbKey = `job-messages/${current.id}/${id}-thumb.jpg`;
    await storage.put(imageKey, photo.full);
    await storage.put(imageThumbKey, photo.thumb);
  }
  const senderName =
    role === "landscaper"
      ? ((await landscaperNameOf(db, principal.userId)) ?? principal.name)
      : role === "admin"
        ? "GreenScape support"
        : principal.name;
  try {
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(jobMessage)
        .values({
          id,
          jobId: current.id,
          senderId: principal.userId,
          senderRole: role,
          senderName,
          body: text,
          masked,
          imageKey,
          imageThumbKey,
        })
        .returning();
      await tx
        .insert(conversationMember)
        .values({ jobId: current.id, userId: principal.userId, lastReadAt: row!.createdAt })
        .onConflictDoUpdate({
          target: [conversationMember.jobId, conversationMember.userId],
          set: { lastReadAt: row!.createdAt },
        });
      const preview = text ? text.slice(0, 120) : "sent a photo";
      const label = jobLabel(current.number);
      const recipients = [
        role !== "customer" && current.customerId
          ? { userId: current.customerId, link: conversationLink.customer(current.id) }
          : null,
        role !== "landscaper" && current.landscaperId
          ? { userId: current.landscaperId, link: conversationLink.landscaper(current.id) }
          : null,
      ].filter((r) => r !== null && r.userId !== principal.userId);
      await notify(
        tx,
        recipients.map((r) => ({
          userId: r!.userId,
          type: "message" as const,
          message: `${senderName} (${label}): ${preview}`,
          link: r!.link,
        })),
      );
      return row!;
    });
    return toItem(row, principal, new Set());
  } catch (error) {
    if (imageKey)
      await Promise.all([imageKey, imageThumbKey!].map((k) => storage.delete(k).catch(() => undefined)));
    throw error;
  }
}

/** The caller has read the thread: their read mark moves to now and its bell items are marked read. */
export async function markConversationRead(options: { db: Db; principal: Principal; jobId: string }) {
  const { db, principal } = options;
  const current = await jobForParty(db, principal, options.jobId);
  const role = roleOn(current, principal);
  await db.transaction(async (tx) => {
    await tx
      .insert(conversationMember)
      .values({ jobId: current.id, userId: principal.userId, lastReadAt: sql`now()` })
      .onConflictDoUpdate({
        target: [conversationMember.jobId, conversationMember.userId],
        set: { lastReadAt: sql`now()` },
      });
    await tx
      .update(notification)
      .set({ read: true })
      .where(
        and(
          eq(notification.userId, principal.userId),
          eq(notification.type, "message"),
          eq(notification.read, false),
          eq(notification.link, conversationLink[role](current.id)),
        ),
      );
  });
}

/**
 * The job `jobId` as `principal` is a party to it, and its message `messageId` if they may see it (a landscaper
 * who took the job over sees nothing from before their time): undefined otherwise, for the caller's 404.
 */
async function visibleMessage(db: Db, principal: Principal, jobId: string, messageId: string) {
  const current = await jobForParty(db, principal, jobId);
  const since = visibleSince(current, roleOn(current, principal));
  const [message] = await db
    .select()
    .from(jobMessage)
    .where(
      and(
        eq(jobMessage.id, messageId),
        eq(jobMessage.jobId, current.id),
        since ? gte(jobMessage.createdAt, since) : undefined,
      ),
    );
  return { current, message };
}

/** Someone on the conversation reports a message to our team (once each). */
export async function reportMessage(options: {
  db: Db;
  env: Env;
  principal: Principal;
  jobId: string;
  messageId: string;
  reason: string;
}) {
  const { db, principal } = options;
  const { current, message } = await visibleMessage(db, principal, options.jobId, options.messageId);
  if (!message) throw notFound("Message not found.");
  if (message.senderId === principal.userId) throw conflict("You cannot report your own message.");
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(jobMessageReport)
      .values({ messageId: message.id, reporterId: principal.userId, reason: options.reason })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return;
    await notifyAdmins(tx, options.env, {
      type: "message",
      message: `${principal.name} reported a message from ${message.senderName} on ${jobLabel(current.number)}: ${options.reason.slice(0, 140)}`,
      link: conversationLink.admin(current.id),
    });
  });
}

/** A message's image, for the people on the conversation. */
export async function readMessageImage(options: {
  db: Db;
  storage: Storage;
  principal: Principal;
  jobId: string;
  messageId: string;
  size: "thumb" | "full";
}) {
  const { message } = await visibleMessage(options.db, options.principal, options.jobId, options.messageId);
  const key = options.size === "thumb" ? message?.imageThumbKey : message?.imageKey;
  if (!key) throw notFound("Image not found.");
  const file = await options.storage.get(key);
  if (!file) throw notFound("Image not found.");
  return file;
}
