/** A limit: at most `max` hits per `windowMs` for one subject (an address, an email, an account). */
export interface RateLimitPolicy {
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every public write's limits, in one place (docs/decisions/006-trust-and-abuse-limits.md explains the sizes).
 * "ByIp" policies are applied before the handler runs (route config.rateLimit); the others are applied by the
 * handler once it knows the subject (the email a quote or reset names, the account asking); writeByAccount is
 * applied to every signed-in write before its body is read (plugins/rate-limit.ts). An email subject is always
 * the inbox it reaches, `mailboxOf(email)`: `mbox+1@…` … `mbox+6@…` are one subject.
 */
export const policies = {
  quoteByIp: { name: "quote-ip", max: 10, windowMs: HOUR },
  quoteByEmail: { name: "quote-email", max: 5, windowMs: HOUR },
  // The quote form's lot lookup may ask a county's parcel service: a few per address typed, not a crawl.
  lotLookupByIp: { name: "lot-lookup-ip", max: 30, windowMs: HOUR },
  signUpByIp: { name: "sign-up-ip", max: 10, windowMs: HOUR },
  // Each sign-up mails its address a confirmation link: one inbox (all its sub-addresses) is not flooded.
  signUpByEmail: { name: "sign-up-email", max: 5, windowMs: HOUR },
  signInByIp: { name: "sign-in-ip", max: 60, windowMs: 15 * MINUTE },
  signOutByIp: { name: "sign-out-ip", max: 120, windowMs: 15 * MINUTE },
  resetRequestByIp: { name: "reset-request-ip", max: 10, windowMs: HOUR },
  resetRequestByEmail: { name: "reset-request-email", max: 3, windowMs: HOUR },
  resetPasswordByIp: { name: "reset-password-ip", max: 20, windowMs: HOUR },
  verifyEmailByIp: { name: "verify-email-ip", max: 30, windowMs: HOUR },
  resendVerificationByAccount: { name: "resend-verification", max: 3, windowMs: HOUR },
  // Card testing (trying stolen numbers one after another) is the abuse a card form draws.
  addCardByAccount: { name: "add-card", max: 10, windowMs: HOUR },
  // Photos are re-encoded on upload (CPU); a job needs at most a few dozen.
  photoUploadByAccount: { name: "photo-upload", max: 60, windowMs: HOUR },
  // A conversation is people typing: a burst is fine, a flood is not.
  messageByAccount: { name: "message", max: 30, windowMs: MINUTE },
  messageReportByAccount: { name: "message-report", max: 20, windowMs: HOUR },
  // Every signed-in write (POST, PUT, PATCH, DELETE) counts here as well as under any limit of its own: one
  // account's budget across all routes, so no route is left unlimited. Two a second for a minute is more than
  // anyone clicking does; a script looping on one route is held to it.
  writeByAccount: { name: "write-account", max: 120, windowMs: MINUTE },
  // A landscaper's offers: far above any real pace, a script accepting every request in its area is not.
  jobAcceptByAccount: { name: "job-accept", max: 30, windowMs: HOUR },
  // Accept-then-withdraw cycles: each costs the customer an email and two notifications, and an offer was
  // how contact details used to be read. A few withdrawals a day are life; more is for our team to look at.
  jobWithdrawByAccount: { name: "job-withdraw", max: 5, windowMs: DAY },
  // Each publication is a new rate card version for good (none is ever edited or removed): a few a day is
  // a busy day of corrections, a loop is a mistake.
  rateCardPublishByAccount: { name: "rate-card-publish", max: 20, windowMs: HOUR },
  // A price change before the work (asking, or taking the ask back): each emails the customer and carries
  // photos to re-encode; a job takes one at a time, so a few a day is every landscaper's real pace.
  priceChangeByAccount: { name: "price-change", max: 10, windowMs: DAY },
  // The customer's answer to one: a click each, retried at most.
  priceChangeAnswerByAccount: { name: "price-change-answer", max: 30, windowMs: HOUR },
  // Instant bookings (issue 35): each holds a card and emails; a customer books a few visits, not dozens.
  bookByAccount: { name: "book", max: 20, windowMs: HOUR },
  // Reporting a review (issue 36) is open to visitors who are not signed in: a few per person, not a campaign.
  reviewReportByIp: { name: "review-report-ip", max: 10, windowMs: HOUR },
  // A landscaper's earnings CSV (issue 37) reads a year of ledger at most: a few downloads an hour is plenty.
  earningsCsvByAccount: { name: "earnings-csv", max: 20, windowMs: HOUR },
  // Admin → Users' account actions (issue 38): each emails the account; a confirmation resent per account, not
  // per admin, so several admins clicking at once do not flood one inbox.
  accountActionByAccount: { name: "account-action", max: 60, windowMs: HOUR },
  resendConfirmationByTarget: { name: "resend-confirmation-target", max: 3, windowMs: HOUR },
  // Stripe's webhook deliveries come from a few of its addresses, in bursts after an outage.
  stripeWebhookByIp: { name: "stripe-webhook-ip", max: 600, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitPolicy>;
