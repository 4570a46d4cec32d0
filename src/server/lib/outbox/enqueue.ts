import { eq } from "drizzle-orm";
import { builtOnce, placeholders } from "../../db/built-once.js";
import type { DbOrTx } from "../../db/client.js";
import { outbox, user } from "../../db/schema.js";
import { forRecipients } from "../mail/recipients.js";
import { type EmailTemplate, renderEmail } from "../mail/templates.js";
import { currentRequestId } from "../request-context.js";

/**
 * An attachment of an outbox email: one its sender renders when it sends, named by what it is of (a receipt's
 * PDF, so every instance can send it), or a small text file made with the email and kept in its row (a
 * calendar entry, which says the booking as the email does).
 */
export type EmailAttachmentRef =
  | { kind: "receipt"; jobId: string }
  | { kind: "inline"; filename: string; contentType: string; content: string };

/**
 * The lanes of the outbox: each is claimed and sent on its own, so a slow one never holds up another.
 * `fanout` turns one new-job alert into the push and SMS copies of every landscaper it reaches.
 */
export const outboxChannels = ["email", "push", "sms", "fanout"] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/** Queues an email in the same transaction as the change that caused it; the worker sends it. */
export async function enqueueEmail(
  db: DbOrTx,
  to: string,
  input: EmailTemplate,
  /** Files the sender makes at sending time (a receipt's PDF) or that travel in the row (a calendar entry). */
  options: { attachments?: EmailAttachmentRef[] } = {},
): Promise<string> {
  const [id] = await enqueueEmails(db, [{ to, input, attachments: options.attachments }]);
  return id!;
}

/**
 * Queues several emails of one change with one recipient lookup and one insert (the quote's two emails: two
 * round trips instead of four on the busiest write). Answers the new outbox ids.
 */
export async function enqueueEmails(
  db: DbOrTx,
  emails: readonly { to: string; input: EmailTemplate; attachments?: EmailAttachmentRef[] | undefined }[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const safe = await forRecipients(db, emails);
  const requestId = currentRequestId();
  const rows = emails.map((email, i) => {
    const rendered = renderEmail(safe[i]!);
    return {
      channel: "email" as const,
      template: email.input.template,
      to: email.to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      payload: email.attachments?.length ? { attachments: email.attachments } : null,
      requestId,
    };
  });
  const inserted = await emailInsert(rows.length).run(
    db,
    Object.fromEntries(rows.flatMap((row, i) => emailKeys.map((key) => [`${key}${i}`, row[key]]))),
  );
  return inserted.map((r) => r.id);
}

const emailKeys = ["channel", "template", "to", "subject", "html", "text", "payload", "requestId"] as const;
const emailInserts = new Map<number, ReturnType<typeof buildEmailInsert>>();

/** The insert of `count` emails, built once per count (db/built-once.ts): every quote queues two. */
function emailInsert(count: number) {
  const built = emailInserts.get(count);
  if (built) return built;
  const statement = buildEmailInsert(count);
  emailInserts.set(count, statement);
  return statement;
}

function buildEmailInsert(count: number) {
  return builtOnce<{ id: string }, Record<string, unknown>>(
    (db) =>
      db
        .insert(outbox)
        .values(Array.from({ length: count }, (_, i) => placeholders(emailKeys, String(i))))
        .returning({ id: outbox.id }),
    { id: outbox.id },
  );
}

/**
 * Lifecycle emails a user can turn off (email preference); account and receipt emails always go.
 */
export async function enqueueEmailIfOptedIn(
  db: DbOrTx,
  to: string,
  input: EmailTemplate,
): Promise<string | null> {
  const [row] = await db
    .select({ optIn: user.emailOptIn })
    .from(user)
    .where(eq(user.email, to.toLowerCase()));
  if (row && !row.optIn) return null;
  return enqueueEmail(db, to, input);
}
