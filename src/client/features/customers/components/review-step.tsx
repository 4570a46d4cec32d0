import { CircleCheck, Clock } from "lucide-react";
import type { ReactNode } from "react";
import { formatShortDate, todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { REVIEW_WINDOW_DAYS } from "../../../../shared/reviews";
import { RatingForm } from "./rating-form";

/**
 * A charged visit not rated yet: the review form while it is open (the server's rule, issue 36: within 14 days
 * of the visit, once its price is charged), else why it is not.
 */
export function ReviewStep({ job }: { job: JobView }) {
  const review = job.review?.side === "customer" ? job.review : null;
  if (review?.state === "awaiting_charge")
    return (
      <Note icon={Clock}>
        You can review this visit once its payment has gone through
        {review.openUntil ? `, until ${formatShortDate(todayInCharlotte(new Date(review.openUntil)))}` : ""}.
      </Note>
    );
  if (review?.state === "closed")
    return (
      <Note icon={CircleCheck}>
        Completed. Reviews are open for {REVIEW_WINDOW_DAYS} days after a visit, and this one's have closed.
      </Note>
    );
  return (
    <div className="border-t border-slate-100 bg-amber-50/60 px-4 py-4 sm:px-5">
      <RatingForm job={job} />
    </div>
  );
}

function Note({ icon: Icon, children }: { icon: typeof Clock; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 border-t border-slate-100 bg-slate-50 px-4 py-4 text-sm text-slate-700 sm:px-5">
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
