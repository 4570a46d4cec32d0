import type { CustomerAverage } from "../../../../shared/reviews";
import { cn } from "../../../lib/utils";

/**
 * What other landscapers and admins see of a customer: the average of the ratings landscapers gave them after
 * their visits (released ones only), never a single rating or its note.
 */
export function customerAverageText(average: CustomerAverage): string {
  if (average.count === 0 || average.average === null) return "Not rated by landscapers yet";
  return `Rated ${average.average.toFixed(1)}\u00a0★ by landscapers (${average.count} ${average.count === 1 ? "visit" : "visits"})`;
}

export function CustomerAverageLine({
  average,
  className,
}: {
  average: CustomerAverage;
  className?: string;
}) {
  return (
    <span className={cn("text-sm text-slate-600", className)} data-testid="customer-average">
      {customerAverageText(average)}
    </span>
  );
}
