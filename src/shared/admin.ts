import { z } from "zod";
import { noDataMessage } from "./exports.js";
import { adminStatusGroups, jobStatuses } from "./jobs.js";
import {
  applicationStatuses,
  areaChangeViewSchema,
  documentTypeSchema,
  landscaperDocumentViewSchema,
} from "./landscapers.js";
import { jobPhotoSchema } from "./proof.js";
import { reliabilitySchema } from "./recurring.js";
import { customerAverageSchema } from "./reviews.js";
import { roles } from "./roles.js";

/** Every admin list is served a page at a time; 25 rows keep a page quick on a phone. */
export const ADMIN_PAGE_SIZE = 25;

/** Analytics are computed at most this often (spec 02 §9); the server keeps them in app_setting. */
export const ANALYTICS_REFRESH_MINUTES = 15;

/** The wording of spec 02 §8, in one place for the screens and the browser tests. */
export const adminMessages = {
  forbidden: "You don't have permission to access this area, this area is restricted to administrators only.",
  applicationApproved: "Application approved successfully",
  applicationDenied: "Application denied",
  approveFailed: "Failed to approve application",
  denyFailed: "Failed to deny application",
  loadApplicationsFailed: "Failed to load applications",
  noApplications: "No applications found",
  loadUsersFailed: "Failed to load users",
  promoteFailed: "Failed to promote user to admin",
  promoteConfirm: (email: string) =>
    `Are you sure you want to promote ${email} to admin? Only another admin can undo this, with a reason.`,
  promoted: (email: string) => `Successfully promoted ${email} to admin`,
  csvDownloaded: "CSV export downloaded successfully",
  jobsExported: "Job history CSV exported successfully",
  jobsExportedCount: (n: number) => `Exported ${n} job records`,
  analyticsExported: "Analytics data exported successfully",
  loadingJobs: "Loading job history...",
  noJobs: "No jobs found",
  loadJobsFailed: "Failed to load job history",
  noChartData: "No data available",
  noDataTitle: "No data to export",
  noDataMessage,
  zipPreparing: "Preparing your ZIP...",
  zipDoneTitle: "Download complete!",
  zipDoneMessage: "ZIP file has been downloaded successfully",
  zipFailedTitle: "Something went wrong",
  zipFailedMessage: "Failed to create ZIP file",
  refreshNote: `Data refreshes every ${ANALYTICS_REFRESH_MINUTES} minutes.`,
} as const;

/* ---------------- Queries ---------------- */
/** Free text matched as plain text (the server escapes % and _): a case-insensitive substring. */
export const searchText = z
  .string()
  .trim()
  .max(100, { message: "Search is limited to 100 characters.", abort: true })
  .default("");

/** An opaque keyset position handed out by the previous page. */
const pageCursor = z.string().max(300).optional();
export const pageDirections = ["next", "prev"] as const;
export type PageDirection = (typeof pageDirections)[number];

export const paging = {
  cursor: pageCursor,
  dir: z.enum(pageDirections).default("next"),
};

export const applicationStatusFilters = ["all", ...applicationStatuses] as const;
export type ApplicationStatusFilter = (typeof applicationStatusFilters)[number];

export const applicationsQuerySchema = z.object({
  q: searchText,
  status: z.enum(applicationStatusFilters).default("pending"),
  ...paging,
});

export const userRoleFilters = ["all", "customer", "landscaper", "admin"] as const;
export type UserRoleFilter = (typeof userRoleFilters)[number];

export const usersQuerySchema = z.object({
  q: searchText,
  role: z.enum(userRoleFilters).default("all"),
  ...paging,
});

export const jobStatusFilters = ["all", ...adminStatusGroups] as const;
export type JobStatusFilter = (typeof jobStatusFilters)[number];

export const jobsQuerySchema = z.object({
  q: searchText,
  status: z.enum(jobStatusFilters).default("all"),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  ...paging,
});

