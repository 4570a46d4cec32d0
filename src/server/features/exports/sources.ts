import { count, eq, inArray, isNotNull, max, type SQL } from "drizzle-orm";
import {
  type AnalyticsData,
  type ApplicationStatusFilter,
  type JobStatusFilter,
  type MoneyKindFilter,
  type MoneyMovementKind,
  moneyKindLabel,
} from "../../../shared/admin.js";
import type { CsvExportKind } from "../../../shared/exports.js";
import { adminGroupLabel, adminGroupOf } from "../../../shared/jobs.js";
import { sizeTierLabel } from "../../../shared/pricing.js";
import { jobLabel, serviceName } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { DbOrTx } from "../../db/client.js";
import { customer, job, landscaper, ledgerTransaction, user } from "../../db/schema.js";
import {
  applicationFilterCondition,
  type Cursor,
  cursorTimestamp,
  type Fetcher,
  inKeysetSlice,
  jobCursorOf,
  jobFilterCondition,
  type KeysetSlice,
  LandscaperNames,
  moneyCursorOf,
  selectApplications,
  selectJobExportRows,
  selectJobRows,
  selectMoneyRows,
  toNumber,
  totalCentsOf,
  userFilterCondition,
} from "../admin/index.js";
import { type Cell, day, money, pagedRows, pages } from "./csv.js";

/** One CSV: its header, how many data rows it will hold, and the rows themselves, read page by page. */
export interface ExportSource {
  kind: CsvExportKind;
  columns: readonly string[];
  count(): Promise<number>;
  rows(): AsyncIterable<readonly Cell[]>;
}

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

async function countOf(
  db: DbOrTx,
  table: typeof job | typeof landscaper | typeof user,
  where: SQL | undefined,
) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return toNumber(row?.n);
}

/* ---------------- Jobs and ratings ---------------- */

type Page = Parameters<Fetcher<unknown>>[0];

/**
 * Pages of job rows newest first, each with the names of its landscapers loaded: one query per page for the
 * ids not met before (LandscaperNames). Per page, not per row, so the row loop stays as lean as it was.
 */
async function* pagesWithLandscaperNames<
  Row extends { id: string; cursorTs: string; landscaperId: string | null },
>(db: DbOrTx, fetch: Fetcher<Row>): AsyncGenerator<{ page: Row[]; names: LandscaperNames }> {
  const names = new LandscaperNames(db);
  for await (const page of pages(fetch, jobCursorOf)) {
    await names.load(page.map((row) => row.landscaperId));
    yield { page, names };
  }
}

export function jobsSource(db: DbOrTx, filter: { q: string; status: JobStatusFilter }): ExportSource {
  let where: Promise<SQL | undefined> | undefined;
  // Resolved once, on first use: the count and the rows read the same condition.
  const condition = () => {
    where ??= jobFilterCondition(db, filter);
    return where;
  };
  return {
    kind: "jobs",
    // Spec 02 §3, CSV row shapes: jobs.
    columns: [
      "Job ID",
      "Client Name",
      "Landscaper Name",
      "Service Type",
      "Job Date",
      "Completion Status",
      "Rating",
      "Tip Amount",
      "Total Price",
      // Issue 17: the recurring series a visit belongs to (blank for one-time jobs).
      "Series",
      // Issue 34: the lawn size the customer chose and the rate card version of its firm price.
      "Size Tier",
      "Rate Card Version",
    ],
    count: async () => countOf(db, job, await condition()),
    async *rows() {
      const where = await condition();
      const fetch = (p: Page) => selectJobExportRows(db, { where, ...p });
      for await (const { page, names } of pagesWithLandscaperNames(db, fetch)) {
        for (const row of page) {
          yield [
            jobLabel(row.number),
            row.customerName,
            names.of(row.landscaperId),
            row.selectedServices.map(serviceName).join(", "),
            row.scheduledDate ?? row.preferredDate,
            adminGroupLabel[adminGroupOf(row.status, row.underway)],
            row.rating,
            money(row.tipCents),
            money(totalCentsOf(row)),
            row.series,
            sizeTierLabel(row.sizeTier),
            row.rateCardVersion,
          ];
        }
      }
    },
  };
}

/**
 * The ledger's money movements, newest first (the admin Payments page's list): not part of the reports ZIP,
 * whose contents spec 02 §9 names.
 */
export function paymentsSource(db: DbOrTx, filter: { kind: MoneyKindFilter }): ExportSource {
  const where = filter.kind === "all" ? undefined : eq(ledgerTransaction.kind, filter.kind);
  return {
    kind: "payments",
    columns: ["Date", "Kind", "Job ID", "Client Name", "Landscaper Name", "Description", "Amount"],
    count: async () => {
      const [row] = await db.select({ n: count() }).from(ledgerTransaction).where(where);
      return toNumber(row?.n);
    },
    async *rows() {
      const fetch = (p: Page) => selectMoneyRows(db, { kind: filter.kind, ...p });
      for await (const page of pages(fetch, moneyCursorOf)) {
        for (const row of page) {
          yield [
            day(row.createdAt),
            moneyKindLabel[row.kind as MoneyMovementKind] ?? row.kind,
            row.jobNumber === null ? "" : jobLabel(row.jobNumber),
            row.customerName ?? "",
            row.landscaperName ?? "",
            row.description,
            // A number, not text: money out is negative, and a text "-150.00" would be neutralised as a formula.
            row.amountCents / 100,
          ];
        }
      }
    },
  };
}

