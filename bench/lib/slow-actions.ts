import sharp from "sharp";
import type { Env } from "../../src/server/config/env.js";
import { approveJob } from "../../src/server/features/jobs/customer-actions.js";
import { paymentProviderFor } from "../../src/server/features/payments/providers/select.js";
import { reportProblem } from "../../src/server/features/proof/disputes.js";
import { addPhotos } from "../../src/server/features/proof/photos.js";
import { processPhoto } from "../../src/server/features/proof/process-photo.js";
import type { Storage } from "../../src/server/lib/storage.js";
import { seedTestCards } from "./captures.js";
import type { DirectDb } from "./direct-db.js";
import type { LoadFigures } from "./load.js";
import {
  bulkCustomers,
  ceiling,
  customerPrincipal,
  expectOk,
  type Item,
  type Load,
  overHttp,
} from "./one-job-each.js";
import type { EndpointResult } from "./report.js";
import { startServer } from "./server.js";
import { openDirect, type Target } from "./target.js";

/**
 * Issue 33 item 15's slowest actions, each request on a job of its own (they change it), measured like the
 * payment captures: seeded with no server running, then `connections` clients each take the next job.
 *
 * - **Approve & book**: an offer for tomorrow approved with the saved card (`POST /api/jobs/:id/approve`),
 *   which holds the price at the built-in test processor and books the visit, as the demo's dialog does.
 * - **Report a problem with a photo**: a 12 MP camera JPEG uploaded as a problem photo
 *   (`POST /api/jobs/:id/photos`), then the report (`POST /api/jobs/:id/report-problem`), the two requests
 *   the dialog sends; the latency is of the pair.
 *
 * Their direct ceiling replays the SQL the service sent for one template job, with the template's job id
 * swapped for each next job's; ids the template's run created (its payment and intent, its photo rows) are
 * swapped for new ones, so the replay's statements that found those rows find none and cost a little less: a
 * ceiling, not a copy. On PostgreSQL the captured begin and commit are replayed as sent, on PGlite (which
 * sends none) each replay is one transaction. The photo's ceiling also runs the same photo through the image
 * pipeline (processPhoto): the service's own work beside its SQL, which is most of it.
 */

/** Jobs seeded per second of the window (warm-up included), far above what two cores get through. */
const APPROVALS_PER_SECOND = 300;
const REPORTS_PER_SECOND = 40;
/** Bulk customers of these steps, apart from the captures' (bc2…): HTTP clients, and the ceiling's one. */
const APPROVE_CUSTOMERS = 12;
const REPORT_CUSTOMERS = 32;
const CEILING_CUSTOMER = "bc60";
/** The offers' and the finished jobs' landscaper: a bulk one, so the signed-in landscaper stays as seeded. */
const LANDSCAPER = "bl2";
const PRICE_CENTS = 5500;

/**
 * Offers (accepted, waiting for the customer) or finished work waiting for the customer's word, `count` of
 * them spread over `customers`, oldest number first; the visit is tomorrow (an approval holds the price
 * now) or was yesterday.
 */
async function seedJobs(
  direct: DirectDb,
  kind: "offer" | "finished",
  count: number,
  customers: string[],
): Promise<Item[]> {
  const offer = kind === "offer";
  return direct.query<Item>(
    `with made as (
       insert into job (customer_id, customer_name, customer_email, customer_phone, address, zip_code,
         selected_services, service_type, preferred_date, status, landscaper_id, estimate_low_cents,
         estimate_high_cents, quoted_price_cents, scheduled_date, final_price_cents, accepted_at, scheduled_at,
         completed_at, created_at, updated_at)
       select u.id, u.name, u.email, '(704) 555-0142', '1400 East Blvd, Charlotte, NC 28203', '28203',
              array['lawn-mowing'], 'lawn-mowing', d.day, $2::job_status, $3, 4500, 6500, $4::int, d.day,
              case when $5::boolean then null else $4::int end, now() - interval '1 day',
              case when $5::boolean then null else now() - interval '1 day' end,
              case when $5::boolean then null else now() - interval '2 hours' end,
              now() - interval '2 days', now() - interval '2 hours'
         from generate_series(0, $1::int - 1) g
         join "user" u on u.id = ($6::text[])[1 + g % cardinality($6::text[])]
         cross join (select (now() at time zone 'America/New_York')::date + case when $5::boolean then 1 else -1 end as day) d
       returning id, customer_id, number)
     select id as "jobId", customer_id as "customerId" from made order by number`,
    [count, offer ? "accepted" : "completed", LANDSCAPER, PRICE_CENTS, offer, customers],
  );
}

