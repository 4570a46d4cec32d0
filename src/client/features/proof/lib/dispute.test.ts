import { describe, expect, it } from "vitest";
import type { DisputeView } from "../../../../shared/proof";
import { canOfferRedo, redoAwaitsAnswer, resolutionText } from "./dispute";

const open: DisputeView = {
  state: "open",
  reason: "partly_done",
  note: "The back yard was not mowed.",
  reportedAt: "2026-11-26T18:00:00.000Z",
  redoDate: null,
  redoNote: null,
  redoDeclined: false,
  resolution: null,
  resolutionNote: null,
  resolvedAt: null,
};

describe("canOfferRedo", () => {
  it("while the report is open, or after the customer declined an offer", () => {
    expect(canOfferRedo(open)).toBe(true);
    expect(canOfferRedo({ ...open, state: "redo_offered" })).toBe(false);
    expect(canOfferRedo({ ...open, state: "redo_offered", redoDeclined: true })).toBe(true);
    expect(canOfferRedo({ ...open, state: "redo_scheduled" })).toBe(false);
    expect(canOfferRedo({ ...open, state: "resolved" })).toBe(false);
    expect(canOfferRedo(null)).toBe(false);
  });
});

describe("redoAwaitsAnswer", () => {
  it("only for an offer not yet declined", () => {
    expect(redoAwaitsAnswer({ ...open, state: "redo_offered", redoDate: "2026-11-30" })).toBe(true);
    expect(redoAwaitsAnswer({ ...open, state: "redo_offered", redoDeclined: true })).toBe(false);
    expect(redoAwaitsAnswer(open)).toBe(false);
    expect(redoAwaitsAnswer(undefined)).toBe(false);
  });
});

describe("resolutionText", () => {
  it("names the resolution and the note once resolved", () => {
    expect(
      resolutionText({
        ...open,
        state: "resolved",
        resolution: "partial_refund",
        resolutionNote: "We refunded $40 for the back yard.",
      }),
    ).toBe("Resolved: Partial refund. We refunded $40 for the back yard.");
    expect(
      resolutionText({ ...open, state: "resolved", resolution: "full_refund", resolutionNote: " " }),
    ).toBe("Resolved: Full refund.");
    expect(resolutionText(open)).toBeNull();
  });
});
