import { z } from "zod";
import { addressMessages, addressSchema, addressViewFields } from "./address.js";

/** Spec 01 §9: 5, 10 (default), 15, 25+ miles. 25 stands for "25+" (the server covers 40 miles for it). */
export const travelRadiusOptions = [5, 10, 15, 25] as const;
export type TravelRadius = (typeof travelRadiusOptions)[number];
export const DEFAULT_TRAVEL_RADIUS: TravelRadius = 10;

export function travelRadiusLabel(miles: number): string {
  return miles >= 25 ? "25+ miles" : `${miles} miles`;
}

/** The most ZIP codes one landscaper may list; more than this is a paste gone wrong, not a service area. */
export const MAX_SERVICE_ZIPS = 60;

export const landscaperMessages = {
  areaChangePending:
    "Your profile is saved. Your new service area goes to our team for review; until it is approved, jobs keep coming from your current area.",
  fullName: "Full name is required",
  phone: "Phone number is required",
  street: addressMessages.street,
  city: addressMessages.city,
  state: addressMessages.state,
  zip: addressMessages.zip,
  zipFormat: addressMessages.zipFormat,
  zipListRequired: "Enter at least one ZIP code you serve",
  zipListFormat: "Enter 5-digit ZIP codes separated by commas, e.g. 28202, 28203",
  zipListTooLong: `List at most ${MAX_SERVICE_ZIPS} ZIP codes`,
  radius: "Choose a travel radius",
  backgroundCheck: "Please authorize the background check",
  terms: "Please agree to the Terms of Service and Privacy Policy",
  /** The spec's toast when a consent box is missing (01 §5). */
  consentToast: "Please complete all required fields",
  requiredDocumentsMissing: "Required documents missing",
  submitted: "Thank you! Your documents have been submitted for review.",
  fileTooLarge: "The file is larger than 10 MB.",
  fileType: "The file must be an image (JPEG, PNG, GIF or WebP) or a PDF.",
  noFile: "Choose a file to upload.",
  noProfile: "Please complete your landscaper profile first.",
} as const;

const required = (message: string, max = 200) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `Please shorten this to ${max} characters`, abort: true });

/** Splits "28202, 28203 28204" (commas, semicolons or spaces) into a unique list, in the order typed. */
export function parseZipList(value: string | readonly string[]): string[] {
  const parts = (typeof value === "string" ? value.split(/[\s,;]+/) : value).map((part) => part.trim());
  return [...new Set(parts.filter(Boolean))];
}

/** The form types the list as text; the server also takes an array. Both end as a list of 5-digit ZIPs. */
const zipList = z
  .union(
    [
      // 60 ZIPs with separators fit in well under 1,000 characters: longer input is refused before it is split.
      z.string().max(1000, { message: landscaperMessages.zipListTooLong, abort: true }),
      z.array(z.string().max(10, { message: landscaperMessages.zipListFormat })).max(MAX_SERVICE_ZIPS * 2, {
        message: landscaperMessages.zipListTooLong,
      }),
    ],
    { message: landscaperMessages.zipListRequired },
  )
  .transform((value, ctx) => {
    const zips = parseZipList(value);
    if (zips.length === 0) {
      ctx.addIssue({ code: "custom", message: landscaperMessages.zipListRequired });
      return z.NEVER;
    }
    if (zips.some((zip) => !/^\d{5}$/.test(zip))) {
      ctx.addIssue({ code: "custom", message: landscaperMessages.zipListFormat });
      return z.NEVER;
    }
    if (zips.length > MAX_SERVICE_ZIPS) {
      ctx.addIssue({ code: "custom", message: landscaperMessages.zipListTooLong });
      return z.NEVER;
    }
    return zips;
  });

const consent = (message: string) => z.boolean({ message }).refine((value) => value === true, { message });

/**
 * 'Let's Get You Ready to Work' (spec 01 §5): the browser form and PUT /api/landscaper/profile both check
 * with this schema, so every message is the same on both sides.
 */
export const landscaperProfileSchema = z.object({
  fullName: required(landscaperMessages.fullName, 120),
  // Optional: an empty box is stored as null, as the spec's landscapers table has it.
  businessName: z
    .string()
    .trim()
    .max(120, { message: "Please shorten this to 120 characters" })
    .nullish()
    .transform((value) => (value ? value : null)),
  phoneNumber: required(landscaperMessages.phone, 40),
  ...addressSchema.shape,
  serviceZipCodes: zipList,
  travelRadius: z.coerce
    .number({ message: landscaperMessages.radius })
    .refine((value) => (travelRadiusOptions as readonly number[]).includes(value), {
      message: landscaperMessages.radius,
    })
    .default(DEFAULT_TRAVEL_RADIUS),
  backgroundCheckConsent: consent(landscaperMessages.backgroundCheck),
  termsConsent: consent(landscaperMessages.terms),
});
export type LandscaperProfileInput = z.input<typeof landscaperProfileSchema>;
export type LandscaperProfileValues = z.output<typeof landscaperProfileSchema>;

