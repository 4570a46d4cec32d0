import { describe, expect, it } from "vitest";
import { cancellationTermsText, declineMessages, freeCancellationEnds, refusalWithOutcome } from "./payments";

describe("refusalWithOutcome", () => {
  it("puts the cause first, then what did not happen, then the remedy", () => {
    expect(refusalWithOutcome(declineMessages.card_declined, "nothing was saved or booked")).toBe(
      "Your card was declined, so nothing was saved or booked. Please use a different card.",
    );
  });

  it("adds the outcome after a message of one sentence", () => {
    expect(refusalWithOutcome(declineMessages.not_a_test_card, "nothing was saved or booked")).toBe(
      "Test mode only accepts test cards, such as 4242 4242 4242 4242. Nothing was saved or booked.",
    );
  });
});

describe("cancellationTermsText", () => {
  const terms = { freeUntil: freeCancellationEnds("2026-12-01").toISOString(), feeCents: 2500 };

  it("gives the free-until time and the fee after", () => {
    expect(cancellationTermsText(terms, { now: new Date("2026-11-28T15:00:00Z") })).toBe(
      "Cancelling is free until Mon, Nov 30, 8:00 AM; after that it costs a $25.00 cancellation fee. Once your landscaper is on the way, it can no longer be cancelled.",
    );
    expect(
      cancellationTermsText(terms, { doing: "Skipping this visit", now: new Date("2026-11-28T15:00:00Z") }),
    ).toBe(
      "Skipping this visit is free until Mon, Nov 30, 8:00 AM; after that it costs a $25.00 cancellation fee. Once your landscaper is on the way, it can no longer be cancelled.",
    );
  });

  it("says the fee applies now once the free time has passed, and that it is free with no fee", () => {
    expect(cancellationTermsText(terms, { now: new Date("2026-11-30T14:00:00Z") })).toBe(
      "The visit is less than 24 hours away: cancelling now costs a $25.00 cancellation fee. Once your landscaper is on the way, it can no longer be cancelled.",
    );
    expect(cancellationTermsText({ ...terms, feeCents: 0 })).toBe(
      "Cancelling is free. Once your landscaper is on the way, it can no longer be cancelled.",
    );
  });
});
