import type { DirectDb } from "./direct-db.js";
import { type LoadFigures, measureDirect } from "./load.js";
import { BULK_PASSWORD } from "./seed.js";
import { type Session, signIn, startServer } from "./server.js";
import { openDirect, type Target } from "./target.js";

/**
 * Payment capture throughput: jobs whose work is done and waiting for the customer's approval, each with
 * its price held on the customer's card at the built-in test processor, are approved through the real route
 * (`POST /api/jobs/:id/approve-work`) by `connections` clients at once, each request a different job. The
 * route records the approval and writes the capture down in one transaction, then captures the hold at the
 * test processor and posts the ledger transaction (payments/settlement/work-approval.ts and money.ts, payments/charges.ts).
 * Afterwards the database is read to check that every approval captured its payment once and that every
 * capture is in the ledger exactly once, balanced, with no second payment on any job.
 */

/** Jobs seeded per second of the window (warm-up included): far above what two cores capture. */
const SEEDED_PER_SECOND = 400;
/** The landscaper of the capture jobs: a bulk one, so the signed-in landscaper's bell stays as seeded. */
const CAPTURE_LANDSCAPER = "bl2";
const PRICE_CENTS = 5500;

export interface CaptureLedgerCheck {
  /** Jobs whose work is recorded as approved, payments captured in full, job charges in the ledger. */
  approved: number;
  captured: number;
  ledgerTransactions: number;
  /** Intents the test processor itself holds as captured. */
  processorCaptured: number;
  /** Jobs with more than one job charge in the ledger, payments other than the seeded hold. */
  doubled: number;
  otherPayments: number;
  /** Ledger transactions whose entries do not sum to zero; captures still written down, not made. */
  unbalanced: number;
  pending: number;
  capturedCents: number;
  processorCents: number;
  /** Every 200 answer is one approval, one capture, one balanced ledger transaction and nothing more. */
  ok: boolean;
}

export interface CaptureResult {
  /** Jobs seeded, and the customers (one signed-in client each) they belong to. */
  seeded: number;
  customers: number;
  /** Approvals answered 200 in the measured window: captures per second and their latency. */
  http: LoadFigures;
  /** Approvals answered 200 in all, warm-up included (what the ledger is checked against). */
  answered: number;
  /** Answers other than 200, by status (or the error's message). */
  failures: Record<string, number>;
  /** The clients ran out of seeded jobs before the window closed (then the rate is a floor). */
  exhausted: boolean;
  ledger: CaptureLedgerCheck;
}

export interface CaptureJobs {
  /** In the order the clients take them: the customers' jobs in turn. */
  jobs: { jobId: string; customerId: string }[];
  customers: { id: string; email: string }[];
}

/**
 * A saved test card for each of these bulk customers, as adding one through the card form leaves it: the test
 * processor's customer and card objects, our payment customer and default method.
 */
export async function seedTestCards(direct: DirectDb, ids: string[]) {
  // Each customer at the test processor: its customer and card objects, our records of them.
  await direct.query(
    `insert into test_processor_object (id, type, data)
     select 'cus_test_bench_' || u.id, 'customer', jsonb_build_object('email', u.email, 'name', u.name, 'user', u.id)
       from "user" u where u.id = any($1::text[])
     union all
     select 'pm_test_bench_' || u.id, 'card', jsonb_build_object('id', 'pm_test_bench_' || u.id, 'brand', 'visa',
            'last4', '4242', 'expMonth', 12, 'expYear', 2030, 'customer', 'cus_test_bench_' || u.id,
            'outcome', 'succeeds')
       from "user" u where u.id = any($1::text[])`,
    [ids],
  );
  await direct.query(
    `insert into payment_customer (user_id, provider, provider_customer_id)
     select id, 'test', 'cus_test_bench_' || id from "user" where id = any($1::text[])`,
    [ids],
  );
  await direct.query(
    `insert into payment_method (user_id, provider, provider_method_id, brand, last4, exp_month, exp_year, is_default)
     select id, 'test', 'pm_test_bench_' || id, 'visa', '4242', 12, 2030, true from "user" where id = any($1::text[])`,
    [ids],
  );
}

/**
 * Seeds `count` completed jobs (completed 2 hours ago, so the payment pass's 48-hour auto-approval leaves
 * them alone) spread over `customerCount` bulk customers, each with a saved test card, and a held payment
 * per job as holdJobPrice leaves it: the payment row `held` and the test processor's intent `held`.
 * Remembered in bench_capture for the check.
 */
