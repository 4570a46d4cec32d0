import { formatShortDate, todayInCharlotte } from "../../../../shared/dates";
import { type ReviewView, removedText } from "../../../../shared/reviews";
import { cn } from "../../../lib/utils";
import { ReportReviewDialog } from "./report-review-dialog";
import { StarGroups } from "./stars";

const day = (iso: string) => formatShortDate(todayInCharlotte(new Date(iso)));

/**
 * One review as anyone reads it: who wrote it ("Olivia B.") and when, the three stars, the text and the
 * landscaper's reply; a removed one shows "Removed by GreenScape: <reason>" in place of all of it. With
 * `reportable`, a Report button (anyone may report a review shown publicly).
 */
export function ReviewCard({
  review,
  reportable = false,
  className,
  replyBy = "The pro",
}: {
  review: ReviewView;
  reportable?: boolean;
  className?: string;
  /** Who the reply is from, as the reader knows them. */
  replyBy?: string;
}) {
  return (
    <article
      className={cn("grid gap-2 text-sm text-slate-800", className)}
      data-testid="review"
      aria-label={`Review by ${review.authorName}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p>
          <span className="font-semibold text-slate-900">{review.authorName}</span>
          <span className="text-slate-600"> · {day(review.submittedAt)}</span>
        </p>
      </header>
      {review.removedReason !== null ? (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-slate-700 italic">
          {removedText(review.removedReason)}
        </p>
      ) : (
        <>
          <StarGroups
            quality={review.quality}
            punctuality={review.punctuality}
            communication={review.communication}
          />
          {review.body ? <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.body}</p> : null}
          {review.reply ? (
            <div className="rounded-lg border-l-4 border-brand-200 bg-brand-50/60 px-3 py-2">
              <p className="text-xs font-semibold text-brand-900">
                {replyBy} replied{review.repliedAt ? ` · ${day(review.repliedAt)}` : ""}
              </p>
              <p className="mt-0.5 whitespace-pre-line [overflow-wrap:anywhere]">{review.reply}</p>
            </div>
          ) : null}
        </>
      )}
      {reportable && review.removedReason === null ? (
        <div>
          <ReportReviewDialog review={review} />
        </div>
      ) : null}
    </article>
  );
}
