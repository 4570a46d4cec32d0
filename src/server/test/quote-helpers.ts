import { todayInCharlotte } from "../../shared/dates.js";
import { uniqueEmail } from "./accounts-helpers.js";

/** A date `days` after today in Charlotte, as yyyy-MM-dd. */
export function charlotteDate(days: number): string {
  const today = new Date(`${todayInCharlotte()}T12:00:00Z`);
  today.setUTCDate(today.getUTCDate() + days);
  return today.toISOString().slice(0, 10);
}

export function validQuote(overrides: Record<string, unknown> = {}) {
  return {
    fullName: "Ada Lovelace",
    email: uniqueEmail("quote"),
    phone: "704-555-0100",
    address: "600 E Blvd, Charlotte, NC",
    zipCode: "28203",
    services: ["lawn-mowing", "leaf-removal"],
    preferredDate: charlotteDate(7),
    additionalNotes: "Gate code 1234",
    website: "",
    ...overrides,
  };
}
