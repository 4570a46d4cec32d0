import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import type { JobView } from "../../../shared/jobs.js";
import { job } from "../../db/schema.js";
import { book, bookingCustomer, firmQuote, instantPro, TOWN_ZIPS } from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import type { Landscaper } from "../../test/landscaper-helpers.js";
import { releasableUntil } from "./views.js";

const HOUR = 3_600_000;

/** Until when a landscaper may release an instant booking (issue 35), as their views of the job say it. */
describe("releasableUntil", () => {
  it("is the end of the 2 hours for a scheduled one-visit instant booking, and null otherwise", () => {
    const booked = new Date("2026-12-01T17:00:00Z");
    const row = { status: "scheduled" as const, bookedInstantlyAt: booked, seriesId: null };
    const end = "2026-12-01T19:00:00.000Z";
    expect(releasableUntil(row, booked)).toBe(end);
    // The last moment still counts (the route refuses only after it), a millisecond later no longer.
    expect(releasableUntil(row, new Date(end))).toBe(end);
    expect(releasableUntil(row, new Date(Date.parse(end) + 1))).toBeNull();
    expect(releasableUntil({ ...row, bookedInstantlyAt: null }, booked)).toBeNull();
    expect(releasableUntil({ ...row, seriesId: "a-series" }, booked)).toBeNull();
    for (const status of ["pending", "accepted", "completed", "cancelled"] as const)
      expect(releasableUntil({ ...row, status }, booked)).toBeNull();
  });
});

describe("releasableUntil in the landscaper's views", () => {
  const t = useTestApp();
  const zip = TOWN_ZIPS[6];

  async function bookWith(pro: Landscaper, options: { daysAhead: number; frequency?: string }) {
    const quote = await firmQuote(t, { zip, daysAhead: options.daysAhead, frequency: options.frequency });
    const customer = await bookingCustomer(t, quote.email);
    const booked = await book(t, customer.cookie, quote.id, {
      token: quote.token,
      landscaperId: pro.id,
      date: daysFromToday(options.daysAhead),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    return { id: quote.id, customer };
  }

  async function ownJob(pro: Landscaper, jobId: string): Promise<JobView> {
    const response = await t.app.inject({
      url: `/api/landscaper/jobs/${jobId}`,
      headers: { cookie: pro.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().job;
  }

  async function queued(pro: Landscaper, jobId: string): Promise<JobView | undefined> {
    const response = await t.app.inject({
      url: "/api/landscaper/jobs?show=accepted",
      headers: { cookie: pro.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().jobs as JobView[]).find((j) => j.id === jobId);
  }

  it("gives the booked pro the window's end in their job and their queue; the customer never", async () => {
    const pro = await instantPro(t, { zip, name: "Window Pro" });
    const { id, customer } = await bookWith(pro, { daysAhead: 5 });
    const [row] = await t.database.db.select().from(job).where(eq(job.id, id));
    const end = new Date(row!.bookedInstantlyAt!.getTime() + 2 * HOUR).toISOString();

    expect((await ownJob(pro, id)).releasableUntil).toBe(end);
    expect((await queued(pro, id))?.releasableUntil).toBe(end);

    // The customer's own list carries no such field: releasing is the pro's, not something to show them.
    const mine = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = (mine.json().jobs as JobView[]).find((j) => j.id === id);
    expect(theirs).toBeDefined();
    expect(theirs).not.toHaveProperty("releasableUntil");

    // Past the 2 hours: null in every view, as the route then refuses.
    await t.database.db
      .update(job)
      .set({ bookedInstantlyAt: new Date(Date.now() - 2 * HOUR - 60_000) })
      .where(eq(job.id, id));
    expect((await ownJob(pro, id)).releasableUntil).toBeNull();
    expect((await queued(pro, id))?.releasableUntil).toBeNull();
  });

  it("is null for a series visit and for work taken from the queue, and after a release", async () => {
    const pro = await instantPro(t, { zip, name: "Series Pro" });
    const weekly = await bookWith(pro, { daysAhead: 4, frequency: "weekly" });
    const visit = await ownJob(pro, weekly.id);
    expect(visit.seriesId).not.toBeNull();
    expect(visit.releasableUntil).toBeNull();

    // Offered from the queue and approved: no instant booking, nothing to release.
    const offered = await firmQuote(t, { zip, daysAhead: 6 });
    const accept = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${offered.id}/accept`,
      headers: { cookie: pro.cookie },
      payload: { scheduledDate: daysFromToday(6) },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((accept.json().job as JobView).releasableUntil).toBeNull();

    // The release's own answer: the job is back with the customer, no longer this pro's to release.
    const single = await bookWith(pro, { daysAhead: 8 });
    const release = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${single.id}/release`,
      headers: { cookie: pro.cookie },
      payload: { reason: "My trailer is in the shop." },
    });
    expect(release.statusCode, release.body).toBe(200);
    expect((release.json().job as JobView).releasableUntil ?? null).toBeNull();
  });
});
