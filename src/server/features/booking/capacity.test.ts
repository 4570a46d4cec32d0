import { beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, charlotteTime, todayInCharlotte } from "../../../shared/dates.js";
import type { ScheduleAnswer, ScheduleDay } from "../../../shared/schedule.js";
import { weekStartOf } from "../../../shared/schedule.js";
import { job } from "../../db/schema.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { requestOf } from "../../test/admin-fixtures.js";
import { instantPro, putAvailability, TOWN_ZIPS } from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper, type Landscaper } from "../../test/landscaper-helpers.js";
import { capacityOn, weekdayOf } from "./capacity.js";
import { instantCandidates } from "./free-days.js";

/**
 * Each day's capacity on the landscaper's Schedule (issue 35): counted from their availability and jobs as
 * instant booking counts a free day, so the tab never says a slot is free that a customer could not book.
 */
describe("capacityOn", () => {
  it("gives the visits a day on a working weekday and null on a day off, Sunday being 0", () => {
    const availability = {
      weekdays: [0, 3],
      visitsPerDay: 4,
      noticeHours: 0,
      instantServices: [],
      priceAdjustPercent: 0,
    };
    // 2026-12-06 is a Sunday, 2026-12-09 a Wednesday.
    expect(weekdayOf("2026-12-06")).toBe(0);
    expect(capacityOn(availability, "2026-12-06")).toBe(4);
    expect(capacityOn(availability, "2026-12-09")).toBe(4);
    expect(capacityOn(availability, "2026-12-07")).toBeNull();
  });
});

describe("each day's capacity on GET /api/landscaper/schedule", () => {
  const t = useTestApp({}, 180_000);
  const zip = TOWN_ZIPS[7];
  const monday = weekStartOf(todayInCharlotte());
  const day = (offset: number) => addDaysIso(monday, offset);
  let customer: SignedUp;
  let rival: Landscaper;

  beforeAll(async () => {
    customer = await signUp(t.app, { role: "customer" });
    rival = await createLandscaper(t, { status: "approved", zips: [zip] });
  }, 180_000);

  /** A job straight in the database on `date` with `status`, for `landscaperId`. */
  async function jobOn(
    landscaperId: string | null,
    date: string,
    status: (typeof job.status.enumValues)[number],
  ) {
    await t.database.db.insert(job).values({
      ...requestOf(customer, { zipCode: zip }),
      preferredDate: date,
      scheduledDate: date,
      status,
      landscaperId,
      estimateLowCents: 5000,
      estimateHighCents: 8000,
      quotedPriceCents: 6000,
    });
  }

  async function days(who: {
    cookie: string;
  }): Promise<Map<string, Pick<ScheduleDay, "capacity" | "remaining">>> {
    const response = await t.app.inject({ url: "/api/landscaper/schedule", headers: { cookie: who.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const answer: ScheduleAnswer = response.json();
    return new Map(
      [...answer.weeks.this.days, ...answer.weeks.next.days].map((d) => [
        d.date,
        { capacity: d.capacity, remaining: d.remaining },
      ]),
    );
  }

  it("takes the visits a day on working days, less the accepted and scheduled jobs, never below 0", async () => {
    // Mondays, Wednesdays and Fridays, two visits a day.
    const pro = await instantPro(t, { zip, availability: { weekdays: [1, 3, 5], visitsPerDay: 2 } });
    // Wednesday: a booked visit and an offer waiting for its customer fill it; what is done, cancelled,
    // still open or someone else's does not count.
    await jobOn(pro.id, day(2), "scheduled");
    await jobOn(pro.id, day(2), "accepted");
    await jobOn(pro.id, day(2), "completed");
    await jobOn(pro.id, day(2), "cancelled");
    await jobOn(null, day(2), "pending");
    await jobOn(rival.id, day(2), "scheduled");
    // Friday: one of two. Next Monday: three taken from the queue on a two-visit day: full, not −1.
    await jobOn(pro.id, day(4), "scheduled");
    for (let i = 0; i < 3; i++) await jobOn(pro.id, day(7), "scheduled");
    // Tuesday is a day off, even with a visit on it.
    await jobOn(pro.id, day(1), "scheduled");

    const answer = await days(pro);
    expect(answer.size).toBe(14);
    expect(answer.get(day(0))).toEqual({ capacity: 2, remaining: 2 });
    expect(answer.get(day(1))).toEqual({ capacity: null, remaining: null });
    expect(answer.get(day(2))).toEqual({ capacity: 2, remaining: 0 });
    expect(answer.get(day(4))).toEqual({ capacity: 2, remaining: 1 });
    expect(answer.get(day(5))).toEqual({ capacity: null, remaining: null });
    expect(answer.get(day(6))).toEqual({ capacity: null, remaining: null });
    expect(answer.get(day(7))).toEqual({ capacity: 2, remaining: 0 });
    expect(answer.get(day(9))).toEqual({ capacity: 2, remaining: 2 });

    // The same days instant booking finds free (notice 0, counted from before the first visit window).
    const [free] = await instantCandidates(t.database.db, {
      zipCode: zip,
      services: ["lawn-mowing"],
      from: monday,
      horizonDays: 14,
      maxDays: 14,
      only: [pro.id],
      now: charlotteTime(monday, 0),
    });
    const withRoom = [...answer].filter(([, d]) => (d.remaining ?? 0) > 0).map(([date]) => date);
    expect(free!.freeDays).toEqual(withRoom);

    // Saving the availability counts at once: three a day, and Tuesdays too.
    const saved = await putAvailability(t, pro.cookie, { weekdays: [1, 2, 3, 5], visitsPerDay: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await days(pro);
    expect(after.get(day(1))).toEqual({ capacity: 3, remaining: 2 });
    expect(after.get(day(2))).toEqual({ capacity: 3, remaining: 1 });
    expect(after.get(day(7))).toEqual({ capacity: 3, remaining: 0 });
  });

  it("counts a day free when its 8 AM visit window opens after the pro's notice, to the minute", async () => {
    // Every day, 24 hours' notice. Asked at 8:00 AM on Monday, Tuesday's window opens exactly 24 hours
    // later: free. A minute later it opens 23 h 59 min away: Wednesday is the first free day.
    const pro = await instantPro(t, { zip, availability: { noticeHours: 24 } });
    const firstDays = async (hour: number, minute: number) => {
      const [found] = await instantCandidates(t.database.db, {
        zipCode: zip,
        services: ["lawn-mowing"],
        from: monday,
        horizonDays: 7,
        maxDays: 2,
        only: [pro.id],
        now: charlotteTime(monday, hour, minute),
      });
      return found!.freeDays;
    };
    expect(await firstDays(8, 0)).toEqual([day(1), day(2)]);
    expect(await firstDays(8, 1)).toEqual([day(2), day(3)]);
    // The evening before: Tuesday 8 AM is 13 hours away, within the notice.
    expect(await firstDays(19, 0)).toEqual([day(2), day(3)]);
  });

  it("uses the defaults for a landscaper who never set their availability: weekdays, six a day", async () => {
    const fresh = await createLandscaper(t, { status: "approved", zips: [zip] });
    await jobOn(fresh.id, day(3), "scheduled");
    const answer = await days(fresh);
    for (let offset = 0; offset < 14; offset++) {
      const weekend = offset % 7 >= 5;
      const expected = weekend
        ? { capacity: null, remaining: null }
        : { capacity: 6, remaining: offset === 3 ? 5 : 6 };
      expect(answer.get(day(offset)), day(offset)).toEqual(expected);
    }
  });
});