export async function seedCaptureJobs(
  direct: DirectDb,
  count: number,
  customerCount: number,
): Promise<CaptureJobs> {
  const ids = Array.from({ length: customerCount }, (_, i) => `bc${i + 2}`);
  const customers = await direct.query<{ id: string; email: string }>(
    `select id, email from "user" where id = any($1::text[]) order by id`,
    [ids],
  );
  if (customers.length !== customerCount) throw new Error("The bulk customers for the captures are missing.");
  await direct.exec(`
    drop table if exists bench_capture;
    create table bench_capture (ord int primary key, job_id uuid not null, customer_id text not null,
      amount_cents int not null, payment_id uuid);`);
  await seedTestCards(direct, ids);
  const customerIds = `array[${ids.map((id) => `'${id}'`).join(",")}]::text[]`;
  await direct.exec(`
    with made as (
      insert into job (customer_id, customer_name, customer_email, customer_phone, address, zip_code,
        selected_services, service_type, preferred_date, status, landscaper_id, estimate_low_cents,
        estimate_high_cents, quoted_price_cents, scheduled_date, final_price_cents, accepted_at, scheduled_at,
        completed_at, created_at, updated_at)
      select u.id, u.name, u.email, '(704) 555-0142', '1400 East Blvd, Charlotte, NC 28203', '28203',
             array['lawn-mowing'], 'lawn-mowing', current_date - 1, 'completed', '${CAPTURE_LANDSCAPER}', 4500, 6500,
             ${PRICE_CENTS}, current_date - 1, ${PRICE_CENTS}, now() - interval '4 days', now() - interval '4 days',
             now() - interval '2 hours', now() - interval '5 days', now() - interval '2 hours'
        from generate_series(0, ${count - 1}) g
        join "user" u on u.id = (${customerIds})[1 + g % ${customerCount}]
      returning id, customer_id, quoted_price_cents, number
    )
    insert into bench_capture (ord, job_id, customer_id, amount_cents)
    select row_number() over (order by number), id, customer_id, quoted_price_cents from made;

    insert into payment (job_id, customer_id, method_id, kind, provider, provider_payment_id, status, amount_cents,
      idempotency_key, expires_at, held_at, created_at, updated_at)
    select c.job_id, c.customer_id, m.id, 'job', 'test', 'pi_test_bench_' || c.ord, 'held', c.amount_cents,
           'job:' || c.job_id || ':hold:1', now() + interval '4 days', now() - interval '3 days',
           now() - interval '3 days', now() - interval '3 days'
      from bench_capture c join payment_method m on m.provider_method_id = 'pm_test_bench_' || c.customer_id;
    update bench_capture c set payment_id = p.id from payment p where p.idempotency_key = 'job:' || c.job_id || ':hold:1';

    insert into test_processor_object (id, type, data)
    select p.provider_payment_id, 'payment_intent', jsonb_build_object('customer', 'cus_test_bench_' || c.customer_id,
           'method', 'pm_test_bench_' || c.customer_id, 'amount', c.amount_cents, 'captured', 0, 'refunded', 0,
           'status', 'held', 'expiresAt', to_char(p.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'declineCode', null)
      from bench_capture c join payment p on p.id = c.payment_id;
    analyze job; analyze payment; analyze test_processor_object; analyze bench_capture;`);
  const jobs = await direct.query<{ jobId: string; customerId: string }>(
    `select job_id as "jobId", customer_id as "customerId" from bench_capture order by ord`,
  );
  return { jobs, customers };
}

/**
 * Signs the capture jobs' customers in and has `connections` clients approve the jobs, each taking the next
 * one; captures/s and latency are of the measured window, after the warm-up.
 */
export async function measureCaptures(
  baseURL: string,
  seeded: CaptureJobs,
  load: { connections: number; seconds: number; warmupSeconds: number },
): Promise<Omit<CaptureResult, "ledger">> {
  const sessions = new Map<string, Session>();
  for (const c of seeded.customers) sessions.set(c.id, await signIn(baseURL, c.email, BULK_PASSWORD));
  let next = 0;
  let answered = 0;
  let exhausted = false;
  const failures: Record<string, number> = {};
  const http = await measureDirect(
    async () => {
      const item = seeded.jobs[next++];
      if (!item) {
        exhausted = true;
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error("no seeded job left to approve");
      }
      let status: string;
      try {
        const response = await fetch(`${baseURL}/api/jobs/${item.jobId}/approve-work`, {
          method: "POST",
          headers: { cookie: sessions.get(item.customerId)!.cookie },
        });
        await response.arrayBuffer();
        if (response.status === 200) {
          answered++;
          return;
        }
        status = String(response.status);
      } catch (error) {
        status = (error as Error).message;
      }
      failures[status] = (failures[status] ?? 0) + 1;
      throw new Error(`approve-work answered ${status}`);
    },
    load,
    "approve-work",
  );
  return {
    seeded: seeded.jobs.length,
    customers: seeded.customers.length,
    http,
    answered,
    failures,
    exhausted,
  };
}

