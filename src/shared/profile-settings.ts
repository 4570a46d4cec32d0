import { z } from "zod";
import { isValidIsoDate } from "./dates.js";

/** What a landscaper says of their business on the public profile (issue 36), and whether it is shown. */
export const PROFILE_DESCRIPTION_MAX = 600;
export const YEARS_IN_BUSINESS_MAX = 80;
/** The profile photo's longest edge once processed (the one image pipeline). */
export const PROFILE_PHOTO_MAX_EDGE = 800;
export const MAX_PROFILE_PHOTO_BYTES = 8 * 1024 * 1024;

const yearsMessage = `Enter whole years from 0 to ${YEARS_IN_BUSINESS_MAX}, or leave it empty.`;

/** One schema for the settings form and the server: empty years means "not said". */
export const publicProfileSettingsSchema = z.object({
  description: z
    .string()
    .max(PROFILE_DESCRIPTION_MAX * 2, { message: `Keep it under ${PROFILE_DESCRIPTION_MAX} characters.` })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .max(PROFILE_DESCRIPTION_MAX, { message: `Keep it under ${PROFILE_DESCRIPTION_MAX} characters.` }),
    ),
  yearsInBusiness: z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.coerce
      .number({ message: yearsMessage })
      .int({ message: yearsMessage })
      .min(0, { message: yearsMessage })
      .max(YEARS_IN_BUSINESS_MAX, { message: yearsMessage })
      .nullable(),
  ),
  hidden: z.boolean({ message: "Choose whether your profile is shown." }),
});
export type PublicProfileSettingsInput = z.input<typeof publicProfileSettingsSchema>;
export type PublicProfileSettings = z.output<typeof publicProfileSettingsSchema>;

export const publicProfileSettingsViewSchema = z.object({
  slug: z.string().nullable(),
  description: z.string(),
  yearsInBusiness: z.number().nullable(),
  hidden: z.boolean(),
  hasPhoto: z.boolean(),
  /** Changes with each new photo, so the browser does not show the old one from its cache. */
  photoVersion: z.string().nullable(),
  insuranceExpiresOn: z.string().nullable(),
});
export type PublicProfileSettingsView = z.infer<typeof publicProfileSettingsViewSchema>;

export const publicProfileSettingsAnswerSchema = z.object({
  settings: publicProfileSettingsViewSchema,
  message: z.string().optional(),
});

export const profileSettingsMessages = {
  saved: "Your public profile is saved.",
  hidden:
    "Your profile is hidden: it is not listed, its page is not found, and customers can't book you instantly. Jobs in your area still reach your queue.",
  photoSaved: "Your photo is saved.",
  photoRemoved: "Your photo is removed.",
  photoType: "Use a JPEG, PNG or WebP photo.",
  photoTooLarge: "That photo is over 8 MB. Choose a smaller one.",
  noPhoto: "Choose a photo to upload.",
  noProfile: "Finish your application first: your public profile comes with it.",
} as const;

/** The admin's entry of the insurance certificate's expiry, read from the certificate itself. */
export const insuranceExpirySchema = z.object({
  expiresOn: z
    .string()
    .max(10, { message: "Enter the date as YYYY-MM-DD." })
    .refine(isValidIsoDate, { message: "Enter the date as YYYY-MM-DD." })
    .nullable(),
});

/** The "Insured" badge's warning: this many days before the certificate lapses. */
export const INSURANCE_WARNING_DAYS = 30;

/** A profile address from a business name: lower-case words joined by hyphens (the rule of migration 0031). */
export function slugBase(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return base || "pro";
}
