import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, daysFromToday } from "../../../shared/dates.js";
import { migrationsFolder } from "../../db/client.js";
import { job, jobSeries, notification } from "../../db/schema.js";
import { confirmEmail, type SignedUp, signUp, uniqueEmail } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper, type Landscaper } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { postQuote } from "../../test/quote-helpers.js";
import { postAs } from "../../test/series-helpers.js";
import { weekdayOf } from "./rule.js";

/**
 * A weekly request sent by a visitor who makes the account afterwards (issue 33, item 1): once the address is
 * confirmed the series is theirs as a whole, so every visit, the series' routes and a weather move reach them.
 */
describe("a recurring request sent before the account existed", () => {
  const t = useTestApp();
  let pro: Landscaper;

  beforeAll(async () => {
    pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
  });

  /** A visitor's weekly request, then the account of that address, confirmed, with a card. */
  async function visitorThenAccount(): Promise<{ customer: SignedUp; jobId: string; seriesId: string }> {
    const email = uniqueEmail("visitor");
    const quote = await postQuote(t.app, {
      fullName: "Vera Visitor",
      email,
      phone: "(704) 555-0177",
      address: "9 Tryon St, Charlotte, NC",
      zipCode: "28202",
      services: ["lawn-mowing"],
      preferredDate: daysFromToday(1),
      frequency: "weekly",
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const jobId = quote.json().quote.id as string;
    const customer = await signUp(t.app, { role: "customer", email, name: "Vera Visitor", verified: false });
    await confirmEmail(t.database, customer.id);
    await saveCard(t.app, customer.cookie);
    const [row] = await t.database.db.select().from(job).where(eq(job.id, jobId));
    return { customer, jobId, seriesId: row!.seriesId! };
  }

  async function approved(customer: SignedUp, jobId: string) {
    const accept = await postAs(t, pro, `/api/jobs/${jobId}/accept`, {
      price: 45,
      weekday: weekdayOf(daysFromToday(3)),
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const approve = await postAs(t, customer, `/api/jobs/${jobId}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
  }

  it("is the customer's whole once the address is confirmed: every visit, the series' routes, a weather move", async () => {
    const { customer, jobId, seriesId } = await visitorThenAccount();
    const [series] = await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, seriesId));
    expect(series!.customerId).toBe(customer.id);
    await approved(customer, jobId);

    const visits = await t.database.db.select().from(job).where(eq(job.seriesId, seriesId));
    expect(visits.length).toBeGreaterThan(4);
    expect(visits.every((v) => v.customerId === customer.id)).toBe(true);
    // The customer's list shows the later visits, which they can skip.
    const list = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    const listed = (list.json().jobs as { seriesId: string | null }[]).filter((j) => j.seriesId === seriesId);
    expect(listed.length).toBe(visits.length);

    // A later visit moved for the rain: the customer is told, and may decline the new day.
    const later = visits
      .filter((v) => v.id !== jobId && v.status === "scheduled")
      .sort((a, b) => a.scheduledDate!.localeCompare(b.scheduledDate!))[0]!;
    const moved = await postAs(t, pro, `/api/jobs/${later.id}/move`, {
      date: addDaysIso(later.scheduledDate!, 1),
      reason: "Heavy rain on the original day",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, customer.id));
    expect(told.some((n) => n.message.includes("Heavy rain on the original day"))).toBe(true);
    expect((await postAs(t, customer, `/api/jobs/${later.id}/decline-move`)).statusCode).toBe(200);

    // The series' own routes find its owner (they answered 404 "Series not found." before).
    const paused = await postAs(t, customer, `/api/series/${seriesId}/pause`, { until: daysFromToday(21) });
    expect(paused.statusCode, paused.body).toBe(200);
    const cancelled = await postAs(t, customer, `/api/series/${seriesId}/cancel`, { reason: "Moving house" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it("repairs the series the earlier code left without an owner (migration 0021)", async () => {
    const { customer, jobId, seriesId } = await visitorThenAccount();
    await approved(customer, jobId);
    // As the earlier code left them: the series and its later visits without an owner.
    await t.database.db.update(jobSeries).set({ customerId: null }).where(eq(jobSeries.id, seriesId));
    await t.database.db
      .update(job)
      .set({ customerId: null })
      .where(sql`${job.seriesId} = ${seriesId} and ${job.id} <> ${jobId}`);
    const repair = readFileSync(path.join(migrationsFolder, "0021_link_visitor_series.sql"), "utf8");
    for (const statement of repair.split("--> statement-breakpoint"))
      await t.database.db.execute(sql.raw(statement));
    const [series] = await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, seriesId));
    expect(series!.customerId).toBe(customer.id);
    const visits = await t.database.db.select().from(job).where(eq(job.seriesId, seriesId));
    expect(visits.every((v) => v.customerId === customer.id)).toBe(true);
  });
});