export const applicationStatuses = ["pending", "approved", "denied"] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** A service area as the answers send it: the ZIP codes listed and the radius around them. */
const serviceAreaFields = { serviceZipCodes: z.array(z.string()), travelRadius: z.number() };

export const pendingAreaChangeSchema = z.object({ ...serviceAreaFields, requestedAt: z.string() });
export type PendingAreaChange = z.infer<typeof pendingAreaChangeSchema>;

/** What GET/PUT /api/landscaper/profile answer. */
export const landscaperProfileViewSchema = z.object({
  fullName: z.string(),
  businessName: z.string().nullable(),
  phoneNumber: z.string(),
  ...addressViewFields,
  ...serviceAreaFields,
  /** How many ZIP codes the list and radius reach (the list itself can be hundreds long). */
  coveredZipCount: z.number(),
  status: z.enum(applicationStatuses),
  backgroundCheckConsentAt: z.string().nullable(),
  termsConsentAt: z.string().nullable(),
  documentsSubmittedAt: z.string().nullable(),
  /** A change of service area waiting for an admin; the area above stays in force until it is approved. */
  pendingAreaChange: pendingAreaChangeSchema.nullable(),
  /** Paused from new jobs by the late lock-out (issue 17) until an admin lifts it, and which visit was missed. */
  pausedAt: z.string().nullable().optional(),
  pausedReason: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LandscaperProfileView = z.infer<typeof landscaperProfileViewSchema>;

/** GET /api/landscaper/profile (null before onboarding); PUT adds a message when the area waits for review. */
export const landscaperProfileAnswerSchema = z.object({
  profile: landscaperProfileViewSchema.nullable(),
  message: z.string().optional(),
});
export type LandscaperProfileAnswer = z.infer<typeof landscaperProfileAnswerSchema>;

const areaSummarySchema = z.object({ ...serviceAreaFields, coveredZipCount: z.number() });
export type AreaSummary = z.infer<typeof areaSummarySchema>;

/** One pending request as the admins review it: the area in force beside the one asked for. */
export const areaChangeViewSchema = z.object({
  id: z.string(),
  landscaperId: z.string(),
  landscaperName: z.string(),
  email: z.string(),
  current: areaSummarySchema,
  requested: areaSummarySchema,
  requestedAt: z.string(),
});
export type AreaChangeView = z.infer<typeof areaChangeViewSchema>;

export const areaChangeDecisions = ["approve", "deny"] as const;
export type AreaChangeDecision = (typeof areaChangeDecisions)[number];

/* ---------------- Credentials ---------------- */

export const documentTypes = ["id_proof", "insurance", "certifications"] as const;
export type DocumentType = (typeof documentTypes)[number];
export const requiredDocumentTypes = ["id_proof", "insurance"] as const satisfies readonly DocumentType[];

export const documentTypeSchema = z.enum(documentTypes, { message: "Unknown document type." });

export const documentLabels: Record<DocumentType, { title: string; help: string; required: boolean }> = {
  id_proof: {
    title: "Proof of ID",
    help: "A driver's license, state ID or passport.",
    required: true,
  },
  insurance: {
    title: "Liability Insurance",
    help: "Your current certificate of general liability insurance.",
    required: true,
  },
  certifications: {
    title: "Certifications",
    help: "Pesticide license, arborist or other trade certifications.",
    required: false,
  },
};

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** What the file pickers offer; the server decides by the file's content, never by this list or the name. */
// No HEIC: the server re-encodes every image to drop its metadata and cannot decode HEIC.
export const documentAccept = "image/jpeg,image/png,image/gif,image/webp,application/pdf";

export const landscaperDocumentViewSchema = z.object({
  id: z.string(),
  documentType: z.enum(documentTypes),
  originalName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  uploadedAt: z.string(),
});
export type LandscaperDocumentView = z.infer<typeof landscaperDocumentViewSchema>;

export const documentsAnswerSchema = z.object({
  documents: z.array(landscaperDocumentViewSchema),
  documentsSubmittedAt: z.string().nullable(),
});
export type DocumentsResponse = z.infer<typeof documentsAnswerSchema>;

/** POST /api/landscaper/documents/:type */
export const uploadAnswerSchema = z.object({ document: landscaperDocumentViewSchema, message: z.string() });
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** POST /api/landscaper/application/submit */
export const submitAnswerSchema = z.object({ profile: landscaperProfileViewSchema, message: z.string() });
export type SubmitAnswer = z.infer<typeof submitAnswerSchema>;

/**
 * How every screen, email, notification and export names a landscaper: the business, then the person
 * ('Queen City Lawn Care · Carlos Mendoza'), or whichever of the two exists.
 */
export function landscaperDisplayName(parts: {
  businessName?: string | null;
  fullName?: string | null;
}): string {
  const business = parts.businessName?.trim() ?? "";
  const person = parts.fullName?.trim() ?? "";
  return business && person ? `${business} · ${person}` : business || person;
}

/** Initials for a pro without a photo: "Marcus Johnson" → "MJ". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).slice(0, 2);
  return words.map((w) => w[0]?.toUpperCase() ?? "").join("");
}
