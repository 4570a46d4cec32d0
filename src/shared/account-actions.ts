import { z } from "zod";
import { site } from "./site.js";

/** What Admin → Users can do to an account besides promoting it (issue 38); each needs a reason. */
export const accountActions = ["suspend", "reinstate", "revoke-admin", "resend-confirmation"] as const;
export type AccountAction = (typeof accountActions)[number];

export const ACCOUNT_REASON_MAX = 500;

/** One schema for the dialog's form and the server: the reason is required, and recorded in the audit trail. */
export const accountActionSchema = z.object({
  reason: z
    .string({ message: "Give a reason." })
    .max(ACCOUNT_REASON_MAX, {
      message: `Keep the reason under ${ACCOUNT_REASON_MAX} characters.`,
      abort: true,
    })
    .trim()
    .min(5, { message: "Give a reason of at least 5 characters: it goes on the record." }),
});
export type AccountActionInput = z.infer<typeof accountActionSchema>;

export const accountActionLabels: Record<AccountAction, string> = {
  suspend: "Suspend",
  reinstate: "Reinstate",
  "revoke-admin": "Revoke admin",
  "resend-confirmation": "Resend confirmation",
};

/** The confirmation names the account and says what will happen, truly. */
export const accountActionConfirm: Record<AccountAction, (email: string, landscaper: boolean) => string> = {
  suspend: (email, landscaper) =>
    `Suspend ${email}${landscaper ? " (landscaper)" : ""}? They are signed out everywhere at once and can't sign in until reinstated.${
      landscaper
        ? " Their upcoming bookings go to other pros at the same price, and each customer is told."
        : ""
    } They get an email with your reason.`,
  reinstate: (email) => `Reinstate ${email}? They can sign in again and get an email with your reason.`,
  "revoke-admin": (email) =>
    `Revoke ${email}'s admin rights? They keep their account and lose the Admin area at once.`,
  "resend-confirmation": (email) => `Send ${email} a new confirmation link? Links work for 24 hours.`,
};

export const accountActionMessages = {
  suspended: (email: string, visits: number) =>
    visits > 0
      ? `${email} is suspended and signed out; ${visits} upcoming ${visits === 1 ? "booking went" : "bookings went"} back to be offered to other pros.`
      : `${email} is suspended and signed out.`,
  reinstated: (email: string) => `${email} is reinstated and can sign in again.`,
  revoked: (email: string) => `${email} is no longer an admin.`,
  resent: (email: string) => `A new confirmation link was sent to ${email}.`,
  ownAccount: "You can't do that to your own account.",
  lastAdmin: (email: string) => `${email} is the last admin. Promote someone else first.`,
  settingsAdmin: (email: string) =>
    `${email} is an admin by the server's settings (ADMIN_EMAILS or MASTER_EMAILS); change the settings instead.`,
  suspendAdmin: (email: string) => `${email} is an admin. Revoke their admin rights first.`,
  alreadySuspended: (email: string) => `${email} is already suspended.`,
  notSuspended: (email: string) => `${email} is not suspended.`,
  notAdmin: (email: string) => `${email} is not an admin.`,
  alreadyConfirmed: (email: string) => `${email} has already confirmed their address.`,
  /** What a suspended account sees at sign-in. */
  signInSuspended: `This account is suspended. If you think this is a mistake, email ${site.supportEmail}.`,
};

/** A message report involving an account (Admin → Users' "Message reports"): made by them, or about their message. */
export const userMessageReportSchema = z.object({
  jobId: z.string(),
  jobNumber: z.number().int(),
  reportedAt: z.string(),
  reason: z.string(),
  reporterName: z.string(),
  senderName: z.string(),
  body: z.string(),
  /** True when this account reported the message; false when the message was theirs. */
  byThisUser: z.boolean(),
});
export type UserMessageReport = z.infer<typeof userMessageReportSchema>;
export const userMessageReportsAnswerSchema = z.object({ reports: z.array(userMessageReportSchema) });
export type UserMessageReportsAnswer = z.infer<typeof userMessageReportsAnswerSchema>;

/** At most this many, newest first: enough to judge an account; the conversation shows the rest. */
export const USER_MESSAGE_REPORTS_SHOWN = 50;