/** The spec names a ratings CSV in the ZIP without its columns: one row per rated job. */
export function ratingsSource(db: DbOrTx): ExportSource {
  const where = isNotNull(job.rating);
  return {
    kind: "ratings",
    columns: [
      "Job ID",
      "Rated On",
      "Client Name",
      "Landscaper Name",
      "Service Type",
      "Rating",
      "Comment",
      "Tip Amount",
    ],
    count: () => countOf(db, job, where),
    async *rows() {
      const fetch = (p: Page) => selectJobRows(db, { where, ...p });
      for await (const { page, names } of pagesWithLandscaperNames(db, fetch)) {
        for (const row of page) {
          yield [
            jobLabel(row.number),
            day(row.ratedAt),
            row.customerName,
            names.of(row.landscaperId),
            row.selectedServices.map(serviceName).join(", "),
            row.rating,
            row.ratingComment,
            money(row.tipCents),
          ];
        }
      }
    },
  };
}

/* ---------------- Landscapers ---------------- */

export function landscapersSource(
  db: DbOrTx,
  filter: { q: string; status: ApplicationStatusFilter },
): ExportSource {
  const where = applicationFilterCondition(filter);
  return {
    kind: "landscapers",
    // Spec 02 §3, CSV row shapes: landscapers.
    columns: ["Full Name", "Email", "Phone", "ZIP Codes Covered", "Application Status", "Date Submitted"],
    count: () => countOf(db, landscaper, where),
    async *rows() {
      const fetch = (page: { cursor: Cursor | null; order: "asc" | "desc"; limit: number }) =>
        selectApplications(db, { where, ...page });
      for await (const row of pagedRows(fetch, (r) => ({ ts: r.cursorTs, id: r.userId }))) {
        yield [
          row.fullName,
          row.email,
          row.phoneNumber,
          row.serviceZipCodes.join(", "),
          capitalised(row.status),
          day(row.documentsSubmittedAt ?? row.createdAt),
        ];
      }
    },
  };
}

/* ---------------- Clients ---------------- */

function selectClients(db: DbOrTx, options: KeysetSlice) {
  return inKeysetSlice(
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        userPhone: user.phoneNumber,
        fullName: customer.fullName,
        customerPhone: customer.phoneNumber,
        createdAt: user.createdAt,
        cursorTs: cursorTimestamp(user.createdAt),
      })
      .from(user)
      .leftJoin(customer, eq(customer.userId, user.id))
      .$dynamic(),
    user,
    options,
  );
}

/** Clients are the customers (not admins), as the dashboard counts them; bookings are their own jobs. */
export function clientsSource(db: DbOrTx, env: Env, filter: { q: string }): ExportSource {
  const where = userFilterCondition(env, { q: filter.q, role: "customer" });
  return {
    kind: "clients",
    // Spec 02 §3, CSV row shapes: clients.
    columns: ["Full Name", "Email", "Phone", "Signup Date", "Last Booking Date", "Total Bookings"],
    count: () => countOf(db, user, where),
    async *rows() {
      const fetch = (page: { cursor: Cursor | null; order: "asc" | "desc"; limit: number }) =>
        selectClients(db, { where, ...page });
      for await (const page of pages(fetch, (r) => ({ ts: r.cursorTs, id: r.id }))) {
        // One grouped query per page of clients, answered by job_customer_idx.
        const stats = await db
          .select({ customerId: job.customerId, last: max(job.createdAt), total: count() })
          .from(job)
          .where(
            inArray(
              job.customerId,
              page.map((row) => row.id),
            ),
          )
          .groupBy(job.customerId);
        const byId = new Map(stats.map((stat) => [stat.customerId, stat]));
        for (const row of page) {
          const stat = byId.get(row.id);
          yield [
            row.fullName ?? row.name,
            row.email,
            row.customerPhone || row.userPhone,
            day(row.createdAt),
            day(stat?.last ? new Date(stat.last) : null),
            toNumber(stat?.total ?? 0),
          ];
        }
      }
    },
  };
}

/* ---------------- Analytics ---------------- */

const rangeLabel = (range: number) => `Last ${range} days`;

/** The figures on the analytics screen, one row per number. */
export function analyticsRows(data: AnalyticsData): Cell[][] {
  const rows: Cell[][] = [];
  const period = (p: { start: string; end: string }) =>
    p.start === p.end ? p.start : `${p.start} to ${p.end}`;
  for (const point of data.bookings ?? [])
    rows.push(["Total Bookings", period(point), "Bookings", point.bookings]);
  for (const point of data.topLandscapers ?? []) {
    rows.push(["Top Performing Landscapers", rangeLabel(data.range), point.name, point.jobs]);
  }
  for (const point of data.engagement ?? []) {
    rows.push(["Client Engagement Trends", period(point), "Repeat Bookings", point.repeatBookings]);
    rows.push(["Client Engagement Trends", period(point), "Abandoned Quotes", point.abandonedQuotes]);
  }
  return rows;
}

export function analyticsSource(data: AnalyticsData): ExportSource {
  const rows = analyticsRows(data);
  // Buckets always exist; an export of nothing but zeros has no records worth a file.
  const hasData = rows.some((row) => typeof row[3] === "number" && row[3] > 0);
  return {
    kind: "analytics",
    columns: ["Chart", "Period", "Metric", "Value"],
    count: async () => (hasData ? rows.length : 0),
    async *rows() {
      yield* rows;
    },
  };
}