export const captureJobCount = (seconds: number) => Math.max(1000, Math.ceil(seconds * SEEDED_PER_SECOND));

/** The database after the run, checked against the 200 answers (the server stopped, so nothing is in flight). */
export async function checkCaptureLedger(direct: DirectDb, answered: number): Promise<CaptureLedgerCheck> {
  const [row] = await direct.query<Record<string, string | number>>(`
    select
      (select count(*) from bench_capture c join job j on j.id = c.job_id where j.work_approved_at is not null) as approved,
      (select count(*) from bench_capture c join payment p on p.id = c.payment_id
        where p.status = 'captured' and p.captured_cents = p.amount_cents) as captured,
      (select count(*) from ledger_transaction t join bench_capture c on c.job_id = t.job_id
        where t.kind = 'job_charge') as ledger_transactions,
      (select count(*) from test_processor_object o join bench_capture c on o.id = 'pi_test_bench_' || c.ord
        where o.data->>'status' = 'captured' and (o.data->>'captured')::int = c.amount_cents) as processor_captured,
      (select count(*) from (select t.job_id from ledger_transaction t join bench_capture c on c.job_id = t.job_id
        where t.kind = 'job_charge' group by t.job_id having count(*) > 1) d) as doubled,
      (select count(*) from payment p join bench_capture c on c.job_id = p.job_id where p.id <> c.payment_id)
        as other_payments,
      (select count(*) from (select e.transaction_id from ledger_entry e
        join ledger_transaction t on t.id = e.transaction_id join bench_capture c on c.job_id = t.job_id
        group by e.transaction_id having sum(e.amount_cents) <> 0) u) as unbalanced,
      (select count(*) from bench_capture c join payment p on p.id = c.payment_id where p.pending_action is not null)
        as pending,
      (select coalesce(sum(p.captured_cents), 0) from bench_capture c join payment p on p.id = c.payment_id)
        as captured_cents,
      (select coalesce(sum(e.amount_cents), 0) from ledger_entry e join ledger_transaction t on t.id = e.transaction_id
        join bench_capture c on c.job_id = t.job_id where e.account = 'processor') as processor_cents`);
  const n = (key: string) => Number(row?.[key] ?? 0);
  const check = {
    approved: n("approved"),
    captured: n("captured"),
    ledgerTransactions: n("ledger_transactions"),
    processorCaptured: n("processor_captured"),
    doubled: n("doubled"),
    otherPayments: n("other_payments"),
    unbalanced: n("unbalanced"),
    pending: n("pending"),
    capturedCents: n("captured_cents"),
    processorCents: n("processor_cents"),
  };
  const ok =
    answered > 0 &&
    check.approved === answered &&
    check.captured === answered &&
    check.ledgerTransactions === answered &&
    check.processorCaptured === answered &&
    check.doubled === 0 &&
    check.otherPayments === 0 &&
    check.unbalanced === 0 &&
    check.pending === 0 &&
    check.capturedCents === check.processorCents;
  return { ...check, ok };
}

/**
 * The whole step, with no server running when it starts: seeds the held jobs, starts the server and
 * measures, stops it, then checks the ledger (PGlite's directory has one user at a time).
 */
export async function captureStep(
  target: Target,
  load: { connections: number; seconds: number; warmupSeconds: number },
): Promise<CaptureResult> {
  const count = captureJobCount(load.warmupSeconds + load.seconds);
  let direct = await openDirect(target);
  let seeded: CaptureJobs;
  try {
    seeded = await seedCaptureJobs(direct, count, Math.min(load.connections, 50));
  } finally {
    await direct.close();
  }
  const server = await startServer(target);
  let measured: Omit<CaptureResult, "ledger">;
  try {
    measured = await measureCaptures(server.baseURL, seeded, load);
  } finally {
    await server.stop();
  }
  direct = await openDirect(target);
  try {
    return { ...measured, ledger: await checkCaptureLedger(direct, measured.answered) };
  } finally {
    await direct.close();
  }
}
