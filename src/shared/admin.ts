import { z } from "zod";
import { noDataMessage } from "./exports.js";
import { type AdminStatusGroup, adminStatusGroups, type JobStatus } from "./jobs.js";
import { type ApplicationStatus, applicationStatuses, type DocumentType } from "./landscapers.js";
import type { Role } from "./roles.js";

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
    `Are you sure you want to promote ${email} to admin? This action cannot be undone.`,
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
const searchText = z
  .string()
  .trim()
  .max(100, { message: "Search is limited to 100 characters.", abort: true })
  .default("");

/** An opaque keyset position handed out by the previous page. */
const pageCursor = z.string().max(300).optional();
export const pageDirections = ["next", "prev"] as const;
export type PageDirection = (typeof pageDirections)[number];

const paging = {
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

export const reviewApplicationSchema = z.object({
  notes: z.string().trim().max(2000, { message: "Notes are limited to 2000 characters." }).default(""),
  /**
   * The status the reviewer saw. The decision applies only if the application still has it, so two admins
   * deciding at once end with one decision, and the other is told (409) instead of silently overwriting.
   */
  expectedStatus: z.enum(applicationStatuses).optional(),
});

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

export interface Page<T> {
  items: T[];
  /** Pass as `cursor` with dir=next for the following page; null on the last page. */
  nextCursor: string | null;
  /** Pass as `cursor` with dir=prev for the page before; null on the first page. */
  prevCursor: string | null;
}

export interface DashboardSummary {
  users: { total: number; customers: number; landscapers: number; admins: number };
  jobs: { total: number; completed: number };
  /** All from completed jobs: revenue is the sum of final prices; the platform keeps 25%; tips go to landscapers. */
  money: { revenueCents: number; tipsCents: number; platformCents: number; payoutsCents: number };
  /** Messages (email, push, SMS) that failed every attempt and wait for an admin (/admin/deliveries). */
  failedDeliveries: number;
}

/** A message the outbox gave up on, as the failed-deliveries screen lists it. */
export interface FailedDeliveryView {
  id: string;
  channel: "email" | "push" | "sms";
  /** The email address or phone number; for push, the account's email. */
  recipient: string;
  /** The email's subject, or the notification's text. */
  summary: string;
  template: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  failedAt: string;
}

export interface AdminJobView {
  id: string;
  number: number;
  clientName: string;
  clientEmail: string;
  landscaperName: string | null;
  /** Service names as shown to people, e.g. "Lawn Mowing". */
  services: string[];
  /** The scheduled date when there is one, else the preferred date (yyyy-MM-dd). */
  jobDate: string;
  status: JobStatus;
  statusGroup: AdminStatusGroup;
  rating: number | null;
  tipCents: number;
  /** The final price once completed, else the accepted quote; null while only an estimate exists. */
  totalCents: number | null;
  estimateLowCents: number;
  estimateHighCents: number;
  cancelReason: string | null;
  /** The customer sent a photo with the request (GET /api/jobs/:id/photo). */
  hasPhoto: boolean;
  createdAt: string;
}

export interface ApplicationDocumentView {
  id: string;
  documentType: DocumentType;
  originalName: string;
}

export interface ApplicationView {
  userId: string;
  fullName: string;
  businessName: string | null;
  email: string;
  phoneNumber: string;
  serviceZipCodes: string[];
  travelRadius: number;
  status: ApplicationStatus;
  /** When the documents were sent for review; null while the applicant has not submitted them. */
  documentsSubmittedAt: string | null;
  createdAt: string;
  adminNotes: string | null;
  reviewedAt: string | null;
  reviewerName: string | null;
  documents: ApplicationDocumentView[];
}

export interface ReviewApplicationResponse {
  application: ApplicationView;
  message: string;
}

/** A landscaper's application status, "incomplete" before the profile exists; everyone else is "active". */
export type AdminUserStatus = ApplicationStatus | "incomplete" | "active";

export interface AdminUserView {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** role admin, or an address in ADMIN_EMAILS/MASTER_EMAILS. */
  isAdmin: boolean;
  status: AdminUserStatus;
  createdAt: string;
}

export interface PromoteUserResponse {
  user: AdminUserView;
  message: string;
}

export interface AnalyticsPeriod {
  /** First and last Charlotte calendar day of the bucket (yyyy-MM-dd). */
  start: string;
  end: string;
}
export interface BookingPoint extends AnalyticsPeriod {
  bookings: number;
}
export interface EngagementPoint extends AnalyticsPeriod {
  repeatBookings: number;
  abandonedQuotes: number;
}
export interface LandscaperPoint {
  landscaperId: string;
  name: string;
  jobs: number;
}

export interface AnalyticsData {
  range: AnalyticsRange;
  role: AnalyticsRole;
  /** Buckets of one day for the 7-day range, else of one week (the newest ending today). */
  bucket: "day" | "week";
  computedAt: string;
  /** Null when the role filter hides the chart. */
  bookings: BookingPoint[] | null;
  topLandscapers: LandscaperPoint[] | null;
  engagement: EngagementPoint[] | null;
}

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
