import type { JobView } from "../../../../shared/jobs";

/** A request finished (approved or cancelled) this many days ago still shows among the current ones. */
export const RECENT_DAYS = 7;

/**
 * The customer's request cards in three lists (issue 33 review: one list of 16 cards, newest first, buried the
 * one decision the customer had to make under months-old visits):
 * - `needsYou`: an offer to approve, finished work to approve (a visit moved for the weather is not: keeping
 *   the new day needs no answer);
 * - `current`: waiting for offers, booked, under way, a problem being looked at, or finished in the last week
 *   (so a card does not vanish the moment it is approved, rated or cancelled);
 * - `past`: approved work and cancelled requests older than that, folded away.
 * Each newest first.
 */
export function requestSections(
  cards: JobView[],
  now: Date = new Date(),
): { needsYou: JobView[]; current: JobView[]; past: JobView[] } {
  const needsYou: JobView[] = [];
  const current: JobView[] = [];
  const past: JobView[] = [];
  const recentSince = now.getTime() - RECENT_DAYS * 86_400_000;
  const recent = (when: string | null | undefined) => !when || new Date(when).getTime() >= recentSince;
  for (const job of [...cards].sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
    if (job.status === "cancelled") (recent(job.updatedAt) ? current : past).push(job);
    else if (job.status === "completed") {
      if (job.workApprovedAt) (recent(job.workApprovedAt) ? current : past).push(job);
      else if (job.problemReportedAt) current.push(job);
      else needsYou.push(job);
    } else if (job.status === "accepted") needsYou.push(job);
    else current.push(job);
  }
  return { needsYou, current, past };
}
