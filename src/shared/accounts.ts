import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

const trimmed = (message: string) => z.string({ message }).trim().min(1, { message });

/** Sign-up ('Create Your Account'): the same schema checks the form and the server. */
export const signUpSchema = z
  .object({
    role: z.enum(["customer", "landscaper"], { message: "Choose whether you are a client or a landscaper" }),
    name: trimmed("Full name is required").pipe(z.string().max(120, { message: "Full name is too long" })),
    email: trimmed("Email is required").pipe(z.email({ message: "Enter a valid email" }).max(254)),
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

export const loginPortals = ["client", "landscaper", "admin"] as const;
export type LoginPortal = (typeof loginPortals)[number];

export const signInSchema = z.object({
  email: trimmed("Email is required.").pipe(
    z.email({ message: "Please enter a valid email address" }).max(254),
  ),
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
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: "Please enter a valid email address" })
    .max(254, { message: "Please enter a valid email address" }),
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
  name: trimmed("Full name is required").pipe(z.string().max(120, { message: "Full name is too long" })),
});

export const messages = {
  invalidCredentials: "Invalid email or password.",
  adminAccessDenied: "Access Denied: Admin access required",
  tooManySignIns: "Too many sign-in attempts. Please wait 15 minutes and try again.",
  tooManyResets: "Too many reset requests. Please wait an hour and try again.",
  invalidResetLink: "This link is invalid or has expired.",
  passwordTooCommon: "This password is too common. Please choose a less guessable one.",
} as const;

/** The error code of a new password found in the common-password list (sign-up, reset, change). */
export const PASSWORD_TOO_COMMON = "password_too_common";
