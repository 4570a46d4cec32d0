import { describe, expect, it } from "vitest";
import { paymentText, refundAboveLimit } from "./resolutions";

describe("paymentText", () => {
  it("names the payment's state and what can still be refunded", () => {
    expect(paymentText(null, 0)).toBe("No payment");
    expect(paymentText("held", 0)).toBe("Held on the card, not charged yet");
    expect(paymentText("held", 5500)).toBe("Held on the card, not charged yet");
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
