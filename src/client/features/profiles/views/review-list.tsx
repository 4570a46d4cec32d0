import { useState } from "react";
import { formatLongDate } from "../../../../shared/dates";
import type { PublicReview } from "../../../../shared/profiles";
import { buttonVariants } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { Stars } from "./parts";

/** Sends a report; answers the sentence to show, or throws with the message to show. */
export type ReportReview = (reviewId: string, reason: string) => Promise<string>;

const REPORT_MAX = 500;

/** "Report" under a review: a short reason our team reads. Closed at first on both server and client. */
function ReportControl({ review, onReport }: { review: PublicReview; onReport?: ReportReview }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const fieldId = `report-${review.id}`;
  if (result?.ok)
    return (
      <p role="status" className="text-sm text-slate-700">
        {result.text}
      </p>
    );
  if (!open)
    return (
      <button
        type="button"
        className={cn(
          buttonVariants({ variant: "link", size: "sm" }),
          "h-auto justify-self-start px-0 text-slate-700",
        )}
        aria-label={`Report review by ${review.authorName}`}
        onClick={() => setOpen(true)}
      >
        Report review
      </button>
    );
  return (
    <form
      className="grid gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!onReport || sending) return;
        setSending(true);
        try {
          setResult({ ok: true, text: await onReport(review.id, reason.trim()) });
        } catch (error) {
          setResult({ ok: false, text: error instanceof Error ? error.message : "Please try again." });
        } finally {
          setSending(false);
        }
      }}
    >
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        What is wrong with this review? Our team reads every report.
      </label>
      <textarea
        id={fieldId}
        value={reason}
        maxLength={REPORT_MAX}
        required
        rows={3}
        onChange={(event) => setReason(event.target.value)}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      {result && !result.ok ? (
        <p role="alert" className="text-sm text-red-700">
          {result.text}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button
          type="submit"
          className={buttonVariants({ size: "sm" })}
          disabled={sending || reason.trim().length < 3}
        >
          Send report
        </button>
        <button
          type="button"
          className={buttonVariants({ variant: "outline", size: "sm" })}
          onClick={() => setOpen(false)}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

const starParts = [
  ["quality", "Quality"],
  ["punctuality", "Punctuality"],
  ["communication", "Communication"],
] as const;

function ReviewItem({
  review,
  proName,
  onReport,
}: {
  review: PublicReview;
  proName: string;
  onReport?: ReportReview;
}) {
  return (
    <li className="grid gap-2 border-b border-slate-200 py-4 last:border-b-0" data-testid="review">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold text-slate-900">{review.authorName}</p>
        <p className="text-sm text-slate-600">{formatLongDate(review.date)}</p>
      </div>
      {review.removedReason !== null ? (
        <p className="text-sm text-slate-700 italic">{`Removed by GreenScape: ${review.removedReason}`}</p>
      ) : (
        <>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {starParts.map(([key, label]) => {
              const value = review[key];
              return value === null ? null : (
                <div key={key} className="flex items-center gap-1.5">
                  <dt className="text-slate-700">{label}</dt>
                  <dd>
                    <Stars value={value} />
                  </dd>
                </div>
              );
            })}
          </dl>
          {review.body ? (
            <p className="text-pretty whitespace-pre-line text-slate-800">{review.body}</p>
          ) : null}
          {review.reply ? (
            <div className="ml-4 rounded-md border-l-4 border-brand-600 bg-brand-50 px-3 py-2 text-sm">
              <p className="font-semibold text-brand-900">{`Reply from ${proName}`}</p>
              <p className="whitespace-pre-line text-slate-800">{review.reply.text}</p>
            </div>
          ) : null}
        </>
      )}
      <ReportControl review={review} onReport={onReport} />
    </li>
  );
}

/** The released reviews, newest first, with "More reviews" while there are more pages. */
export function ReviewList({
  reviews,
  proName,
  hasMore,
  loadingMore = false,
  onMore,
  onReport,
}: {
  reviews: readonly PublicReview[];
  proName: string;
  hasMore: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
  onReport?: ReportReview;
}) {
  if (reviews.length === 0)
    return (
      <p className="text-slate-700">
        No reviews yet. Only customers of a completed, paid visit can review a pro here.
      </p>
    );
  return (
    <div className="grid gap-3">
      <ul className="grid">
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} proName={proName} onReport={onReport} />
        ))}
      </ul>
      {hasMore ? (
        <button
          type="button"
          className={cn(buttonVariants({ variant: "outline" }), "justify-self-start")}
          disabled={loadingMore}
          onClick={onMore}
        >
          {loadingMore ? "Loading reviews..." : "More reviews"}
        </button>
      ) : null}
    </div>
  );
}
