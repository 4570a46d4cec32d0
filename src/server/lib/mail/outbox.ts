import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db, DbOrTx } from "../../db/client.js";
import { emailOutbox, user } from "../../db/schema.js";
import { forRecipient } from "./recipients.js";
import { type EmailTemplate, renderEmail } from "./templates.js";

/** Queues an email in the same transaction as the change that caused it; the worker sends it. */
export async function enqueueEmail(db: DbOrTx, to: string, input: EmailTemplate): Promise<string> {
  const rendered = renderEmail(await forRecipient(db, to, input));
  const [row] = await db
    .insert(emailOutbox)
    .values({
      template: input.template,
      to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
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

export const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min … capped at 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export interface MailWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  from: string;
  smtpUrl?: string | undefined;
  /** Where development writes .eml files when no SMTP server is set. */
  mailDir: string;
  pollMs?: number;
  /** Senders for the other channels queued in the same outbox (push, sms). */
  channels?: Partial<Record<string, (message: OutboxRow) => Promise<void>>>;
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Sends queued emails with retries and backoff. Rows are claimed with SKIP LOCKED and a lease,
 * so several app instances can run workers on one database and a crash mid-send only delays a message.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly transport: Transporter;
  private readonly toFiles: boolean;

  constructor(private readonly options: MailWorkerOptions) {
    this.toFiles = !options.smtpUrl;
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  }

  start() {
    const poll = this.options.pollMs ?? 2000;
    const tick = async () => {
      try {
        await this.drain();
      } catch (error) {
        this.options.log.error({ err: error }, "mail worker tick failed");
      }
      this.timer = setTimeout(tick, poll);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, 200);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    this.transport.close();
  }

  /** Sends every message that is due now; answers how many were sent. */
  drain(): Promise<number> {
    if (!this.running) {
      this.running = this.sendDue().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async claim(limit: number) {
    const { db } = this.options;
    // The database's clock, not this process's: rows are stamped by now() in microseconds, and a
    // millisecond JavaScript date taken right after an insert can fall before it.
    const now = sql`now()`;
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "pending"),
          lte(emailOutbox.nextAttemptAt, now),
          or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(emailOutbox.nextAttemptAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    return (
      db
        .update(emailOutbox)
        // A short lease on a small batch: after a crash, at most a few messages wait at most 30 s.
        .set({ lockedUntil: sql`now() + interval '30 seconds'` })
        .where(inArray(emailOutbox.id, due))
        .returning()
    );
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim(5);
      if (batch.length === 0) return sent;
      for (const message of batch) {
        try {
          if (message.channel === "email") {
            const info = await this.transport.sendMail({
              from: this.options.from,
              to: message.to,
              subject: message.subject,
              html: message.html,
              text: message.text,
              messageId: `<${message.id}@greenscape.local>`,
            });
            if (this.toFiles) await this.writeEml(message, info.message as Buffer);
          } else {
            const send = this.options.channels?.[message.channel];
            if (!send) throw new Error(`No sender for channel ${message.channel}`);
            await send(message);
          }
          await this.options.db
            .update(emailOutbox)
            .set({
              status: "sent",
              sentAt: new Date(),
              attempts: message.attempts + 1,
              lockedUntil: null,
              lastError: null,
            })
            .where(eq(emailOutbox.id, message.id));
          sent++;
        } catch (error) {
          const attempts = message.attempts + 1;
          const failed = attempts >= MAX_ATTEMPTS;
          this.options.log.warn(
            { err: error, to: message.to, attempts },
            failed ? "email failed for good" : "email send failed; will retry",
          );
          await this.options.db
            .update(emailOutbox)
            .set({
              attempts,
              status: failed ? "failed" : "pending",
              lastError: error instanceof Error ? error.message : String(error),
              nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
              lockedUntil: null,
            })
            .where(eq(emailOutbox.id, message.id));
          // The SMTP server is probably down: leave the rest of the batch for the next tick.
          if (message.channel === "email" && !this.toFiles) {
            await this.options.db
              .update(emailOutbox)
              .set({ lockedUntil: null })
              .where(
                inArray(
                  emailOutbox.id,
                  batch.map((m) => m.id),
                ),
              );
            return sent;
          }
        }
      }
    }
  }

  private async writeEml(message: { id: string; to: string; subject: string; text: string }, raw: Buffer) {
    await mkdir(this.options.mailDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(this.options.mailDir, `${stamp}-${message.id}.eml`);
    await writeFile(file, raw);
    const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    this.options.log.info(
      { to: message.to, subject: message.subject, links, file },
      "email written (no SMTP_URL set)",
    );
  }
}
