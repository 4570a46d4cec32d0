import { formatShortDate, todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { monthLabel } from "../../../../shared/reviews";
import { firstNameOf } from "../../../../shared/session";
import { ReviewCard } from "./review-card";
import { Stars } from "./stars";

const day = (iso: string) => formatShortDate(todayInCharlotte(new Date(iso)));

/**
 * The customer's side of a reviewed visit: their review and when it is shown (double-blind: once the
 * landscaper has rated them, or 7 days after it was written), and the landscaper's rating of them once it is
 * released to them.
 */
export function CustomerReviewPanel({ job }: { job: JobView }) {
  const review = job.review;
  if (review?.side !== "customer") return null;
  const pro = job.landscaperName ? firstNameOf(job.landscaperName.split(" · ").at(-1)) : "Your landscaper";
  const now = Date.now();
  const mineShown = review.mineVisibleFrom !== null && new Date(review.mineVisibleFrom).getTime() <= now;
  // The month's review note shows once this visit is rated; before that the rating form says it.
  const seriesNote = review.seriesMonth !== null && review.seriesMonth !== undefined && job.rating !== null;
  if (!review.mine && !review.theirs && !review.theirsWaiting && !seriesNote) return null;
  return (
    <section
      className="grid gap-3 border-t border-slate-100 px-4 py-4 sm:px-5"
      aria-label="Reviews of this visit"
    >
      {review.mine ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold text-slate-900">Your review</h4>
          <p className="text-sm text-slate-600" data-testid="review-visibility">
            {mineShown
              ? `Released: it shows in ${pro}'s reviews and counts in their rating.`
              : `${pro} and visitors to their profile see it on ${day(review.mineVisibleFrom!)}, or as soon as ${pro} rates this visit.`}
          </p>
          <ReviewCard review={review.mine} replyBy={pro} className="rounded-lg border border-slate-200 p-3" />
        </div>
      ) : seriesNote && review.seriesMonth ? (
        <p className="text-sm text-slate-600">
          Your {monthLabel(review.seriesMonth)} review of this service is already published; this visit's
          stars stay with the visit.
        </p>
      ) : null}
      {review.theirs ? (
        <div className="grid gap-1 text-sm" data-testid="rating-of-you">
          <h4 className="font-semibold text-slate-900">How {pro} rated you</h4>
          <Stars value={review.theirs.stars} label={`${pro}'s rating of you`} />
          {review.theirs.note ? (
            <p className="whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">
              “{review.theirs.note}”
            </p>
          ) : null}
          <p className="text-xs text-slate-500">Other landscapers see only your average.</p>
        </div>
      ) : review.theirsWaiting && review.theirsVisibleFrom ? (
        <p className="text-sm text-slate-600">
          {pro} has rated you. You see it once you review this visit, or on {day(review.theirsVisibleFrom)}.
        </p>
      ) : null}
    </section>
  );
}
