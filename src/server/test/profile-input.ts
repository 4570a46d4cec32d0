import type { LandscaperProfileInput } from "../../shared/landscapers.js";

/**
 * A valid landscaper profile with `overrides`. It imports nothing that runs, so the browser tests build theirs
 * from it too.
 */
export function profileInput(overrides: Partial<LandscaperProfileInput> = {}): LandscaperProfileInput {
  return {
    fullName: "Lee Green",
    businessName: "Green Thumb Lawn Co.",
    phoneNumber: "(704) 555-0100",
    streetAddress: "100 N Tryon St",
    city: "Charlotte",
    state: "NC",
    zipCode: "28202",
    serviceZipCodes: "28202, 28203",
    travelRadius: 10,
    backgroundCheckConsent: true,
    termsConsent: true,
    ...overrides,
  };
}
