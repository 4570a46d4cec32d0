import {
  type AnyColumn,
  aliasedTable,
  and,
  arrayContains,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  not,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { todayInCharlotte } from "../../../shared/dates.js";
import {
  DECLINED_LIST_LIMIT,
  type LandscaperJobsAnswer,
  OPEN_COUNT_CAP,
  QUEUE_PAGE_SIZE,
  type QueueQuery,
  type QueueShow,
  type QueueSort,
  type QueueStats,
} from "../../../shared/job-queue.js";
import { type Db, rowsOf } from "../../db/client.js";
import { job, jobDecline, jobReach, landscaper, zipCode } from "../../db/schema.js";
import { findProfile, greatCircleMiles, landscaperNameSql } from "../landscapers/index.js";
import { offerMarks } from "./offers.js";
import { decodeQueueCursor, encodeQueueCursor, UNKNOWN_MILES } from "./queue-cursor.js";
import { assigned, jobViewColumns, landscaperView, toJobView, withoutContact } from "./views.js";

/**
 * The landscaper's queue, one page of it: new requests in their service area (without the ones they
 * declined, which come apart), and the jobs assigned to them; filtered by service, preferred date and
 * distance from their own ZIP; newest, soonest or nearest first; with the counts of everything for the
 * tiles. Keyset pages (on the job number after the sort key) neither repeat nor skip a job when new
 * requests arrive or others are taken between two pages.
 */
export async function landscaperQueue({
  db,
  landscaperId,
  query,
  openCountCap = OPEN_COUNT_CAP,
}: {
  db: Db;
  landscaperId: string;
  query: QueueQuery;
  /** Where counting the area's open requests stops (a test sets a small one). */
  openCountCap?: number;
}): Promise<Omit<LandscaperJobsAnswer, "preview">> {
  const profile = await findProfile(db, landscaperId);
  const covered = profile?.status === "approved" ? profile.coveredZipCodes : [];
  const declined = aliasedTable(jobDecline, "declined");
  const base = aliasedTable(zipCode, "base");
  const there = aliasedTable(zipCode, "there");

  // Miles from the landscaper's ZIP to the job's, rounded to a tenth as the card shows it (and so a page's
  // cursor carries the exact value the next page compares with).
  // A correlated subquery rather than two joins: it is computed only where a query uses it (the page's 21
  // rows, the nearest order, the distance filter), not for every job in the area on every read.
  const miles = sql<number | null>`(select round(${greatCircleMiles(base, there)}::numeric, 1)::float8
    from ${zipCode} as "base", ${zipCode} as "there" where ${base.zip} = ${profile?.zipCode ?? ""} and ${there.zip} = ${job.zipCode})`;
  const milesOrLast = sql`coalesce(${miles}, ${UNKNOWN_MILES}::float8)`;
  // The day the visit happens, which the date filter and the soonest order go by: a request's preferred
  // date, and once a landscaper took it the date agreed (a series visit's own date, a moved visit's new one).
  const visitDate = sql<string>`(case when ${job.status} = 'pending' then ${job.preferredDate} else coalesce(${job.scheduledDate}, ${job.preferredDate}) end)`;
  // Soonest first means upcoming work first: dates already past (completed work, stale requests) follow.
  const today = todayInCharlotte();
  const pastDate = sql<number>`(case when ${visitDate} < ${today}::date then 1 else 0 end)`;

  // One array parameter, not one per ZIP: an area covers about a hundred ZIPs, and each query of the queue
  // would otherwise carry (and plan) a hundred parameters, three times over.
  // Or beyond it, where a request's 12-hour re-announcement reached this pro (issue 38: job_reach).
  const inArea = covered.length
    ? and(
        eq(job.status, "pending"),
        or(
          sql`${job.zipCode} = any(${sql.param(covered)}::text[])`,
          sql`${job.id} in (select ${jobReach.jobId} from ${jobReach} where ${jobReach.landscaperId} = ${landscaperId})`,
        ),
      )
    : sql`false`;
  const mine = eq(job.landscaperId, landscaperId);
  // Not declined by this landscaper, as a list read once (a hashed subplan) rather than the left join's null
  // check: PostgreSQL estimates `declined.job_id is null` above a left join at almost no rows (34 of 73,838
  // open requests at 1M jobs), and then sorted every open request in the area instead of walking the
  // job-number index for the first 21 (4.3 queue reads a second).
  const notDeclined = sql`${job.id} not in (select ${jobDecline.jobId} from ${jobDecline}
    where ${jobDecline.landscaperId} = ${landscaperId})`;
  const open = and(inArea, notDeclined);
  // Work still open: accepted or scheduled, or done and waiting for the customer's approval (or a dispute).
  const openWork = or(
    inArray(job.status, ["accepted", "scheduled"]),
    and(eq(job.status, "completed"), isNull(job.workApprovedAt)),
  );
  const shows: Record<QueueShow, SQL | undefined> = {
    active: or(open, and(mine, openWork)),
    all: or(open, and(mine, inArray(job.status, ["accepted", "scheduled", "completed"]))),
    open,
    accepted: and(mine, inArray(job.status, ["accepted", "scheduled"])),
    completed: and(mine, eq(job.status, "completed")),
    cancelled: and(mine, eq(job.status, "cancelled")),
  };
  const inDates = (date: SQL | AnyColumn) =>
    and(
      query.from ? sql`${date} >= ${query.from}::date` : undefined,
      query.to ? sql`${date} <= ${query.to}::date` : undefined,
    );
  // A series' scheduled visits of this landscaper (in the dates asked for): the queue shows the first of
  // each series, the Schedule tab all of them. Eight cards a series made the list unreadable on a phone.
  const earlier = aliasedTable(job, "earlier");
  const ownVisitsOfSeries = and(
    eq(earlier.seriesId, job.seriesId),
    eq(earlier.landscaperId, landscaperId),
    eq(earlier.status, "scheduled"),
    inDates(earlier.scheduledDate),
  );
  const laterVisitOf = (
    visits: SQL | undefined,
  ) => sql`(${job.seriesId} is not null and ${job.status} = 'scheduled'
    and exists (select 1 from ${job} as "earlier" where ${visits}
      and (${earlier.scheduledDate}, ${earlier.number}) < (${job.scheduledDate}, ${job.number})))`;
  const laterSeriesVisit = laterVisitOf(ownVisitsOfSeries);
  // The Accepted tile counts what the unfiltered list shows: a series once, whatever dates are asked for.
  const laterSeriesVisitAnyDay = laterVisitOf(
    and(
      eq(earlier.seriesId, job.seriesId),
      eq(earlier.landscaperId, landscaperId),
      eq(earlier.status, "scheduled"),
    ),
  );
  const byService = query.service ? arrayContains(job.selectedServices, [query.service]) : undefined;
  const byDistance = query.within ? sql`${miles} <= ${Number(query.within)}` : undefined;
  const filters = and(shows[query.show], byService, inDates(visitDate), byDistance, not(laterSeriesVisit));

  const cursor = query.cursor ? decodeQueueCursor(query.cursor, query.sort) : null;
  const after: SQL | undefined = !cursor
    ? undefined
    : cursor.sort === "newest"
      ? sql`(${job.createdAt}, ${job.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : cursor.sort === "soonest"
        ? sql`(${pastDate}, ${visitDate}, -${job.number}) > (${cursor.past}::int, ${cursor.date}::date, ${-cursor.number})`
        : sql`(${milesOrLast}, -${job.number}) > (${cursor.miles}::float8, ${-cursor.number})`;
  const order: Record<QueueSort, SQL[]> = {
    // The request's time, as the card's "requested" date: a job's number is not its age (a demo seeded
    // later, a job created with an earlier date), and a landscaper reads "newest" by the date shown.
    newest: [desc(job.createdAt), desc(job.id)],
    soonest: [sql`${pastDate} asc`, sql`${visitDate} asc`, desc(job.number)],
    nearest: [sql`${milesOrLast} asc`, desc(job.number)],
  };

  const declinedByMe = and(eq(declined.jobId, job.id), eq(declined.landscaperId, landscaperId));
  const pageOf = (where: SQL | undefined) =>
    db
      .select({
        job: jobViewColumns,
        landscaperId: job.landscaperId,
        landscaperName: landscaperNameSql(assigned.name),
        miles,
        declinedAt: declined.createdAt,
        createdAtText: sql<string>`${job.createdAt}::text`,
      })
      .from(job)
      .leftJoin(declined, declinedByMe)
      .leftJoin(assigned, eq(assigned.id, job.landscaperId))
      .leftJoin(landscaper, eq(landscaper.userId, job.landscaperId))
      .where(where);

  /**
   * The page in one statement that still works in two steps: which jobs, in order (the filters, the sort and
   * the centroids only, in a subquery with its LIMIT, which PostgreSQL plans apart), then those 21 jobs' details
   * and names. With the names joined before the sort, every job in the area was joined to keep 21 of them.
   */
  const pageRows = () => {
    const keys = db
      .select({ id: job.id })
      .from(job)
      .where(and(filters, after))
      .orderBy(...order[query.sort])
      .limit(QUEUE_PAGE_SIZE + 1);
    return pageOf(inArray(job.id, keys)).orderBy(...order[query.sort]);
  };

  /**
   * The tiles and the filters' count, in one statement of parts that never meet: the open requests of the
   * area, this landscaper's own jobs, their declines. `shows` splits the same way (an open request is
   * pending, every one of "mine" it lists is not), so `matching` is the open part plus the own part. Read
   * together as one `(mine or in area)` count over a left join of the declines, PostgreSQL fetched every open
   * request of the area from the heap: at 1M jobs, 73,844 rows of 92 ZIPs on 41,109 heap pages, 165-280 ms
   * (EXPLAIN ANALYZE, jit off, 41,356 buffers). Alone, the open requests are an index-only count on
   * `job_pending_zip_date_idx`, which carries every column the count reads (the id for "not declined", the
   * date and the services for the filters): 9-21 ms, 2,059 buffers, on the same database; still exact. The
   * parts were four statements until issue 32's profile: each one's round trip cost more than its SQL.
   */
  const count = (where: SQL | undefined) => sql`count(*) filter (where ${where})::int`;
  // A request's visit date is its preferred date (`visitDate` for a pending job), read here from the index.
  const openFilters = and(byService, inDates(job.preferredDate), byDistance);
  const listsOpen = query.show === "active" || query.show === "all" || query.show === "open";
  const ownShown: Record<QueueShow, SQL | undefined> = {
    active: openWork,
    all: inArray(job.status, ["accepted", "scheduled", "completed"]),
    open: sql`false`,
    accepted: inArray(job.status, ["accepted", "scheduled"]),
    completed: eq(job.status, "completed"),
    cancelled: eq(job.status, "cancelled"),
  };
  // Up to one past the cap (OPEN_COUNT_CAP): reading 1,001 index entries instead of all 73,844 of a busy
  // area at 1M jobs (9-21 ms a read, the queue's main cost under load).
  const upToCap = (where: SQL | undefined) =>
    sql`(select count(*)::int from (select 1 from ${job} where ${where} limit ${openCountCap + 1}) capped)`;
  const noneCovered = !covered.length;
  // -1: without filters the open requests the list shows are the ones the tile counts.
  const openMatching =
    noneCovered || !listsOpen ? sql`0` : openFilters ? upToCap(and(open, openFilters)) : sql`-1`;
  const countsRead = db.execute(sql`
    select own.*,
      ${noneCovered ? sql`0` : upToCap(open)} as pending,
      ${openMatching} as open_matching,
      ${
        noneCovered
          ? sql`0`
          : sql`(select count(*)::int from ${jobDecline} join ${job} on ${job.id} = ${jobDecline.jobId}
              where ${jobDecline.landscaperId} = ${landscaperId} and ${inArea})`
      } as declined,
      ${profile?.zipCode ? sql`exists (select 1 from ${zipCode} where ${zipCode.zip} = ${profile.zipCode})` : sql`false`} as distances
    from (select
        ${count(and(inArray(job.status, ["accepted", "scheduled"]), not(laterSeriesVisitAnyDay)))} as accepted,
        ${count(eq(job.status, "completed"))} as completed,
        ${count(eq(job.status, "cancelled"))} as cancelled,
        ${count(and(ownShown[query.show], byService, inDates(visitDate), byDistance, not(laterSeriesVisit)))} as own_matching
      from ${job} where ${mine}) own`);
  const [countRows, rows, declinedRows] = await Promise.all([
    countsRead,
    pageRows(),
    cursor
      ? Promise.resolve([])
      : pageOf(and(inArea, isNotNull(declined.jobId)))
          .orderBy(desc(declined.createdAt))
          .limit(DECLINED_LIST_LIMIT),
  ]);
  const [counts] = rowsOf<{
    accepted: number;
    completed: number;
    cancelled: number;
    own_matching: number;
    pending: number;
    open_matching: number;
    declined: number;
    distances: boolean;
  }>(countRows);
  const openCounts = {
    pending: counts?.pending ?? 0,
    matching: counts?.open_matching === -1 ? (counts?.pending ?? 0) : (counts?.open_matching ?? 0),
  };
  const distances = counts?.distances ?? false;

  const stats: QueueStats = {
    total: openCounts.pending + (counts?.accepted ?? 0) + (counts?.completed ?? 0),
    pending: openCounts.pending,
    accepted: counts?.accepted ?? 0,
    completed: counts?.completed ?? 0,
    cancelled: counts?.cancelled ?? 0,
    declined: counts?.declined ?? 0,
  };
  type Row = (typeof rows)[number];
  const toView = (r: Row) => {
    const view = {
      ...toJobView(r.job, { landscaperName: r.landscaperName, declinedByMe: r.declinedAt !== null }),
      distanceMiles: r.miles === null ? null : Number(r.miles),
    };
    return r.landscaperId === landscaperId ? landscaperView(r.job, view) : withoutContact(view);
  };
  const page = rows.slice(0, QUEUE_PAGE_SIZE);
  const last = page.at(-1);
  // Offers waiting on the page's open requests (issue 35): the pro's own, and how many in all.
  const marks = offerMarks(
    db,
    landscaperId,
    page.filter((r) => r.job.status === "pending").map((r) => r.job.id),
  );
  const seriesIds = [...new Set(page.flatMap((r) => (r.job.seriesId ? [r.job.seriesId] : [])))];
  // A series books about 8 visits ahead, so its dates are few: the card lists the ones after its own.
  const visitRows = seriesIds.length
    ? await db
        .select({ seriesId: job.seriesId, date: job.scheduledDate })
        .from(job)
        .where(
          and(
            inArray(job.seriesId, seriesIds),
            eq(job.landscaperId, landscaperId),
            eq(job.status, "scheduled"),
            inDates(job.scheduledDate),
          ),
        )
        .orderBy(job.scheduledDate)
    : [];
  const seriesVisitDates: Record<string, string[]> = {};
  for (const row of visitRows) {
    if (!row.seriesId || !row.date) continue;
    const dates = seriesVisitDates[row.seriesId] ?? [];
    dates.push(row.date);
    seriesVisitDates[row.seriesId] = dates;
  }
  const nextCursor =
    rows.length > QUEUE_PAGE_SIZE && last
      ? encodeQueueCursor(
          query.sort === "newest"
            ? { sort: "newest", createdAt: last.createdAtText, id: last.job.id }
            : query.sort === "soonest"
              ? {
                  sort: "soonest",
                  past: visitDateOf(last.job) < today ? 1 : 0,
                  date: visitDateOf(last.job),
                  number: last.job.number,
                }
              : {
                  sort: "nearest",
                  miles: last.miles === null ? UNKNOWN_MILES : Number(last.miles),
                  number: last.job.number,
                },
        )
      : null;

  const offers = await marks;
  const withOffers = (r: Row) => {
    const view = toView(r);
    if (r.job.status !== "pending") return view;
    const mark = offers.get(r.job.id);
    return { ...view, myOffer: mark?.mine ?? null, offerCount: mark?.count ?? 0 };
  };
  return {
    jobs: page.map(withOffers),
    stats,
    matching: openCounts.matching + (counts?.own_matching ?? 0),
    nextCursor,
    declined: declinedRows.map(toView),
    distances,
    seriesVisits: Object.fromEntries(
      Object.entries(seriesVisitDates).map(([seriesId, dates]) => [seriesId, dates.length]),
    ),
    seriesVisitDates,
  };
}

/** The date a job of the queue happens on, as `visitDate` computes it in SQL. */
function visitDateOf(row: { status: string; preferredDate: string; scheduledDate: string | null }): string {
  return row.status === "pending" ? row.preferredDate : (row.scheduledDate ?? row.preferredDate);
}
