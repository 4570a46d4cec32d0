import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone";

describe("formatPhone", () => {
  it("shows every ten-digit US number one way", () => {
    for (const typed of ["704-555-0187", "7045550187", "(704) 555-0187", "+1 704 555 0187", "1.704.555.0187"])
      expect(formatPhone(typed)).toBe("(704) 555-0187");
  });

  it("leaves anything else as typed", () => {
    expect(formatPhone(" 555-0187 ")).toBe("555-0187");
    expect(formatPhone("704-555-0187 ext 12")).toBe("704-555-0187 ext 12");
  });
});
