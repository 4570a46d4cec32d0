import type * as React from "react";
import type { JobView } from "../../../../shared/jobs";
import { firmPriceText } from "../../../../shared/pricing";
import { formatCents, formatRange } from "../../../../shared/services";
import { Detail } from "../../../components/detail";

/**
 * The price lines of a customer's job card. A firm-priced request shows its firm price until it is booked,
 * then once as the agreed price (a pro's own rate is already in it: two lines with one figure read as two
 * prices); after a price change she approved, the quote's price is history and the agreed one follows. A
 * request a landscaper prices shows its estimate and their quote.
 */
export function PriceDetails({ job, awaiting }: { job: JobView; awaiting: React.ReactNode }) {
  const frequency = job.series?.frequency ?? "one_time";
  if (job.firmPrice) {
    const firm = firmPriceText(job.firmPrice, frequency);
    if (job.quotedPriceCents === null) return <Detail label="Your firm price">{firm}</Detail>;
    if (job.quotedPriceCents === job.firmPrice.firstVisitCents)
      return <Detail label="Agreed price">{firm}</Detail>;
    return (
      <>
        <Detail label="Firm price quoted">{firm}</Detail>
        <Detail label="Agreed price">{formatCents(job.quotedPriceCents)}</Detail>
      </>
    );
  }
  return (
    <>
      <Detail label="Estimate">{formatRange(job.estimateLowCents, job.estimateHighCents)}</Detail>
      <Detail label="Quoted price">
        {job.quotedPriceCents !== null ? formatCents(job.quotedPriceCents) : awaiting}
      </Detail>
    </>
  );
}
