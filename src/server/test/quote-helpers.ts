import type { FastifyInstance } from "fastify";
import { daysFromToday } from "../../shared/dates.js";
import { uniqueEmail } from "./accounts-helpers.js";
import type { Part } from "./multipart.js";

export function validQuote(overrides: Record<string, unknown> = {}) {
  return {
    fullName: "Ada Lovelace",
    email: uniqueEmail("quote"),
    phone: "704-555-0100",
    address: "600 E Blvd, Charlotte, NC",
    zipCode: "28203",
    services: ["lawn-mowing", "leaf-removal"],
    preferredDate: daysFromToday(7),
    additionalNotes: "Gate code 1234",
    website: "",
    ...overrides,
  };
}

/** POSTs a quote (JSON or multipart) through the real app, as the session in `cookie` or as a visitor. */
export function postQuote(
  app: FastifyInstance,
  payload: Record<string, unknown> | FormData,
  cookie?: string,
) {
  return app.inject({ method: "POST", url: "/api/quotes", payload, headers: cookie ? { cookie } : {} });
}

/** A quote's fields as multipart/form-data parts, in order: a list (services) as one part per item. */
export function quoteParts(fields: Record<string, unknown>): Part[] {
  return Object.entries(fields).flatMap(([name, value]): Part[] =>
    Array.isArray(value) ? value.map((v) => ({ name, value: String(v) })) : [{ name, value: String(value) }],
  );
}
