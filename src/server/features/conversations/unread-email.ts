import { sql } from "drizzle-orm";
import { jobLabel } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import { type Db, rowsOf } from "../../db/client.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import { conversationLink } from "./service.js";

/** A message unread this long is emailed (MESSAGE_EMAIL_DELAY_MS; 10 minutes)… */
export const UNREAD_EMAIL_DELAY_MS = 10 * 60_000;
/** …at most once per conversation and person in this long. */
const EMAIL_GAP = "1 hour";
const BATCH = 50;

/**
 * Emails each person who has had a message waiting unread in a job's conversation for the delay, once per
 * conversation per hour, if their email and message preferences allow. Safe on every instance at once: each
 * person's conversation row is claimed with SKIP LOCKED and re-checked before its mark moves, in the
 * transaction that queues the email.
 */
export async function sendUnreadMessageEmails(options: {
  db: Db;
  env: Env;
  delayMs?: number;
}): Promise<number> {
  const { db, env } = options;
  const delay = `${Math.round((options.delayMs ?? UNREAD_EMAIL_DELAY_MS) / 1000)} seconds`;
  // Who has waiting messages: the customer and the landscaper of jobs with a message in the last two days
  // (older unread messages have had their email).
  const due = rowsOf<{ job_id: string; user_id: string }>(
    await db.execute(sql`
    select distinct m.job_id, r.user_id
    from job_message m
    join job j on j.id = m.job_id
    cross join lateral (values (j.customer_id), (j.landscaper_id)) as r(user_id)
    left join conversation_member cm on cm.job_id = m.job_id and cm.user_id = r.user_id
    where m.created_at > now() - interval '2 days'
      and m.created_at <= now() - ${delay}::interval
      and r.user_id is not null
      and m.sender_id is distinct from r.user_id
      -- A landscaper is not told of what was said before they took the job (service.ts visibleSince).
      and (r.user_id is distinct from j.landscaper_id or m.created_at >= coalesce(j.accepted_at, '-infinity'))
      and m.created_at > coalesce(cm.last_read_at, '-infinity')
      and m.created_at > coalesce(cm.last_emailed_at, '-infinity')
      and (cm.last_emailed_at is null or cm.last_emailed_at < now() - ${EMAIL_GAP}::interval)
    limit ${BATCH}`),
  );
  let sent = 0;
  for (const { job_id: jobId, user_id: userId } of due) {
    const emailed = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into conversation_member (job_id, user_id) values (${jobId}, ${userId})
        on conflict do nothing`);
      const claimed = rowsOf<{
        n: number;
        email: string;
        name: string;
        email_opt_in: boolean;
        message_alerts: boolean;
        number: number;
        landscaper_id: string | null;
        last_sender: string;
      }>(
        await tx.execute(sql`
        with member as (
          select * from conversation_member where job_id = ${jobId} and user_id = ${userId}
          for update skip locked
        ),
        waiting as (
          select m.sender_name, m.created_at from job_message m, member cm, job jm
          where m.job_id = cm.job_id and m.sender_id is distinct from cm.user_id
            and jm.id = m.job_id
            and (cm.user_id is distinct from jm.landscaper_id or m.created_at >= coalesce(jm.accepted_at, '-infinity'))
            and m.created_at <= now() - ${delay}::interval
            and m.created_at > coalesce(cm.last_read_at, '-infinity')
            and m.created_at > coalesce(cm.last_emailed_at, '-infinity')
            and (cm.last_emailed_at is null or cm.last_emailed_at < now() - ${EMAIL_GAP}::interval)
        )
        select (select count(*)::int from waiting) as n,
          (select sender_name from waiting order by created_at desc limit 1) as last_sender,
          u.email, u.name, u.email_opt_in, u.message_alerts, j.number, j.landscaper_id
        from member, "user" u, job j
        where u.id = member.user_id and j.id = member.job_id`),
      );
      const row = claimed[0];
      if (!row || row.n === 0) return false;
      await tx.execute(sql`update conversation_member set last_emailed_at = now()
        where job_id = ${jobId} and user_id = ${userId}`);
      if (!row.email_opt_in || !row.message_alerts) return false;
      const label = jobLabel(row.number);
      const link =
        row.landscaper_id === userId ? conversationLink.landscaper(jobId) : conversationLink.customer(jobId);
      await enqueueEmail(tx, row.email, {
        template: "job_update",
        kind: "message",
        name: row.name,
        subject: `${row.n === 1 ? "A new message" : `${row.n} new messages`} about ${label}`,
        paragraphs: [
          `${row.last_sender} wrote to you about ${label} and it is waiting unread.`,
          "Reply from your dashboard; the conversation keeps both sides' details private until the job is booked.",
        ],
        jobNumber: label,
        actionLabel: "Read and reply",
        url: `${env.PUBLIC_URL}${link}`,
      });
      return true;
    });
    if (emailed) sent += 1;
  }
  return sent;
}
