// @vitest-environment jsdom
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import type { JobView } from "../../../../shared/jobs";
import { PriceDetails } from "./price-details";

const firm = { perVisitCents: 4496, firstVisitCents: 4496 };

/** The card's price lines as "label: value" pairs, in order. */
function lines(job: Partial<JobView>): string[] {
  const container = document.createElement("dl");
  const root = createRoot(container);
  flushSync(() => root.render(<PriceDetails job={job as JobView} awaiting="Awaiting quote" />));
  const pairs = [...container.children].map((d) =>
    [...d.children].map((part) => part.textContent?.trim()).join(": "),
  );
  root.unmount();
  return pairs;
}

/** A customer's job card says each price once (issue 35 screenshot review). */
describe("PriceDetails", () => {
  it("shows a firm price until the booking, then once as the agreed price", () => {
    expect(lines({ firmPrice: firm as JobView["firmPrice"], quotedPriceCents: null, series: null })).toEqual([
      "Your firm price: $44.96",
    ]);
    // Booked with a pro whose own rate is already in the firm price: one line, not two with one figure.
    expect(lines({ firmPrice: firm as JobView["firmPrice"], quotedPriceCents: 4496, series: null })).toEqual([
      "Agreed price: $44.96",
    ]);
  });

  it("keeps the quoted firm price beside the agreed one after an approved price change", () => {
    expect(lines({ firmPrice: firm as JobView["firmPrice"], quotedPriceCents: 6000, series: null })).toEqual([
      "Firm price quoted: $44.96",
      "Agreed price: $60.00",
    ]);
  });

  it("shows the estimate and the landscaper's quote for a request they price", () => {
    const priced = { firmPrice: null, estimateLowCents: 4000, estimateHighCents: 6000, series: null };
    expect(lines({ ...priced, quotedPriceCents: null })).toEqual([
      "Estimate: $40.00 – $60.00",
      "Quoted price: Awaiting quote",
    ]);
    expect(lines({ ...priced, quotedPriceCents: 5500 })).toEqual([
      "Estimate: $40.00 – $60.00",
      "Quoted price: $55.00",
    ]);
  });
});
