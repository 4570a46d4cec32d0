import { z } from "zod";
import {
  loginPortals,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  verificationMessages,
} from "./account-texts.js";

export * from "./account-texts.js";

const trimmed = (message: string) => z.string({ message }).trim().min(1, { message });

/**
 * An email address checked the safe way round: the length first (abort stops there), the pattern only on
 * at most 254 characters. Run the other way, a pattern over a megabyte-long body held the server for minutes.
 */
const emailField = (message: string) =>
  z.string().max(254, { message, abort: true }).pipe(z.email({ message }));

/** Sign-up ('Create Your Account'): the same schema checks the form and the server. */
export const signUpSchema = z
  .object({
    role: z.enum(["customer", "landscaper"], { message: "Choose whether you are a client or a landscaper" }),
    name: trimmed("Full name is required").pipe(
      z.string().max(120, { message: "Full name is too long", abort: true }),
    ),
    email: trimmed("Email is required").pipe(emailField("Enter a valid email")),
    password: z
      .string({ message: "Password is required" })
      .min(1, { message: "Password is required" })
      .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
      .max(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
    confirmPassword: z
      .string({ message: "Confirm your password" })
      .min(1, { message: "Confirm your password" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: trimmed("Email is required.").pipe(emailField("Please enter a valid email address")),
  password: z
    .string({ message: "Password is required." })
    .min(1, { message: "Password is required." })
    .max(PASSWORD_MAX_LENGTH),
  portal: z.enum(loginPortals).default("client"),
});
export type SignInInput = z.input<typeof signInSchema>;

/** The reset pages a reset link may lead to (no open redirect). */
export const resetPagePaths = [
  "/reset-password",
  "/reset-password/client",
  "/reset-password/landscaper",
  "/lux-reset-password",
  "/landscaper-reset-password",
  "/reset",
] as const;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ message: "Please enter a valid email address" })
    .max(1000, { message: "Please enter a valid email address", abort: true })
    .trim()
    .max(254, { message: "Please enter a valid email address", abort: true })
    // Dot-separated labels with no character both inside and between them: one way to match, linear time.
    .regex(/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/, { message: "Please enter a valid email address" }),
  resetPath: z.enum(resetPagePaths).default("/reset-password"),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const newPasswordSchema = z
  .object({
    password: z.string().max(PASSWORD_MAX_LENGTH, { message: "Password is too long." }),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, { message: "Password is too long." }),
  })
  .superRefine((value, ctx) => {
    if (!value.password || !value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: "Please fill in both password fields.", path: ["password"] });
      return;
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: "Passwords do not match.", path: ["confirmPassword"] });
      return;
    }
    if (value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({
        code: "custom",
        message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
        path: ["password"],
      });
    }
  });

export const resetPasswordSchema = newPasswordSchema.and(
  z.object({ token: z.string().min(1, { message: "This link is invalid or has expired." }).max(512) }),
);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = newPasswordSchema.and(
  z.object({
    currentPassword: z.string().min(1, { message: "Enter your current password." }).max(PASSWORD_MAX_LENGTH),
  }),
);

export const updateProfileSchema = z.object({
  name: trimmed("Full name is required").pipe(
    z.string().max(120, { message: "Full name is too long", abort: true }),
  ),
});

export const verifyEmailSchema = z.object({
  token: z
    .string({ message: "The confirmation link is missing its token." })
    .min(1, { message: "The confirmation link is missing its token." })
    .max(4000, { message: verificationMessages.linkInvalid, abort: true }),
});
