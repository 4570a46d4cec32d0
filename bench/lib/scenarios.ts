import { like } from "drizzle-orm";
import type { Env } from "../../src/server/config/env.js";
import type { Db } from "../../src/server/db/client.js";
import { appSetting } from "../../src/server/db/schema.js";
import { dashboardSummary } from "../../src/server/features/admin/dashboard-service.js";
import {
  refreshHealth,
  storedHealthSummaryText,
  storedHealthText,
} from "../../src/server/features/admin/health-store.js";
import { listJobs } from "../../src/server/features/admin/jobs-service.js";
import { prosForRequest } from "../../src/server/features/booking/book.js";
import { landscaperQueue } from "../../src/server/features/jobs/queue.js";
import { listCustomerJobs } from "../../src/server/features/jobs/reads.js";
import { bellAnswerText } from "../../src/server/features/notifications/bell.js";
import { listResolutions } from "../../src/server/features/proof/resolutions.js";
import { submitQuote } from "../../src/server/features/quotes/service.js";
import { ADMIN_PAGE_SIZE } from "../../src/shared/admin.js";
import { queueQuerySchema } from "../../src/shared/job-queue.js";
import { quoteRequestSchema } from "../../src/shared/jobs.js";
import { BELL_LIMIT } from "../../src/shared/notifications.js";
import { PROS_REQUEST_ID, PROS_REQUEST_TOKEN } from "./instant-seed.js";
import type { HttpTarget } from "./load.js";
import { SEARCH_TERM, type SignedInUsers } from "./seed.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Session, signIn, signUp, startServer } from "./server.js";

export interface Sessions {
  customer: Session;
  landscaper: Session;
  admin: Session;
}

/**
 * The measured people, through the real API of a server started for it (its first start also migrates and
 * makes the admin): a customer and a landscaper signed up as `<prefix>.customer.<tag>@bench.test`, the admin
 * signed in.
 */
export async function signUpBenchUsers(
  target: { dataDir: string; databaseUrl?: string | undefined },
  prefix: string,
): Promise<Sessions> {
  const server = await startServer(target);
  try {
    const tag = Date.now().toString(36);
    return {
      customer: await signUp(server.baseURL, "customer", `${prefix}.customer.${tag}@bench.test`),
      landscaper: await signUp(server.baseURL, "landscaper", `${prefix}.landscaper.${tag}@bench.test`),
      admin: await signIn(server.baseURL, ADMIN_EMAIL, ADMIN_PASSWORD, "admin"),
    };
  } finally {
    await server.stop();
  }
}

/** The bulk seed's stand-ins for the signed-up customer and landscaper. */
export const signedInUsers = (sessions: Sessions): SignedInUsers => ({
  customerId: sessions.customer.userId,
  customerEmail: sessions.customer.email,
  landscaperId: sessions.landscaper.userId,
});

/** One measured endpoint: its HTTP request and the service code whose SQL makes its direct ceiling. */
export interface Scenario {
  key: string;
  label: string;
  http: (baseURL: string) => HttpTarget;
  /** What the route runs, minus HTTP and the session lookup; its statements are captured and replayed. */
  service: (db: Db) => Promise<unknown>;
  transactional: boolean;
  /**
   * Run once before the ceiling is captured, answering a line for the report: what a read answers must exist
   * first (Admin → Health's stored count), and how long making it took is a figure of its own.
   */
  prepare?: (db: Db) => Promise<string>;
}

function tomorrow(): string {
  return new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
}

export const quoteBody = () => ({
  fullName: "Bench Visitor",
  email: "bench.visitor@guests.bench.test",
  phone: "(704) 555-0142",
  address: "1400 East Blvd, Charlotte, NC 28203",
  zipCode: "28203",
  services: ["lawn-mowing", "edging-trimming"],
  preferredDate: tomorrow(),
  additionalNotes: "",
  website: "",
  // Issue 34: a firm price, so each quote reads the rate card in force and prices the answers. One visit: a
  // series request's replayed SQL (the direct ceiling) would insert the same series date twice.
  sizeTier: "m",
  grassHeight: "tall",
});

