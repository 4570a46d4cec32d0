import { MessageSquareQuote } from "lucide-react";
import { firstLine, type ReviewSummary, reviewCountText } from "../../../../shared/reviews";
import { cn } from "../../../lib/utils";

/**
 * A pro's reviews on one line, where a customer chooses or approves them: "4.8 ★ (12 reviews)" and the latest
 * review's first line with its author, or "No reviews yet". Only reviews shown (released, not removed) count.
 */
export function ReviewSummaryLine({
  summary,
  className,
  compact = false,
}: {
  summary: ReviewSummary;
  className?: string;
  /** One line for the latest review (cut with an ellipsis), where height is short (a dialog on a phone). */
  compact?: boolean;
}) {
  const count = reviewCountText(summary);
  const latest = summary.latest;
  const quote = latest?.body ? firstLine(latest.body) : "";
  return (
    <span
      className={cn("flex items-start gap-1.5 text-sm text-slate-700", className)}
      data-testid="review-summary"
    >
      <MessageSquareQuote className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <span className="min-w-0">
        {count ? (
          <>
            <span aria-hidden="true">{count}</span>
            <span className="sr-only">
              Rated {summary.averageQuality?.toFixed(1)} out of 5 in {summary.count}{" "}
              {summary.count === 1 ? "review" : "reviews"}
            </span>
            {quote && latest ? (
              <span
                className={cn("block text-slate-600", compact ? "truncate" : "[overflow-wrap:anywhere]")}
                title={compact ? `“${quote}” — ${latest.authorName}` : undefined}
              >
                “{quote}” — {latest.authorName}
              </span>
            ) : null}
          </>
        ) : (
          "No reviews yet"
        )}
      </span>
    </span>
  );
}
