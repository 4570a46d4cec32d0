import { describe, expect, it } from "vitest";
import type { JobView } from "../../../../shared/jobs";
import type { PriceChangeView } from "../../../../shared/price-change";
import { customerStateText, landscaperStateText, priceDeclined, shownPriceChange } from "./price-change-text";

const change = (overrides: Partial<PriceChangeView> = {}): PriceChangeView => ({
  id: "c1",
  state: "open",
  agreedCents: 5670,
  askedCents: 7000,
  perVisit: false,
  reason: "Twice the lawn",
  photos: [],
  askedAt: "2026-12-01T10:00:00Z",
  closedAt: null,
  ...overrides,
});

describe("price change texts", () => {
  it("shows a request on a booked or offered job only, never a lapsed one", () => {
    const open = change();
    expect(shownPriceChange({ status: "scheduled", priceChange: open } as JobView)).toBe(open);
    expect(shownPriceChange({ status: "accepted", priceChange: open } as JobView)).toBe(open);
    expect(shownPriceChange({ status: "completed", priceChange: open } as JobView)).toBeNull();
    expect(
      shownPriceChange({ status: "scheduled", priceChange: change({ state: "lapsed" }) } as JobView),
    ).toBeNull();
    expect(
      priceDeclined({ status: "scheduled", priceChange: change({ state: "declined" }) } as JobView),
    ).toBe(true);
    expect(priceDeclined({ status: "pending", priceChange: change({ state: "declined" }) } as JobView)).toBe(
      false,
    );
  });

  it("says where it stands to each side, per visit for a series", () => {
    expect(landscaperStateText(change(), "The customer")).toBe(
      "You asked $70.00 instead of the agreed $56.70. Waiting for the customer to answer; until then the agreed $56.70 stands, on the visit day too: work done before a yes is charged at it.",
    );
    expect(landscaperStateText(change({ state: "declined", perVisit: true }), "Olivia")).toBe(
      "Olivia declined your price change ($70.00 per visit): the agreed $56.70 per visit stands. Keep the series at that price, or leave it: that leaves no mark on your record.",
    );
    expect(customerStateText(change({ state: "approved" }), "Carlos")).toBe(
      "You approved the new price: $70.00 is the agreed price now.",
    );
    expect(customerStateText(change(), "Carlos")).toBeNull();
  });
});
