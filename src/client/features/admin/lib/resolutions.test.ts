import { describe, expect, it } from "vitest";
import type { JobPhoto } from "../../../../shared/proof";
import { paymentText, photosOf, refundAboveLimit } from "./resolutions";

describe("paymentText", () => {
  it("names the payment's state and what can still be refunded", () => {
    expect(paymentText(null, 0)).toBe("No payment");
    expect(paymentText("held", 0)).toBe("Held on the card");
    expect(paymentText("captured", 8000)).toBe("Charged · $80.00 refundable");
    expect(paymentText("something_new", 0)).toBe("something_new");
  });
});

describe("refundAboveLimit", () => {
  it("refuses more than the refundable amount", () => {
    expect(refundAboveLimit("80", 8000)).toBeNull();
    expect(refundAboveLimit("80.01", 8000)).toBe("At most $80.00 can be refunded.");
    expect(refundAboveLimit(100, 8000)).toBe("At most $80.00 can be refunded.");
  });
  it("leaves other problems to the schema, and an unknown limit to the server", () => {
    expect(refundAboveLimit("abc", 8000)).toBeNull();
    expect(refundAboveLimit("500", 0)).toBeNull();
  });
});

describe("photosOf", () => {
  const photo = (id: string, kind: JobPhoto["kind"], visit: number, uploadedAt: string): JobPhoto => ({
    id,
    kind,
    visit,
    uploadedAt,
    takenAt: null,
    width: 10,
    height: 10,
    thumbUrl: `/t/${id}`,
    fullUrl: `/f/${id}`,
  });
  it("keeps one kind, of every visit", () => {
    const photos = [
      photo("a", "after", 2, "2026-01-03T00:00:00Z"),
      photo("b", "problem", 1, "2026-01-02T00:00:00Z"),
      photo("c", "after", 1, "2026-01-02T00:00:00Z"),
      photo("d", "after", 1, "2026-01-01T00:00:00Z"),
    ];
    expect(photosOf(photos, "after").map((p) => p.id)).toEqual(["a", "c", "d"]);
    expect(photosOf(photos, "problem").map((p) => p.id)).toEqual(["b"]);
  });
});
