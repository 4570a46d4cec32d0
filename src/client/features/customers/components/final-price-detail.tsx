import type { JobView } from "../../../../shared/jobs";
import { formatCents } from "../../../../shared/services";
import { Detail } from "../../../components/detail";

/**
 * The job card's final price, once the work is done: while the landscaper's higher price waits for the
 * customer's answer, the price asked beside the agreed one (the final price is still the agreed one then).
 */
export function FinalPriceDetail({ job }: { job: Pick<JobView, "finalPriceCents" | "priceRequest"> }) {
  if (job.finalPriceCents === null) return null;
  const request = job.priceRequest;
  if (request?.answer === "pending")
    return (
      <Detail label="New price asked">
        {formatCents(request.requestedCents)} (agreed {formatCents(job.finalPriceCents)})
      </Detail>
    );
  return (
    <Detail label="Final price">
      {formatCents(job.finalPriceCents)}
      {request?.answer === "declined"
        ? ` (you kept the agreed price; ${formatCents(request.requestedCents)} was asked)`
        : ""}
    </Detail>
  );
}
