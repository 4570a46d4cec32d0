import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDaysIso, todayInCharlotte } from "../../../shared/dates.js";
import { rowsOf } from "../../db/client.js";
import { job, payout, user } from "../../db/schema.js";
import { DEMO_DOMAIN, DEMO_PASSWORD, seedDemoData } from "../../db/seed.js";
import { cookieOf, signIn, signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createJob, createLandscaper } from "../../test/landscaper-helpers.js";
import { post as postLedger } from "./ledger.js";
import { createDuePayouts, sendDuePayouts, setUpPayoutAccount } from "./payouts.js";

const quiet = { info: () => {}, warn: () => {} };
const schedule = { day: 5, hour: 9 };

/** The CSV as rows of cells (no cell of ours holds a quote or a line break; services may hold a comma). */
function parseCsv(body: string): Record<string, string>[] {
  const [head, ...lines] = body
    .replace(/^\ufeff/, "")
    .trimEnd()
    .split("\r\n");
  const columns = head!.split(",");
  const cells = (line: string) =>
    [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, ""));
  return lines.map((line) =>
    Object.fromEntries(
      cells(line)
        .slice(0, columns.length)
        .map((c, i) => [columns[i]!, c]),
    ),
  );
}
const cents = (value: string) => Math.round(Number(value) * 100);

