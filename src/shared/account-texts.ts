// The texts and constants of accounts, apart from accounts.ts's schemas so that a page that only shows a
// text (the confirm-email banner is on every page) does not load zod.

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const loginPortals = ["client", "landscaper", "admin"] as const;
export type LoginPortal = (typeof loginPortals)[number];

/** The email-confirmation texts, shown by the banner, the /verify-email page and the server's refusals. */
export const verificationMessages = {
  banner: "Confirm your email",
  bannerBody: "We sent a confirmation link to {email}. Open it to confirm your address.",
  resend: "Resend email",
  resent: "We sent a new confirmation link. It works once and expires in 24 hours.",
  confirmed: "Your email is confirmed.",
  alreadyConfirmed: "Your email is already confirmed.",
  linkUsed: "This confirmation link has already been used. If your email is confirmed, just sign in.",
  linkExpired: "This confirmation link has expired. Sign in and choose 'Resend email' to get a new one.",
  linkInvalid: "This confirmation link is not valid. Sign in and choose 'Resend email' to get a new one.",
  landscaperMustConfirm: "Please confirm your email address before submitting your application.",
} as const;

export const messages = {
  invalidCredentials: "Invalid email or password.",
  adminAccessDenied: "Access Denied: Admin access required",
  invalidResetLink: "This link is invalid or has expired.",
  passwordTooCommon: "This password is too common. Please choose a less guessable one.",
} as const;

/** The error code of a new password found in the common-password list (sign-up, reset, change). */
export const PASSWORD_TOO_COMMON = "password_too_common";