/** Storage that keeps nothing: the ceiling measures the SQL and the image pipeline, not the disk. */
const nowhere: Storage = {
  kind: "disk",
  put: async () => {},
  get: async () => null,
  delete: async () => {},
  check: async () => {},
};

/** A phone photo: 4,032 × 3,024, grass-like texture (noise, slightly blurred), EXIF as a camera writes it. */
export async function cameraPhoto(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 110, sigma: 40 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withExif({
      IFD0: { Make: "TestCam", Model: "Phone 15" },
      IFD2: { DateTimeOriginal: "2026:11:20 10:42:05" },
    })
    .toBuffer();
}

export interface SlowActionsResult {
  endpoints: EndpointResult[];
  /**
   * Actions answered 200 over HTTP (warm-up included), and the jobs they moved, counted in the database
   * afterwards: booked with a hold, reported with a problem photo.
   */
  approved: number;
  booked: number;
  reportsSent: number;
  reported: number;
}

/**
 * The whole step, with no server running when it starts: seeds the offers and the finished jobs, measures
 * the ceilings, starts the server and measures over HTTP, stops it and counts what the requests changed.
 */
export async function slowActionsStep(
  target: Target,
  env: Env,
  load: Load,
  bareRps: number,
  log: (message: string) => void,
): Promise<SlowActionsResult> {
  const window = load.warmupSeconds + load.seconds;
  const photo = await cameraPhoto();
  log(`  camera photo: ${(photo.length / 1024 / 1024).toFixed(1)} MB, 4032 × 3024`);
  const approveIds = bulkCustomers(APPROVE_CUSTOMERS, Math.min(load.connections, 10));
  const reportIds = bulkCustomers(REPORT_CUSTOMERS, Math.min(load.connections, 10));
  let direct = await openDirect(target);
  let offers: Item[];
  let finished: Item[];
  let approveCeiling: LoadFigures;
  let reportCeiling: LoadFigures;
  let customers: { id: string; email: string; name: string }[];
  try {
    customers = await direct.query(`select id, email, name from "user" where id = any($1::text[])`, [
      [...approveIds, ...reportIds, CEILING_CUSTOMER],
    ]);
    await seedTestCards(direct, [...approveIds, CEILING_CUSTOMER]);
    offers = await seedJobs(direct, "offer", Math.ceil(window * APPROVALS_PER_SECOND), approveIds);
    finished = await seedJobs(direct, "finished", Math.ceil(window * REPORTS_PER_SECOND), reportIds);
    const forCeiling = {
      offers: await seedJobs(direct, "offer", Math.ceil(window * APPROVALS_PER_SECOND), [CEILING_CUSTOMER]),
      finished: await seedJobs(direct, "finished", Math.ceil(window * REPORTS_PER_SECOND), [
        CEILING_CUSTOMER,
      ]),
    };
    await direct.exec("analyze job");
    log(
      `  seeded ${offers.length} offers and ${finished.length} finished jobs (and as many for the ceilings)`,
    );
    const principal = customerPrincipal(customers.find((c) => c.id === CEILING_CUSTOMER)!);
    approveCeiling = await ceiling(
      direct,
      forCeiling.offers,
      load,
      "approve & book",
      (db, item) =>
        approveJob({ db, env, principal, jobId: item.jobId, provider: paymentProviderFor(env, db) }),
      async (template) =>
        (
          await direct.query<{ id: string; intent: string | null }>(
            "select id, provider_payment_id as intent from payment where job_id = $1",
            [template.jobId],
          )
        ).flatMap((p) => [p.id, ...(p.intent ? [p.intent] : [])]),
    );
    log(`  direct approve & book: ${approveCeiling.rps} req/s, p95 ${approveCeiling.p95} ms`);
    reportCeiling = await ceiling(
      direct,
      forCeiling.finished,
      load,
      "report with a photo",
      async (db, item) => {
        const context = { db, env, principal, jobId: item.jobId, provider: paymentProviderFor(env, db) };
        await addPhotos({
          db,
          storage: nowhere,
          principal,
          jobId: item.jobId,
          kind: "problem",
          files: [photo],
        });
        return reportProblem({ ...context, reason: "partly_done", note: "The back yard was not mowed." });
      },
      async (template) =>
        (
          await direct.query<{ id: string }>("select id from job_photo where job_id = $1", [template.jobId])
        ).map((p) => p.id),
      { extra: () => processPhoto(photo) },
    );
    log(`  direct report with a photo: ${reportCeiling.rps} req/s, p95 ${reportCeiling.p95} ms`);
  } finally {
    await direct.close();
  }

  const server = await startServer(target);
  let approveHttp: Awaited<ReturnType<typeof overHttp>>;
  let reportHttp: Awaited<ReturnType<typeof overHttp>>;
  try {
    approveHttp = await overHttp(
      server.baseURL,
      offers,
      customers,
      load,
      "approve & book",
      async (item, session) => {
        const response = await fetch(`${server.baseURL}/api/jobs/${item.jobId}/approve`, {
          method: "POST",
          headers: { cookie: session.cookie, "content-type": "application/json" },
          body: "{}",
        });
        await expectOk(response, "approve");
      },
    );
    log(`  approve & book: ${approveHttp.http.rps} req/s, p95 ${approveHttp.http.p95} ms`);
    reportHttp = await overHttp(
      server.baseURL,
      finished,
      customers,
      load,
      "report a problem",
      async (item, session) => {
        const form = new FormData();
        form.append("kind", "problem");
        form.append("photo1", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_1.jpg");
        const upload = await fetch(`${server.baseURL}/api/jobs/${item.jobId}/photos`, {
          method: "POST",
          headers: { cookie: session.cookie },
          body: form,
        });
        await expectOk(upload, "photo upload");
        const report = await fetch(`${server.baseURL}/api/jobs/${item.jobId}/report-problem`, {
          method: "POST",
          headers: { cookie: session.cookie, "content-type": "application/json" },
          body: JSON.stringify({ reason: "partly_done", note: "The back yard was not mowed at all." }),
        });
        await expectOk(report, "report");
      },
    );
    log(`  report a problem with a photo: ${reportHttp.http.rps} req/s, p95 ${reportHttp.http.p95} ms`);
  } finally {
    await server.stop();
  }

  direct = await openDirect(target);
  let booked: number;
  let reported: number;
  try {
    const count = async (sql: string, ids: string[]) =>
      Number((await direct.query<{ n: number }>(sql, [ids]))[0]?.n ?? 0);
    booked = await count(
      `select count(*)::int as n from job j join payment p on p.job_id = j.id and p.status = 'held'
        where j.id = any($1::uuid[]) and j.status = 'scheduled'`,
      offers.map((o) => o.jobId),
    );
    reported = await count(
      `select count(*)::int as n from job j where j.id = any($1::uuid[]) and j.problem_reported_at is not null
         and exists (select 1 from job_photo p where p.job_id = j.id and p.kind = 'problem')`,
      finished.map((f) => f.jobId),
    );
  } finally {
    await direct.close();
  }
  const row = (key: string, label: string, http: LoadFigures, direct: LoadFigures): EndpointResult => ({
    key,
    label,
    http,
    direct,
    ratioToDirect: direct.rps > 0 ? Math.round((http.rps / direct.rps) * 100) / 100 : 0,
    // The photo's is far below 0.001 (a second's work against a bare answer): two significant digits.
    ratioToBare: Number((http.rps / bareRps).toPrecision(2)),
  });
  return {
    endpoints: [
      row(
        "approve-book",
        "Approve & book (POST approve, hold at the test processor)",
        approveHttp.http,
        approveCeiling,
      ),
      row(
        "report-problem-photo",
        "Report a problem with a 12 MP photo (upload + report; direct includes the image pipeline)",
        reportHttp.http,
        reportCeiling,
      ),
    ],
    approved: approveHttp.answered,
    booked,
    reportsSent: reportHttp.answered,
    reported,
  };
}