/** "JOB-1042", "job1042" or "1042" name a job by its number. */
export function jobNumberOf(search: string): number | null {
  const match = /^(?:job-?\s*)?(\d{1,9})$/i.exec(search.trim());
  return match ? Number(match[1]) : null;
}

// The decision's schema (approve with its documents or an override's reason) lives beside the admin answers.
export {
  overrideReasonMessage,
  type ReviewApplicationInput,
  type ReviewApplicationValues,
  reviewApplicationSchema,
} from "./application-review.js";

export const analyticsRanges = [7, 30, 90] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];
export const analyticsRoles = ["both", "clients", "landscapers"] as const;
export type AnalyticsRole = (typeof analyticsRoles)[number];

export const analyticsQuerySchema = z.object({
  range: z
    .enum(["7", "30", "90"], { message: "Choose 7, 30 or 90 days." })
    .default("30")
    .transform((value) => Number(value) as AnalyticsRange),
  role: z.enum(analyticsRoles, { message: "Choose both, clients or landscapers." }).default("both"),
});

/* ---------------- Answers ---------------- */

/** A page of a cursor-paginated admin list. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Pass as `cursor` with dir=next for the following page; null on the last page. */
    nextCursor: z.string().nullable(),
    /** Pass as `cursor` with dir=prev for the page before; null on the first page. */
    prevCursor: z.string().nullable(),
  });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  prevCursor: string | null;
}

