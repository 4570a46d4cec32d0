import { describe, expect, it } from "vitest";
import { addressLine, splitAddressLine, zipInAddress } from "./address";
import { quoteRequestSchema } from "./jobs";

describe("a ZIP at the end of a one-line address", () => {
  it("is found after a comma, a space or the state, with or without the +4", () => {
    expect(zipInAddress("600 E Blvd, Charlotte, NC 28203")).toBe("28203");
    expect(zipInAddress("600 E Blvd, Charlotte, NC, 28203 ")).toBe("28203");
    expect(zipInAddress("600 E Blvd Charlotte 28203-1234")).toBe("28203");
  });

  it("is not read out of a house number or a longer number", () => {
    expect(zipInAddress("28203 Main St, Charlotte, NC")).toBeNull();
    expect(zipInAddress("600 E Blvd, Charlotte, NC")).toBeNull();
    expect(zipInAddress("Unit 282031")).toBeNull();
    expect(zipInAddress("x28203")).toBeNull();
  });
});

describe("the quote form's ZIP", () => {
  const quote = {
    fullName: "Ada Lovelace",
    email: "ada@example.com",
    phone: "704-555-0100",
    address: "600 E Blvd, Charlotte, NC 28203",
    services: ["lawn-mowing"],
    preferredDate: "2999-01-01",
  };

  it("comes from the address when the address ends with one", () => {
    const parsed = quoteRequestSchema.parse({ ...quote, zipCode: "" });
    expect(parsed.zipCode).toBe("28203");
    expect(quoteRequestSchema.parse(quote).zipCode).toBe("28203");
  });

  it("typed apart wins over nothing, and is still required when the address has none", () => {
    expect(quoteRequestSchema.parse({ ...quote, address: "600 E Blvd", zipCode: "28202" }).zipCode).toBe(
      "28202",
    );
    const missing = quoteRequestSchema.safeParse({
      ...quote,
      address: "600 E Blvd, Charlotte, NC",
      zipCode: "",
    });
    expect(missing.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["zipCode", "ZIP code is required."],
    ]);
  });

  it("says every wrong field at once", () => {
    const result = quoteRequestSchema.safeParse({
      ...quote,
      address: "600 E Blvd",
      zipCode: "",
      fullName: "",
    });
    expect(result.error?.issues.map((i) => i.path.join(".")).sort()).toEqual(["fullName", "zipCode"]);
  });

  it("refuses a malformed ZIP typed apart", () => {
    const result = quoteRequestSchema.safeParse({ ...quote, address: "600 E Blvd", zipCode: "2820" });
    expect(result.error?.issues[0]?.message).toBe("Please enter a valid 5-digit ZIP code.");
  });
});

describe("a job's address line", () => {
  it("shows the ZIP once, whether or not the customer typed it", () => {
    expect(addressLine("271 Acceptance Ave, Charlotte, NC 28202", "28202")).toBe(
      "271 Acceptance Ave, Charlotte, NC 28202",
    );
    expect(addressLine("271 Acceptance Ave, Charlotte, NC", "28202")).toBe(
      "271 Acceptance Ave, Charlotte, NC 28202",
    );
    expect(addressLine("271 Acceptance Ave 28202-1234", "28202")).toBe("271 Acceptance Ave 28202-1234");
  });

  it("keeps a different trailing number and adds the job's ZIP after it", () => {
    expect(addressLine("Unit 7, 100 Main St 28203", "28202")).toBe("Unit 7, 100 Main St 28203 28202");
    expect(addressLine("", "28202")).toBe("28202");
    expect(addressLine("100 Main St", "")).toBe("100 Main St");
  });
});

describe("splitAddressLine", () => {
  it.each([
    [
      "412 Park Rd, Charlotte, NC 28203",
      "",
      { streetAddress: "412 Park Rd", city: "Charlotte", state: "NC", zipCode: "28203" },
    ],
    [
      "412 Park Rd, Apt 2, Charlotte, NC",
      "28203",
      { streetAddress: "412 Park Rd, Apt 2", city: "Charlotte", state: "NC", zipCode: "28203" },
    ],
    [
      "9 Elm St, Matthews NC 28105-1234",
      "",
      { streetAddress: "9 Elm St", city: "Matthews", state: "NC", zipCode: "28105" },
    ],
    ["9 Elm St", "28202", { streetAddress: "9 Elm St", city: "", state: "", zipCode: "28202" }],
    ["", "", { streetAddress: "", city: "", state: "", zipCode: "" }],
  ])("splits %j", (line, zip, expected) => {
    expect(splitAddressLine(line, zip)).toEqual(expected);
  });

  it("reads no more than an address's 300 characters", () => {
    const split = splitAddressLine(`${"a".repeat(400)}, Charlotte, NC 28202`);
    expect(split.streetAddress.length).toBeLessThanOrEqual(300);
  });
});
