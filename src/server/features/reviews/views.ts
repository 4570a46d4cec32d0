import type { ReviewView } from "../../../shared/reviews.js";
import type { review } from "../../db/schema.js";

export type ReviewRow = typeof review.$inferSelect;

/**
 * A review as anyone reads it: a removed one keeps only its author, date and the admin's reason, which shows
 * in place of its stars, text and reply ("Removed by GreenScape: <reason>").
 */
export function toReviewView(row: ReviewRow): ReviewView {
  const removed = row.removedAt !== null;
  return {
    id: row.id,
    authorName: row.authorName,
    submittedAt: row.submittedAt.toISOString(),
    quality: removed ? null : row.quality,
    punctuality: removed ? null : row.punctuality,
    communication: removed ? null : row.communication,
    body: removed ? null : row.body,
    reply: removed ? null : row.reply,
    repliedAt: removed ? null : (row.repliedAt?.toISOString() ?? null),
    removedReason: removed ? (row.removedReason ?? "") : null,
  };
}
