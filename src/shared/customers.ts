import { z } from "zod";
import { addressSchema, addressViewFields } from "./address.js";

export const propertyTypes = ["residential", "commercial"] as const;
export type PropertyType = (typeof propertyTypes)[number];

export const propertyTypeLabel: Record<PropertyType, string> = {
  residential: "Residential",
  commercial: "Commercial",
};

const required = (message: string, max: number) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `Please keep this under ${max} characters.`, abort: true });

/** Client onboarding 'Tell Us Where You Need Service' (spec 01 section 5): every field required after trimming. */
export const customerProfileSchema = z.object({
  fullName: required("Full name is required", 120),
  ...addressSchema.shape,
  phoneNumber: required("Phone number is required", 40),
  propertyType: z
    .enum(propertyTypes, { message: "Choose Residential or Commercial." })
    .default("residential"),
});
export type CustomerProfileInput = z.input<typeof customerProfileSchema>;
export type CustomerProfileValues = z.output<typeof customerProfileSchema>;

/** The customer profile as GET/PUT /api/customer/profile answer it. */
export const customerProfileViewSchema = z.object({
  fullName: z.string(),
  ...addressViewFields,
  phoneNumber: z.string(),
  propertyType: z.enum(propertyTypes),
  updatedAt: z.string(),
});
export type CustomerProfile = z.infer<typeof customerProfileViewSchema>;

export const customerProfileAnswerSchema = z.object({
  /** null until the customer completes onboarding. */
  profile: customerProfileViewSchema.nullable(),
  /** When the current session was opened: the dashboard greets a fresh sign-in once. */
  signedInAt: z.string(),
  /** Whether the customer has signed in before (false in the session sign-up opened): welcome, or welcome back. */
  returning: z.boolean(),
});
export type CustomerProfileAnswer = z.infer<typeof customerProfileAnswerSchema>;
