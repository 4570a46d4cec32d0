import { z } from "zod";

/** One set of address messages for every form that takes a service or business address (spec 01 §5). */
export const addressMessages = {
  street: "Street address is required",
  city: "City is required",
  state: "State is required",
  zip: "ZIP code is required",
  zipFormat: "Please enter a valid 5-digit ZIP code.",
} as const;

const required = (message: string, max: number) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `Please keep this under ${max} characters.`, abort: true });

const zipPattern = /^\d{5}$/;

/** A 5-digit ZIP; the length is checked before the pattern runs. */
export function zipCodeField(requiredMessage: string = addressMessages.zip) {
  return z
    .string({ message: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage })
    .max(10, { message: addressMessages.zipFormat, abort: true })
    .regex(zipPattern, { message: addressMessages.zipFormat });
}

/** Street, city, state and ZIP, as the customer and landscaper profiles store them. */
export const addressSchema = z.object({
  streetAddress: required(addressMessages.street, 300),
  city: required(addressMessages.city, 100),
  state: required(addressMessages.state, 50),
  zipCode: zipCodeField(),
});
export type Address = z.output<typeof addressSchema>;

/** The address as the profile answers send it back: stored, so no longer checked. */
export const addressViewFields = {
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
};

// '…, Charlotte, NC 28202' or '… 28202-1234' at the end of a one-line address. The address is at most 300
// characters (checked first), and the pattern is anchored with no nested repetition.
const trailingZip = /(?:^|[\s,])(\d{5})(?:-\d{4})?\s*$/;

/** The ZIP a one-line address ends with, if it ends with one. */
export function zipInAddress(address: string): string | null {
  if (address.length > 300) return null;
  return trailingZip.exec(address)?.[1] ?? null;
}

/**
 * A job's one-line address for people to read: as the customer typed it, with the ZIP added only when the
 * address does not already end with it ('… Charlotte, NC 28202', never '… 28202 28202').
 */
export function addressLine(address: string, zipCode: string): string {
  const typed = address.trim();
  if (!zipCode || zipInAddress(typed) === zipCode) return typed;
  return typed ? `${typed} ${zipCode}` : zipCode;
}

/**
 * A one-line address ('12 Oak St, Charlotte, NC 28202') split into the profile's fields, as a starting point
 * for a form the person then checks: the street is everything before the first comma, the city the next part,
 * the state the two letters before the ZIP. Parts it cannot find come back empty.
 */
export function splitAddressLine(address: string, zipCode = ""): Address {
  const line = address.trim().slice(0, 300);
  const zip = zipInAddress(line) ?? zipCode.trim();
  const withoutZip = line.replace(trailingZip, "").trim();
  const parts = withoutZip
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  let state = "";
  const last = parts.at(-1) ?? "";
  if (parts.length > 1 && /^[A-Za-z]{2}$/.test(last)) {
    state = last.toUpperCase();
    parts.pop();
  } else if (parts.length > 1 && /\s[A-Za-z]{2}$/.test(last)) {
    // 'Charlotte NC' with no comma between the city and the state.
    state = last.slice(-2).toUpperCase();
    parts[parts.length - 1] = last.slice(0, -3).trim();
  }
  const city = parts.length > 1 ? (parts.pop() ?? "") : "";
  return { streetAddress: parts.join(", "), city, state, zipCode: zip };
}