export function scenarios(sessions: Sessions, env: Env): Scenario[] {
  const get = (urlPath: string, session: Session) => (baseURL: string) => ({
    url: `${baseURL}${urlPath}`,
    headers: { cookie: session.cookie },
  });
  return [
    {
      key: "landscaper-queue",
      label: "Landscaper job queue",
      http: get("/api/landscaper/jobs", sessions.landscaper),
      service: (db) =>
        landscaperQueue({ db, landscaperId: sessions.landscaper.userId, query: queueQuerySchema.parse({}) }),
      transactional: false,
    },
    {
      key: "customer-jobs",
      label: "Customer dashboard list",
      http: get("/api/customer/jobs", sessions.customer),
      service: (db) =>
        listCustomerJobs({
          db,
          cancellationFeeCents: 2500,
          approvalHours: 48,
          customerId: sessions.customer.userId,
        }),
      transactional: false,
    },
    {
      key: "notification-bell",
      label: "Notification bell",
      http: get("/api/notifications", sessions.landscaper),
      service: (db) => bellAnswerText(db, { userId: sessions.landscaper.userId, limit: BELL_LIMIT }),
      transactional: false,
    },
    {
      key: "admin-job-search",
      label: `Admin job search "${SEARCH_TERM}"`,
      http: get(`/api/admin/jobs?q=${SEARCH_TERM}`, sessions.admin),
      service: (db) =>
        listJobs({
          db,
          filter: { q: SEARCH_TERM, status: "all" },
          cursor: undefined,
          dir: "next",
          limit: ADMIN_PAGE_SIZE,
        }),
      transactional: false,
    },
    {
      key: "admin-dashboard",
      label: "Admin dashboard figures",
      http: get("/api/admin/dashboard", sessions.admin),
      service: (db) => dashboardSummary({ db, env }),
      transactional: false,
    },
    {
      // Issue 38: the last 12 weeks' health figures by week, neighbourhood and service, and the supply gaps,
      // read as stored (the direct ceiling is that read); the scheduled pass's count of them is timed apart.
      key: "admin-health",
      label: "Admin → Health (12 weeks, every breakdown, as stored)",
      http: get("/api/admin/health", sessions.admin),
      service: (db) => storedHealthText({ db, env }),
      transactional: false,
      prepare: async (db) => {
        await db.delete(appSetting).where(like(appSetting.key, "admin_health:%"));
        const started = performance.now();
        const { counted } = await refreshHealth({ db, env });
        const ms = Math.round(performance.now() - started);
        return `Admin → Health: the scheduled pass's count of the default 12 weeks (its step alone, stored) took ${ms.toLocaleString("en-US")} ms${counted ? "" : " (NOT counted: claimed elsewhere)"}`;
      },
    },
    {
      // The dashboard's four health tiles: the summary of the same stored count (counted by admin-health's
      // prepare step, which runs first).
      key: "admin-health-summary",
      label: "Admin dashboard's health tiles (as stored)",
      http: get("/api/admin/health/summary", sessions.admin),
      service: (db) => storedHealthSummaryText({ db, env }),
      transactional: false,
    },
    {
      key: "admin-resolutions",
      label: "Admin Resolutions list (open and recent problem reports)",
      http: get("/api/admin/resolutions", sessions.admin),
      service: (db) => listResolutions({ db }),
      transactional: false,
    },
    {
      // Issue 35: every approved instant pro covering the request's ZIP is a candidate; their free days, records
      // and distances are read in one pass each, and the best three answered (booking/matching.ts).
      key: "available-pros",
      label: "Available pros for a firm-priced request (GET, the quote's secret)",
      http: (baseURL) => ({
        url: `${baseURL}/api/quotes/${PROS_REQUEST_ID}/pros?token=${encodeURIComponent(PROS_REQUEST_TOKEN)}`,
      }),
      service: (db) => prosForRequest({ db, jobId: PROS_REQUEST_ID, token: PROS_REQUEST_TOKEN }),
      transactional: false,
    },
    {
      key: "quote-submission",
      label: "Quote submission (POST)",
      http: (baseURL) => ({
        url: `${baseURL}/api/quotes`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(quoteBody()),
      }),
      service: (db) =>
        submitQuote({ db, env, input: quoteRequestSchema.parse(quoteBody()), customerId: null }),
      transactional: true,
    },
  ];
}
