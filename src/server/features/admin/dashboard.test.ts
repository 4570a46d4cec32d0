import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DashboardSummary } from "../../../shared/admin.js";
import { platformCutCents } from "../../../shared/services.js";
import { signUp, signUpAs } from "../../test/accounts-helpers.js";
import { insertCustomer, insertJob, insertLandscaper, insertUser } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";
import { ledgerTotalsCounted, postLedger } from "../payments/index.js";

describe("GET /api/admin/dashboard", () => {
  let cookie: string;

  const t = useTestApp({ ADMIN_EMAILS: "owner@dashboard.test" });

  const summary = async () => {
    const response = await t.app.inject({ url: "/api/admin/dashboard", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as DashboardSummary;
  };

  it("counts zero money on a platform with no jobs", async () => {
    cookie = (await signUpAs(t.app, t.database, "admin")).cookie;
    expect(await summary()).toEqual({
      failedDeliveries: 0,
      users: { total: 1, customers: 0, landscapers: 0, admins: 1 },
      jobs: { total: 0, completed: 0 },
      money: { revenueCents: 0, tipsCents: 0, platformCents: 0, payoutsCents: 0 },
      recurring: { activeSeries: 0, revenueSharePercent: null },
    });
  });

  it("counts people and jobs from the database, and money from the ledger alone", async () => {
    const db = t.database.db;
    // People: the admin above, a second admin by role, one by ADMIN_EMAILS (role customer), 3 customers,
    // 2 landscapers.
    await insertUser(db, { role: "admin" });
    await signUp(t.app, { email: "owner@dashboard.test" });
    const alice = await insertCustomer(db, { name: "Alice" });
    await insertCustomer(db, { name: "Bob" });
    await insertUser(db, { role: "customer" });
    const pro = await insertLandscaper(db, { fullName: "Pat Pro", status: "approved" });
    await insertLandscaper(db, { fullName: "Nia New" });

    // Completed: $120.00 + $80.50 + $99.99 = $300.49 revenue; tips $15.00 + $0 + $4.51 = $19.51.
    await insertJob(db, {
      status: "completed",
      landscaperId: pro.id,
      finalPriceCents: 12000,
      tipCents: 1500,
    });
    await insertJob(db, { status: "completed", landscaperId: pro.id, finalPriceCents: 8050 });
    await insertJob(db, {
      status: "completed",
      landscaperId: pro.id,
      finalPriceCents: 9999,
      tipCents: 451,
      customerId: alice.id,
    });
    // Not revenue: cancelled (even with a price), pending, scheduled with a quote.
    await insertJob(db, { status: "cancelled", finalPriceCents: 50000, tipCents: 999 });
    await insertJob(db, { status: "pending" });
    await insertJob(db, { status: "scheduled", landscaperId: pro.id, quotedPriceCents: 7000 });

    const figures = await summary();
    expect(figures.users).toEqual({ total: 8, customers: 3, landscapers: 2, admins: 3 });
    expect(figures.jobs).toEqual({ total: 6, completed: 3 });
    // Money comes from the ledger alone: jobs that say they cost something move nothing.
    expect(figures.money).toEqual({ revenueCents: 0, tipsCents: 0, platformCents: 0, payoutsCents: 0 });

    // Three charges ($120.00, $80.50, $99.99), each split 25/75 rounded per charge; two tips; a $10 refund.
    const charge = (key: string, cents: number) =>
      postLedger(db, {
        key,
        kind: "job_charge",
        description: "Job charge",
        lines: [
          { account: "processor", amountCents: cents },
          { account: "platform_fees", amountCents: -platformCutCents(cents) },
          { account: "landscaper", userId: pro.id, amountCents: -(cents - platformCutCents(cents)) },
        ],
      });
    const tip = (key: string, cents: number) =>
      postLedger(db, {
        key,
        kind: "tip",
        description: "Tip",
        lines: [
          { account: "processor", amountCents: cents },
          { account: "landscaper", userId: pro.id, amountCents: -cents },
        ],
      });
    await charge("c1", 12000);
    await charge("c2", 8050);
    await charge("c3", 9999);
    // Posting the same key again records nothing.
    expect(await charge("c3", 9999)).toBe(false);
    await tip("t1", 1500);
    await tip("t2", 451);
    await postLedger(db, {
      key: "r1",
      kind: "refund",
      description: "Refund",
      lines: [
        { account: "processor", amountCents: -1000 },
        { account: "platform_fees", amountCents: 250 },
        { account: "landscaper", userId: pro.id, amountCents: 750 },
      ],
    });
    // Platform: 3000 + 2013 (2012.5 rounds up) + 2500 - 250 = 7263; revenue 30049 - 1000 = 29049.
    const money = (await summary()).money;
    expect(money).toEqual({ revenueCents: 29049, tipsCents: 1951, platformCents: 7263, payoutsCents: 23737 });
    expect(money.platformCents + money.payoutsCents).toBe(money.revenueCents + money.tipsCents);
    const counted = await ledgerTotalsCounted(db);
    expect({
      revenueCents: counted.revenueCents,
      tipsCents: counted.tipsCents,
      platformCents: counted.platformCents,
      payoutsCents: counted.landscaperEarnedCents,
    }).toEqual(money);
    // Unbalanced movements are refused, and the ledger cannot be edited after the fact.
    await expect(
      postLedger(db, {
        key: "bad",
        kind: "tip",
        description: "Tip",
        lines: [{ account: "processor", amountCents: 100 }],
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(db.execute(sql`update ledger_entry set amount_cents = amount_cents + 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entry`)).rejects.toThrow();
  });

  it("keeps the job figures equal to a full count through inserts, updates, deletes and a rollback", async () => {
    const db = t.database.db;
    const counted = async () => {
      const result = await db.execute(sql`
        select count(*)::int as total,
          count(*) filter (where status = 'completed')::int as completed
        from job`);
      const [row] = (result as unknown as { rows: Record<string, number>[] }).rows;
      return { jobs: { total: row!.total!, completed: row!.completed! } };
    };
    const kept = async () => {
      const figures = await summary();
      return { jobs: figures.jobs };
    };

    // Bulk statements: 40 jobs in one insert, a quarter completed with prices and tips.
    await db.execute(sql`
      insert into job (customer_name, customer_email, customer_phone, address, zip_code, selected_services,
        service_type, preferred_date, status, estimate_low_cents, estimate_high_cents, final_price_cents, tip_cents)
      select 'Bulk ' || i, 'bulk' || i || '@test.local', '(704) 555-0100', '1 Main St', '28202',
        '{lawn-mowing}', 'lawn-mowing', current_date,
        (case when i % 4 = 0 then 'completed' else 'pending' end)::job_status, 5000, 7500,
        case when i % 4 = 0 then 5000 + i end, case when i % 8 = 0 then 300 else 0 end
      from generate_series(1, 40) as i`);
    expect(await kept()).toEqual(await counted());
    // Completing, re-pricing, cancelling a completed job, and updates that move no figure.
    await db.execute(sql`update job set status = 'completed', final_price_cents = 7777
      where customer_name in ('Bulk 1', 'Bulk 2')`);
    await db.execute(sql`update job set tip_cents = tip_cents + 125 where status = 'completed'`);
    await db.execute(sql`update job set status = 'cancelled' where customer_name = 'Bulk 4'`);
    await db.execute(
      sql`update job set additional_notes = 'gate code 1234' where customer_name like 'Bulk%'`,
    );
    expect(await kept()).toEqual(await counted());
    await db.execute(sql`delete from job where customer_name in ('Bulk 8', 'Bulk 9', 'Bulk 10')`);
    expect(await kept()).toEqual(await counted());
    // A transaction that fails halfway leaves the figures as they were.
    const before = await kept();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`delete from job where customer_name like 'Bulk%'`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await kept()).toEqual(before);
    expect(before.jobs.total).toBeGreaterThan(40);
  });

  it("keeps the people figures equal to a full count through sign-ups, role changes and deletions", async () => {
    const db = t.database.db;
    // The old way: every user counted, the accounts the settings name (owner@dashboard.test) as admins.
    const counted = async () => {
      const result = await db.execute(sql`
        select count(*)::int as total,
          count(*) filter (where role = 'admin' or lower(email) = 'owner@dashboard.test')::int as admins,
          count(*) filter (where role = 'customer' and lower(email) <> 'owner@dashboard.test')::int as customers,
          count(*) filter (where role = 'landscaper' and lower(email) <> 'owner@dashboard.test')::int as landscapers
        from "user"`);
      const [row] = (result as unknown as { rows: Record<string, number>[] }).rows;
      return {
        total: row!.total,
        customers: row!.customers,
        landscapers: row!.landscapers,
        admins: row!.admins,
      };
    };
    const kept = async () => (await summary()).users;

    await db.execute(sql`
      insert into "user" (id, name, email, role)
      select 'many-' || i, 'Many ' || i, 'many' || i || '@dashboard.test',
        case when i % 3 = 0 then 'landscaper' else 'customer' end
      from generate_series(1, 30) as i`);
    expect(await kept()).toEqual(await counted());
    await db.execute(sql`update "user" set role = 'admin' where id in ('many-1', 'many-3')`);
    await db.execute(sql`update "user" set name = 'Renamed' where id like 'many-%'`);
    // The account the settings make an admin changes role: still counted once, as an admin.
    await db.execute(sql`update "user" set role = 'landscaper' where email = 'owner@dashboard.test'`);
    expect(await kept()).toEqual(await counted());
    await db.execute(sql`delete from "user" where id in ('many-4', 'many-6', 'many-8')`);
    expect(await kept()).toEqual(await counted());
    expect((await kept()).total).toBeGreaterThan(30);
  });
});