export const dashboardSummarySchema = z.object({
  users: z.object({ total: z.number(), customers: z.number(), landscapers: z.number(), admins: z.number() }),
  jobs: z.object({ total: z.number(), completed: z.number() }),
  /**
   * From the ledger: revenue is what customers were charged for work and late cancellations less refunds;
   * the platform keeps 25% of each charge; landscapers earn the rest, every tip and every fee.
   */
  money: z.object({
    revenueCents: z.number(),
    tipsCents: z.number(),
    platformCents: z.number(),
    payoutsCents: z.number(),
  }),
  /** Messages (email, push, SMS) that failed every attempt and wait for an admin (/admin/deliveries). */
  failedDeliveries: z.number(),
  /** Recurring service: active series, and the share of revenue from their visits (0–100; null before any). */
  recurring: z.object({ activeSeries: z.number(), revenueSharePercent: z.number().nullable() }).optional(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const adminJobViewSchema = z.object({
  id: z.string(),
  number: z.number(),
  clientName: z.string(),
  clientEmail: z.string(),
  landscaperName: z.string().nullable(),
  /** Service names as shown to people, e.g. "Lawn Mowing". */
  services: z.array(z.string()),
  /** The scheduled date when there is one, else the preferred date (yyyy-MM-dd). */
  jobDate: z.string(),
  status: z.enum(jobStatuses),
  statusGroup: z.enum(adminStatusGroups),
  rating: z.number().nullable(),
  tipCents: z.number(),
  /**
   * The final price once completed, else the accepted quote; null while only an estimate exists, and for
   * a Scheduled visit (nothing is charged before the work).
   */
  totalCents: z.number().nullable(),
  /** The price agreed, charged or not (a Scheduled visit's price, which `totalCents` leaves out). */
  agreedCents: z.number().nullable().optional(),
  estimateLowCents: z.number(),
  estimateHighCents: z.number(),
  cancelReason: z.string().nullable(),
  /** The customer sent a photo with the request (GET /api/jobs/:id/photo). */
  hasPhoto: z.boolean(),
  /** Proof of work (before, after, problem photos) and whether the job has a conversation to read. */
  photos: z.array(jobPhotoSchema).optional(),
  hasLandscaper: z.boolean().optional(),
  createdAt: z.string(),
});
export type AdminJobView = z.infer<typeof adminJobViewSchema>;

const applicationDocumentViewSchema = landscaperDocumentViewSchema.pick({
  id: true,
  documentType: true,
  originalName: true,
});
export type ApplicationDocumentView = z.infer<typeof applicationDocumentViewSchema>;

export const applicationViewSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  businessName: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string(),
  serviceZipCodes: z.array(z.string()),
  travelRadius: z.number(),
  status: z.enum(applicationStatuses),
  /** When the documents were sent for review; null while the applicant has not submitted them. */
  documentsSubmittedAt: z.string().nullable(),
  createdAt: z.string(),
  adminNotes: z.string().nullable(),
  /** Why it was approved without every required document; null when it had them (or is not approved). */
  documentOverrideReason: z.string().nullable(),
  /** The insurance certificate's expiry as an admin read it (issue 36): the Insured badge holds until then. */
  insuranceExpiresOn: z.string().nullable().optional(),
  /** The required documents (shared/landscapers requiredDocumentTypes) it has no file for. */
  missingDocuments: z.array(documentTypeSchema),
  reviewedAt: z.string().nullable(),
  reviewerName: z.string().nullable(),
  documents: z.array(applicationDocumentViewSchema),
  /** Their record on the platform (issue 17), and since when the late lock-out has paused them. */
  reliability: reliabilitySchema.optional(),
  pausedAt: z.string().nullable().optional(),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

export const reviewApplicationAnswerSchema = z.object({
  application: applicationViewSchema,
  message: z.string(),
});
export type ReviewApplicationResponse = z.infer<typeof reviewApplicationAnswerSchema>;

/** A landscaper's application status, "incomplete" before the profile exists; everyone else is "active". */
const adminUserStatuses = [...applicationStatuses, "incomplete", "active"] as const;
export type AdminUserStatus = (typeof adminUserStatuses)[number];

export const adminUserViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  /** role admin, or an address in ADMIN_EMAILS/MASTER_EMAILS. */
  isAdmin: z.boolean(),
  /** Issue 38: an admin by role (revocable, unlike one by the settings); suspended (can't sign in). */
  adminByRole: z.boolean(),
  suspended: z.boolean(),
  emailVerified: z.boolean(),
  status: z.enum(adminUserStatuses),
  createdAt: z.string(),
  /** Landscapers: their record (issue 17), and since when the late lock-out has paused them. */
  reliability: reliabilitySchema.nullable().optional(),
  pausedAt: z.string().nullable().optional(),
  /** Customers: the average of landscapers' released ratings of them (issue 36), never one rating. */
  customerAverage: customerAverageSchema.optional(),
  /** Approved landscapers: their public profile's address (issue 36), and whether they hid it. */
  profile: z.object({ path: z.string(), hidden: z.boolean() }).nullable().optional(),
});
export type AdminUserView = z.infer<typeof adminUserViewSchema>;

export const promoteUserAnswerSchema = z.object({ user: adminUserViewSchema, message: z.string() });
export type PromoteUserResponse = z.infer<typeof promoteUserAnswerSchema>;

/** First and last Charlotte calendar day of the bucket (yyyy-MM-dd). */
const period = { start: z.string(), end: z.string() };
export type AnalyticsPeriod = { start: string; end: string };
const bookingPointSchema = z.object({ ...period, bookings: z.number() });
const engagementPointSchema = z.object({
  ...period,
  repeatBookings: z.number(),
  abandonedQuotes: z.number(),
});
const landscaperPointSchema = z.object({ landscaperId: z.string(), name: z.string(), jobs: z.number() });
export type BookingPoint = z.infer<typeof bookingPointSchema>;
export type EngagementPoint = z.infer<typeof engagementPointSchema>;
export type LandscaperPoint = z.infer<typeof landscaperPointSchema>;

export const analyticsDataSchema = z.object({
  range: z.union(analyticsRanges.map((range) => z.literal(range))),
  role: z.enum(analyticsRoles),
  /** Buckets of one day for the 7-day range, else of one week (the newest ending today). */
  bucket: z.enum(["day", "week"]),
  computedAt: z.string(),
  /** Null when the role filter hides the chart. */
  bookings: z.array(bookingPointSchema).nullable(),
  topLandscapers: z.array(landscaperPointSchema).nullable(),
  engagement: z.array(engagementPointSchema).nullable(),
});
export type AnalyticsData = z.infer<typeof analyticsDataSchema>;

export const areaChangesAnswerSchema = z.object({ changes: z.array(areaChangeViewSchema) });
export type AreaChangesAnswer = z.infer<typeof areaChangesAnswerSchema>;
export const areaChangeDecisionAnswerSchema = z.object({
  status: z.enum(["approved", "denied"]),
  message: z.string(),
});
export type AreaChangeDecisionAnswer = z.infer<typeof areaChangeDecisionAnswerSchema>;

export function showsClientCharts(role: AnalyticsRole): boolean {
  return role !== "landscapers";
}
export function showsLandscaperCharts(role: AnalyticsRole): boolean {
  return role !== "clients";
}

/* ---------------- Export filters ---------------- */

/** Exports take the filters of the screen they are started from; with none they hold everything. */
export const landscapersExportQuerySchema = z.object({
  q: searchText,
  status: z.enum(applicationStatusFilters).default("all"),
});
export const clientsExportQuerySchema = z.object({ q: searchText });
export const jobsExportQuerySchema = z.object({
  q: searchText,
  status: z.enum(jobStatusFilters).default("all"),
});

/* ---------------- Payments (admin) ---------------- */

export const moneyMovementKinds = ["job_charge", "tip", "cancellation_fee", "refund", "payout"] as const;
export type MoneyMovementKind = (typeof moneyMovementKinds)[number];
export const moneyKinds = ["all", ...moneyMovementKinds] as const;
export type MoneyKindFilter = (typeof moneyKinds)[number];
export const moneyKindLabel: Record<MoneyMovementKind, string> = {
  job_charge: "Charge",
  tip: "Tip",
  cancellation_fee: "Cancellation fee",
  refund: "Refund",
  payout: "Payout",
};

export const adminPaymentsQuerySchema = z.object({
  kind: z.enum(moneyKinds, { message: "Choose a kind of payment." }).default("all"),
  user: z.string().trim().min(1).max(100).optional(), // one account's money, as customer or landscaper (issue 38)
  ...paging,
});

export const paymentsExportQuerySchema = z.object({
  kind: z.enum(moneyKinds, { message: "Choose a kind of payment." }).default("all"),
});

/** One money movement of the ledger, as the admin Payments page lists it. */
export const adminMoneyItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.enum(moneyMovementKinds),
  description: z.string(),
  jobId: z.string().nullable(),
  jobNumber: z.number().nullable(),
  customerName: z.string().nullable(),
  /** The landscaper paid (payouts) or credited (charges, tips, fees). */
  landscaperName: z.string().nullable(),
  /** Money in (positive) or out (negative) of the platform's processor account. */
  amountCents: z.number(),
  /** For a job's charge: what can still be refunded of the job. */
  refundableCents: z.number(),
});
export type AdminMoneyItem = z.infer<typeof adminMoneyItemSchema>;

export const adminPaymentsAnswerSchema = pageSchema(adminMoneyItemSchema).extend({
  /** What an admin must look at: payouts that failed for good or are being retried, holds cards refused, work reported. */
  attention: z.object({
    payouts: z.array(
      z.object({
        id: z.string(),
        landscaperName: z.string(),
        amountCents: z.number(),
        status: z.enum(["pending", "failed"]),
        attempts: z.number(),
        failureMessage: z.string().nullable(),
      }),
    ),
    holds: z.array(
      z.object({
        jobId: z.string(),
        jobNumber: z.number(),
        customerName: z.string(),
        amountCents: z.number(),
        scheduledDate: z.string().nullable(),
        failureMessage: z.string().nullable(),
      }),
    ),
    reported: z.array(
      z.object({
        jobId: z.string(),
        jobNumber: z.number(),
        customerName: z.string(),
        note: z.string().nullable(),
        heldCents: z.number(),
      }),
    ),
  }),
});
export type AdminPaymentsAnswer = z.infer<typeof adminPaymentsAnswerSchema>;
