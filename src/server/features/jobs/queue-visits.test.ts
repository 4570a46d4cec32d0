import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, daysFromToday } from "../../../shared/dates.js";
import type { LandscaperJobsAnswer } from "../../../shared/job-queue.js";
import { job } from "../../db/schema.js";
import { useTestApp } from "../../test/build-test-app.js";
import { type JobParties, jobParties } from "../../test/cast-helpers.js";
import { addPhotos } from "../../test/photo-helpers.js";
import { offerWeeklySeries, postAs } from "../../test/series-helpers.js";

/**
 * The queue and a landscaper's series visits: one card a series (the first visit, with how many there are),
 * and the date filter by the day a visit happens (its series date, or the day it was moved to), not the
 * preferred date of the request it came from.
 */
describe("series visits in the landscaper's queue", () => {
  const t = useTestApp();
  let parties: JobParties;

  beforeAll(async () => {
    parties = await jobParties(t, "Olivia Bennett");
  });

  const queue = async (query: Record<string, string> = {}) => {
    const response = await t.app.inject({
      url: "/api/landscaper/jobs",
      query: { show: "accepted", sort: "soonest", ...query },
      headers: { cookie: parties.pro.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LandscaperJobsAnswer;
  };

  /** A weekly series, requested for tomorrow, accepted on the weekday 3 days from today and approved. */
  async function activeSeries() {
    const jobId = await offerWeeklySeries(t, parties, {
      fullName: "Olivia Bennett",
      phone: "(704) 555-0199",
    });
    expect((await postAs(t, parties.customer, `/api/jobs/${jobId}/approve`)).statusCode).toBe(200);
    const visits = await t.database.db
      .select()
      .from(job)
      .where(eq(job.seriesId, await seriesOf(jobId)))
      .orderBy(job.scheduledDate);
    return visits.filter((v) => v.status === "scheduled");
  }

  async function seriesOf(jobId: string): Promise<string> {
    const [row] = await t.database.db.select().from(job).where(eq(job.id, jobId));
    return row!.seriesId!;
  }

  it("lists only the first visit of a series, with how many visits it has", async () => {
    const visits = await activeSeries();
    expect(visits.length).toBeGreaterThan(3);
    const seriesId = visits[0]!.seriesId!;
    const answer = await queue();
    const listed = answer.jobs.filter((j) => j.seriesId === seriesId);
    expect(listed.map((j) => j.id)).toEqual([visits[0]!.id]);
    expect(answer.seriesVisits?.[seriesId]).toBe(visits.length);
    // And their dates, soonest first: the card lists the next ones (the Schedule shows only two weeks).
    expect(answer.seriesVisitDates?.[seriesId]).toEqual(visits.map((v) => v.scheduledDate));
    expect(answer.matching).toBe(answer.jobs.length);

    // Dates that hold only the third visit: that one is listed, as the only one in the range.
    const third = visits[2]!.scheduledDate!;
    const ranged = await queue({ from: third, to: third });
    expect(ranged.jobs.filter((j) => j.seriesId === seriesId).map((j) => j.id)).toEqual([visits[2]!.id]);
    expect(ranged.seriesVisits?.[seriesId]).toBe(1);
    expect(ranged.seriesVisitDates?.[seriesId]).toEqual([third]);
  });

  it("refuses to complete a series visit before its day", async () => {
    const visits = await activeSeries();
    const later = visits[1]!;
    await addPhotos(t.app, parties.pro.cookie, later.id);
    const early = await postAs(t, parties.pro, `/api/jobs/${later.id}/complete`, { finalPrice: 45 });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.message).toMatch(/^This visit is on .*; mark it complete from that day\.$/);
    const [row] = await t.database.db.select().from(job).where(eq(job.id, later.id));
    expect(row!.status).toBe("scheduled");
  });

  it("filters a series visit by its own date, and a moved visit by its new day", async () => {
    const visits = await activeSeries();
    const second = visits[1]!;
    // Every generated visit carries its date as the preferred one, but the request's did not: the first visit
    // came from a request for tomorrow and takes place 3 days from today.
    const first = visits[0]!;
    expect(first.preferredDate).toBe(daysFromToday(1));
    const onTheDay = await queue({ from: first.scheduledDate!, to: first.scheduledDate! });
    expect(onTheDay.jobs.map((j) => j.id)).toContain(first.id);
    const onTheRequestedDay = await queue({ from: daysFromToday(1), to: daysFromToday(1) });
    expect(onTheRequestedDay.jobs.map((j) => j.id)).not.toContain(first.id);

    const newDay = addDaysIso(second.scheduledDate!, 1);
    const moved = await postAs(t, parties.pro, `/api/jobs/${second.id}/move`, {
      date: newDay,
      reason: "Rain all day",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await queue({ from: newDay, to: newDay })).jobs.map((j) => j.id)).toContain(second.id);
    const oldDay = second.scheduledDate!;
    expect((await queue({ from: oldDay, to: oldDay })).jobs.map((j) => j.id)).not.toContain(second.id);
  });
});

describe("the queue's default list and its tiles (issue 33, item 14)", () => {
  const t = useTestApp();
  let parties: JobParties;

  beforeAll(async () => {
    parties = await jobParties(t, "Olivia Bennett");
  });

  const read = async (query: Record<string, string>) => {
    const response = await t.app.inject({
      url: "/api/landscaper/jobs",
      query,
      headers: { cookie: parties.pro.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LandscaperJobsAnswer;
  };

  it("leaves settled visits to 'Completed', keeps work waiting for approval, and counts a series once in the tiles", async () => {
    const jobId = await offerWeeklySeries(t, parties, {
      fullName: "Olivia Bennett",
      phone: "(704) 555-0199",
    });
    expect((await postAs(t, parties.customer, `/api/jobs/${jobId}/approve`)).statusCode).toBe(200);
    const [first] = await t.database.db.select().from(job).where(eq(job.id, jobId));
    const visits = await t.database.db
      .select()
      .from(job)
      .where(eq(job.seriesId, first!.seriesId!))
      .orderBy(job.scheduledDate);
    expect(visits.length).toBeGreaterThan(3);
    // One visit done and approved (as a week of the series would be), the next done and waiting for the
    // customer's approval.
    const done = visits[0]!;
    const waiting = visits[1]!;
    await t.database.db
      .update(job)
      .set({
        status: "completed",
        completedAt: new Date(),
        finalPriceCents: 4500,
        workApprovedAt: new Date(),
      })
      .where(eq(job.id, done.id));
    await t.database.db
      .update(job)
      .set({ status: "completed", completedAt: new Date(), finalPriceCents: 4500 })
      .where(eq(job.id, waiting.id));

    const byDefault = await read({});
    const listed = byDefault.jobs.map((j) => j.id);
    expect(listed).not.toContain(done.id);
    expect(listed).toContain(waiting.id);
    expect(
      byDefault.jobs.filter((j) => j.seriesId === done.seriesId && j.status === "scheduled"),
    ).toHaveLength(1);
    // The tiles count the series once, as the list shows it, so they add up to the list's count.
    expect(byDefault.stats.accepted).toBe(1);
    expect(byDefault.matching).toBe(byDefault.stats.pending + byDefault.stats.accepted + 1);

    const completed = await read({ show: "completed" });
    expect(completed.jobs.map((j) => j.id).sort()).toEqual([done.id, waiting.id].sort());
    const all = await read({ show: "all" });
    expect(all.matching).toBe(all.stats.total);
  });
});
