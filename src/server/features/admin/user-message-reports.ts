import { desc, eq, or } from "drizzle-orm";
import { USER_MESSAGE_REPORTS_SHOWN, type UserMessageReport } from "../../../shared/account-actions.js";
import type { DbOrTx } from "../../db/client.js";
import { job, jobMessage, jobMessageReport, user } from "../../db/schema.js";

/**
 * The message reports an account is part of (issue 38): the ones it made and the ones about its messages,
 * newest first, each with its job so the admin can open the conversation on Resolutions.
 */
export async function userMessageReports(options: {
  db: DbOrTx;
  userId: string;
}): Promise<UserMessageReport[]> {
  const rows = await options.db
    .select({
      jobId: job.id,
      jobNumber: job.number,
      reportedAt: jobMessageReport.createdAt,
      reason: jobMessageReport.reason,
      reporterId: jobMessageReport.reporterId,
      reporterName: user.name,
      senderName: jobMessage.senderName,
      body: jobMessage.body,
    })
    .from(jobMessageReport)
    .innerJoin(jobMessage, eq(jobMessage.id, jobMessageReport.messageId))
    .innerJoin(job, eq(job.id, jobMessage.jobId))
    .innerJoin(user, eq(user.id, jobMessageReport.reporterId))
    .where(or(eq(jobMessageReport.reporterId, options.userId), eq(jobMessage.senderId, options.userId)))
    .orderBy(desc(jobMessageReport.createdAt))
    .limit(USER_MESSAGE_REPORTS_SHOWN);
  return rows.map((row) => ({
    jobId: row.jobId,
    jobNumber: row.jobNumber,
    reportedAt: row.reportedAt.toISOString(),
    reason: row.reason,
    reporterName: row.reporterName,
    senderName: row.senderName,
    body: row.body,
    byThisUser: row.reporterId === options.userId,
  }));
}