describe("earnings per visit: the Earnings tab's list and the CSV, from the ledger", () => {
  const t = useTestApp({}, 240_000);

  /** Pays every ready account's balance now, as the weekly run does (the test processor's transfers). */
  async function payOut(now = new Date()) {
    await createDuePayouts(t.database.db, now, schedule, { now: true });
    await sendDuePayouts({
      db: t.database.db,
      provider: t.app.paymentProvider,
      log: t.app.log,
      now,
      tell: async () => {},
    });
  }

  /** The ledger's payout entries of one landscaper whose transaction falls in the period (Charlotte dates). */
  async function ledgerPayouts(userId: string, from: string, to: string): Promise<number> {
    const [row] = rowsOf<{ cents: string | null }>(
      await t.database.db.execute(sql`
        select sum(e.amount_cents) as cents from ledger_entry e
        join ledger_transaction lt on lt.id = e.transaction_id
        where lt.kind = 'payout' and e.account = 'landscaper' and e.user_id = ${userId}
          and to_char(lt.created_at at time zone 'America/New_York', 'YYYY-MM-DD') between ${from} and ${to}`),
    );
    return Number(row?.cents ?? 0);
  }

  const csv = (cookie: string, query: string) =>
    t.app.inject({ url: `/api/landscaper/earnings/visits.csv?${query}`, headers: { cookie } });

  it("adds a fixture's tip, refund and cancellation fee up to its payouts to the cent", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Lena Ledger" });
    const customer = await signUp(t.app, { role: "customer" });
    const [a, b, c] = await Promise.all([
      createJob(t.app, { cookie: customer.cookie }),
      createJob(t.app, { cookie: customer.cookie }),
      createJob(t.app, { cookie: customer.cookie }),
    ]);
    await t.database.db.update(job).set({ landscaperId: pro.id }).where(sql`${job.id} in (${a}, ${b}, ${c})`);
    const db = t.database.db;
    // The lines charges.ts records: a price split 25 % / 75 % (rounded per charge), a tip and a fee wholly
    // the landscaper's, a refund reversing the split.
    const split = (price: number) => {
      const platform = Math.round(price * 0.25);
      return [
        { account: "processor" as const, amountCents: price },
        { account: "platform_fees" as const, amountCents: -platform },
        { account: "landscaper" as const, userId: pro.id, amountCents: -(price - platform) },
      ];
    };
    const whole = (amount: number) => [
      { account: "processor" as const, amountCents: amount },
      { account: "landscaper" as const, userId: pro.id, amountCents: -amount },
    ];
    const charge = (key: string, jobId: string, price: number) =>
      postLedger(db, { key, kind: "job_charge", jobId, description: "Job charge", lines: split(price) });
    await charge("t:a", a!, 7_001);
    await postLedger(db, { key: "t:a-tip", kind: "tip", jobId: a!, description: "Tip", lines: whole(1_250) });
    await charge("t:b", b!, 9_999);
    await setUpPayoutAccount({ db, provider: t.app.paymentProvider, userId: pro.id, returnUrl: "http://x" });
    await payOut();
    // After the first payout: a partial refund of job B, a late cancellation fee on job C.
    await postLedger(db, {
      key: "t:b-refund",
      kind: "refund",
      jobId: b!,
      description: "Refund",
      lines: split(2_001).map((line) => ({ ...line, amountCents: -line.amountCents })),
    });
    await postLedger(db, {
      key: "t:c-fee",
      kind: "cancellation_fee",
      jobId: c!,
      description: "Cancellation fee",
      lines: whole(2_500),
    });
    // The refund is smaller than the fee: the balance is positive, so the next run pays it.
    await payOut(new Date(Date.now() + 86_400_000));
    const payouts = await db.select().from(payout).where(eq(payout.landscaperId, pro.id));
    expect(payouts.map((p) => p.status)).toEqual(["paid", "paid"]);

    const today = todayInCharlotte();
    const response = await csv(pro.cookie, `from=${addDaysIso(today, -7)}&to=${today}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toContain("greenscape-earnings-");
    const rows = parseCsv(response.body);
    const net = rows.reduce((sum, row) => sum + cents(row.net!), 0);
    expect(net).toBe(await ledgerPayouts(pro.id, addDaysIso(today, -7), today));
    expect(net).toBe(payouts.reduce((sum, p) => sum + p.amountCents, 0));
    // Each payout's rows add up to that payout; each row's columns add up to its net.
    for (const p of payouts)
      expect(rows.filter((r) => r.payout_id === p.id).reduce((s, r) => s + cents(r.net!), 0)).toBe(
        p.amountCents,
      );
    for (const row of rows)
      expect(
        cents(row.price!) -
          cents(row.platform_fee!) +
          cents(row.tip!) +
          cents(row.fees!) -
          cents(row.refunds!),
      ).toBe(cents(row.net!));
    // Job A: price, 25 % and tip in the first payout; B's refund in the second, C's fee too.
    const [first, second] = [...payouts].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    const numbers = new Map(
      (await db.select({ id: job.id, number: job.number }).from(job).where(eq(job.landscaperId, pro.id))).map(
        (j) => [j.id, `JOB-${j.number}`],
      ),
    );
    const of = (jobId: string, payoutId: string) =>
      rows.find((r) => r.payout_id === payoutId && r.job === numbers.get(jobId));
    expect(of(a!, first!.id)).toMatchObject({
      price: "70.01",
      platform_fee: "17.50",
      tip: "12.50",
      net: "65.01",
    });
    expect(of(b!, first!.id)).toMatchObject({
      price: "99.99",
      platform_fee: "25.00",
      refunds: "0.00",
      net: "74.99",
    });
    expect(of(b!, second!.id)).toMatchObject({
      price: "0.00",
      platform_fee: "-5.00",
      refunds: "20.01",
      net: "-15.01",
    });
    expect(of(c!, second!.id)).toMatchObject({ fees: "25.00", net: "25.00" });
    expect(rows).toHaveLength(4);

    // The tab lists the same rows, and nothing waits for the next payout.
    const tab = await t.app.inject({
      url: `/api/landscaper/earnings/visits?from=${today}&to=${today}`,
      headers: { cookie: pro.cookie },
    });
    expect(tab.statusCode).toBe(200);
    expect(
      tab
        .json()
        .rows.map((r: { netCents: number }) => r.netCents)
        .sort(),
    ).toEqual([6501, 7499, -1501, 2500].sort());
    // A period before any payout: a header and no rows.
    const empty = await csv(pro.cookie, `from=${addDaysIso(today, -30)}&to=${addDaysIso(today, -8)}`);
    expect(parseCsv(empty.body)).toEqual([]);
  });

  it("lists money no payout has taken yet as waiting for the next payout", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Nico Next" });
    const customer = await signUp(t.app, { role: "customer" });
    const jobId = await createJob(t.app, { cookie: customer.cookie });
    await t.database.db.update(job).set({ landscaperId: pro.id }).where(eq(job.id, jobId));
    await postLedger(t.database.db, {
      key: "n:tip",
      kind: "tip",
      jobId,
      description: "Tip",
      lines: [
        { account: "processor", amountCents: 500 },
        { account: "landscaper", userId: pro.id, amountCents: -500 },
      ],
    });
    const today = todayInCharlotte();
    const tab = (
      await t.app.inject({
        url: `/api/landscaper/earnings/visits?from=${today}&to=${today}`,
        headers: { cookie: pro.cookie },
      })
    ).json();
    expect(tab.rows).toEqual([
      expect.objectContaining({ jobId, tipCents: 500, netCents: 500, payoutId: null }),
    ]);
    // Not paid out, so not in the CSV.
    expect(parseCsv((await csv(pro.cookie, `from=${today}&to=${today}`)).body)).toEqual([]);
  });

  it("refuses bad periods with a clear message, other roles, and too many downloads", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Vera Valid" });
    const customer = await signUp(t.app, { role: "customer" });
    for (const query of [
      "from=2026-13-01&to=2026-12-01",
      "from=2026-11-02&to=2026-11-01",
      "from=2024-01-01&to=2026-11-01",
      `from=${"9".repeat(5000)}&to=2026-11-01`,
      "to=2026-11-01",
    ]) {
      const response = await csv(pro.cookie, query);
      expect(response.statusCode, `${query} ${response.body}`).toBe(400);
      expect(response.json().error.message, query).toMatch(/date|period/i);
    }
    expect((await csv(customer.cookie, "from=2026-11-01&to=2026-11-02")).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: "/api/landscaper/earnings/visits.csv?from=2026-11-01&to=2026-11-02" }))
        .statusCode,
    ).toBe(401);
    let last = 0;
    // From an address outside the tests' allow list, so the limit applies: 20 downloads an hour per account.
    for (let i = 0; i < 21; i++)
      last = (
        await t.app.inject({
          url: "/api/landscaper/earnings/visits.csv?from=2026-11-01&to=2026-11-02",
          headers: { cookie: pro.cookie },
          remoteAddress: "203.0.113.7",
        })
      ).statusCode;
    expect(last).toBe(429);
  });

  it("adds up to the ledger's payouts for every demo landscaper", async () => {
    await seedDemoData(t.database.db, quiet);
    const db = t.database.db;
    const earners = rowsOf<{ id: string; email: string }>(
      await db.execute(sql`
        select distinct u.id, u.email from ledger_entry e join ${user} u on u.id = e.user_id
        where e.account = 'landscaper' and u.email like ${`%@${DEMO_DOMAIN}`}`),
    );
    expect(earners.length).toBeGreaterThan(1);
    for (const earner of earners)
      await setUpPayoutAccount({
        db,
        provider: t.app.paymentProvider,
        userId: earner.id,
        returnUrl: "http://x",
      });
    await payOut(new Date(Date.now() + 2 * 86_400_000));
    const today = todayInCharlotte();
    const from = addDaysIso(today, -365);
    let checked = 0;
    for (const earner of earners) {
      const cookie = cookieOf(
        (await signIn(t.app, earner.email, DEMO_PASSWORD, "landscaper")).headers["set-cookie"],
      );
      const rows = parseCsv((await csv(cookie, `from=${from}&to=${today}`)).body);
      const paid = await ledgerPayouts(earner.id, from, today);
      expect(
        rows.reduce((sum, row) => sum + cents(row.net!), 0),
        earner.email,
      ).toBe(paid);
      if (paid !== 0) checked++;
    }
    expect(checked).toBeGreaterThan(1);
  });
});
