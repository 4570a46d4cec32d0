import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, charlotteTime, todayInCharlotte } from "../../../shared/dates.js";
import type { ScheduleAnswer, ScheduleDay } from "../../../shared/schedule.js";
import { weekStartOf } from "../../../shared/schedule.js";
import { job, jobSeries, zipCode } from "../../db/schema.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { requestOf } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper, type Landscaper } from "../../test/landscaper-helpers.js";
import { haversineMiles } from "./driving-order.js";
import { landscaperSchedule } from "./service.js";

/** A ZIP with no centroid in the data set (the zip_code table holds NC and SC). */
const UNMAPPED_ZIP = "28298";

describe("the landscaper's week: GET /api/landscaper/schedule", () => {
  const t = useTestApp({ MASTER_EMAILS: "master@schedule.test" }, 180_000);
  let pro: Landscaper;
  let rival: Landscaper;
  let customer: SignedUp;
  let master: SignedUp;

  beforeAll(async () => {
    // Both based in Uptown (28202), the profile helper's address.
    pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
    rival = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Rita Rival" });
    customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    master = await signUp(t.app, { email: "master@schedule.test" });
    const [unmapped] = await t.database.db.select().from(zipCode).where(eq(zipCode.zip, UNMAPPED_ZIP));
    expect(unmapped).toBeUndefined();
  }, 180_000);

  let made = 0;
  /** A job straight in the database: the schedule only reads, and this sets any date, status or landscaper. */
  async function visit(options: {
    landscaperId: string | null;
    date: string;
    zip: string;
    status?: "pending" | "accepted" | "scheduled" | "completed" | "cancelled";
    seriesId?: string;
    arrivedAt?: Date;
    movedFrom?: string;
  }) {
    made++;
    const [row] = await t.database.db
      .insert(job)
      .values({
        ...requestOf(customer, {
          customerName: `Customer ${made}`,
          address: `${100 + made} Hawthorne Ln, Charlotte, NC`,
          zipCode: options.zip,
        }),
        preferredDate: options.date,
        scheduledDate: options.date,
        status: options.status ?? "scheduled",
        landscaperId: options.landscaperId,
        estimateLowCents: 5000,
        estimateHighCents: 8000,
        quotedPriceCents: 6500 + made,
        seriesId: options.seriesId ?? null,
        seriesDate: options.seriesId ? options.date : null,
        arrivedAt: options.arrivedAt ?? null,
        onTheWayAt: options.arrivedAt ?? null,
        movedFrom: options.movedFrom ?? null,
      })
      .returning({ id: job.id, number: job.number });
    return row!;
  }

  async function schedule(who: { cookie: string }): Promise<ScheduleAnswer> {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/landscaper/schedule",
      headers: { cookie: who.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const everyDay = (answer: ScheduleAnswer): ScheduleDay[] => [
    ...answer.weeks.this.days,
    ...answer.weeks.next.days,
  ];
  const numbersOf = (answer: ScheduleAnswer) =>
    everyDay(answer).flatMap((day) => day.visits.map((v) => v.number));

  it("answers my scheduled visits of this week and next only, by day, in the suggested order", async () => {
    const monday = weekStartOf(todayInCharlotte());
    const wednesday = addDaysIso(monday, 2);
    const [series] = await t.database.db
      .insert(jobSeries)
      .values({
        ...requestOf(customer, {
          customerName: "Customer series",
          address: "9 Series St, Charlotte, NC",
          zipCode: "28210",
        }),
        landscaperId: pro.id,
        frequency: "biweekly",
        weekday: 3,
        pricePerVisitCents: 6000,
        status: "active",
        startDate: wednesday,
      })
      .returning({ id: jobSeries.id, number: jobSeries.number });

    // Wednesday: four visits of mine, given in an order the route must not keep.
    const ballantyne = await visit({ landscaperId: pro.id, date: wednesday, zip: "28277" });
    const nowhere = await visit({ landscaperId: pro.id, date: wednesday, zip: UNMAPPED_ZIP });
    const southPark = await visit({
      landscaperId: pro.id,
      date: wednesday,
      zip: "28210",
      seriesId: series!.id,
      arrivedAt: new Date(),
      movedFrom: addDaysIso(wednesday, -1),
    });
    const dilworth = await visit({ landscaperId: pro.id, date: wednesday, zip: "28203" });
    // The edges: this Monday and next week's Sunday are in; the Sunday before and the Monday after are not.
    const first = await visit({ landscaperId: pro.id, date: monday, zip: "28202" });
    const last = await visit({ landscaperId: pro.id, date: addDaysIso(monday, 13), zip: "28202" });
    const before = await visit({ landscaperId: pro.id, date: addDaysIso(monday, -1), zip: "28202" });
    const after = await visit({ landscaperId: pro.id, date: addDaysIso(monday, 14), zip: "28202" });
    // Mine but not scheduled, and someone else's scheduled visit on the same day.
    const notScheduled = await Promise.all(
      (["pending", "accepted", "completed", "cancelled"] as const).map((status) =>
        visit({ landscaperId: status === "pending" ? null : pro.id, date: wednesday, zip: "28203", status }),
      ),
    );
    const theirs = await visit({ landscaperId: rival.id, date: wednesday, zip: "28203" });

    const answer = await schedule(pro);
    expect(answer.preview).toBe(false);
    expect(answer.today).toBe(todayInCharlotte());
    expect(answer.base).toEqual({
      zipCode: "28202",
      area: "Uptown (28202)",
      mapped: true,
      address: expect.stringMatching(/, Charlotte, NC 28202$/),
    });
    expect(answer.weeks.this.start).toBe(monday);
    expect(answer.weeks.next.start).toBe(addDaysIso(monday, 7));
    expect(everyDay(answer).map((day) => day.date)).toEqual(
      Array.from({ length: 14 }, (_, i) => addDaysIso(monday, i)),
    );

    const shown = numbersOf(answer);
    expect(shown).toEqual(
      expect.arrayContaining([ballantyne, nowhere, southPark, dilworth, first, last].map((v) => v.number)),
    );
    for (const hidden of [before, after, theirs, ...notScheduled]) expect(shown).not.toContain(hidden.number);
    expect(shown).toHaveLength(6);

    // Wednesday from Uptown: Dilworth, SouthPark, Ballantyne, then the visit with no centroid.
    const day = answer.weeks.this.days[2]!;
    expect(day.date).toBe(wednesday);
    expect(day.visits.map((v) => v.number)).toEqual(
      [dilworth, southPark, ballantyne, nowhere].map((v) => v.number),
    );
    expect(day.visits.map((v) => v.stop)).toEqual([1, 2, 3, 4]);
    const legs = day.visits.map((v) => v.legMiles);
    expect(legs[0]).toBeGreaterThan(1);
    expect(legs[0]).toBeLessThan(2);
    expect(legs[1]).toBeGreaterThan(4);
    expect(legs[2]).toBeGreaterThan(4);
    expect(legs[3]).toBeNull();
    expect(day.visits.map((v) => v.unmapped)).toEqual([false, false, false, true]);
    expect(day.totalMiles).toBe(Math.round((legs[0]! + legs[1]! + legs[2]!) * 10) / 10);
    // Booked (by job number) the day would run Uptown → Ballantyne → SouthPark → Dilworth: the minutes saved
    // are the straight-line difference at 1.3 road miles a mile and 25 mph.
    const points = new Map(
      (await t.database.db.select().from(zipCode)).map((z) => [
        z.zip,
        { latitude: z.latitude, longitude: z.longitude },
      ]),
    );
    const miles = (zips: string[]) =>
      zips.slice(1).reduce((sum, zip, i) => sum + haversineMiles(points.get(zips[i]!)!, points.get(zip)!), 0);
    const savedMiles =
      miles(["28202", "28277", "28210", "28203"]) - miles(["28202", "28203", "28210", "28277"]);
    expect(savedMiles).toBeGreaterThan(5);
    expect(day.minutesSaved).toBe(Math.round(((savedMiles * 1.3) / 25) * 60));

    const [, seriesVisit] = day.visits;
    expect(seriesVisit).toMatchObject({
      jobId: expect.any(String),
      customerName: expect.stringMatching(/^Customer /),
      services: ["lawn-mowing"],
      address: expect.stringContaining("Hawthorne Ln"),
      zipCode: "28210",
      area: "SouthPark (28210)",
      priceCents: expect.any(Number),
      series: { number: series!.number, frequency: "biweekly" },
      stage: "arrived",
      movedFrom: addDaysIso(wednesday, -1),
    });
    expect(day.visits[0]).toMatchObject({ series: null, stage: null, movedFrom: null });
    expect(day.visits[3]!.area).toBe(`ZIP ${UNMAPPED_ZIP}`);

    // Days without visits are there, empty, with no miles.
    const emptyDays = everyDay(answer).filter((d) => d.visits.length === 0);
    expect(emptyDays.length).toBe(11);
    for (const d of emptyDays) expect([d.totalMiles, d.minutesSaved]).toEqual([0, 0]);

    // The rival sees their own visit only; a landscaper with nothing booked sees fourteen empty days.
    expect(numbersOf(await schedule(rival))).toEqual([theirs.number]);
    const idle = await createLandscaper(t, { status: "approved", zips: ["28202"] });
    expect(numbersOf(await schedule(idle))).toEqual([]);
  });

  it("gives master users an empty preview and refuses customers", async () => {
    const preview = await schedule(master);
    expect(preview.preview).toBe(true);
    expect(preview.base).toBeNull();
    expect(numbersOf(preview)).toEqual([]);
    expect(everyDay(preview)).toHaveLength(14);
    // Each day as a landscaper who never set their availability has it: weekdays, six visits, all free.
    expect(everyDay(preview).map((d) => [d.capacity, d.remaining])).toEqual(
      Array.from({ length: 14 }, (_, i) => (i % 7 >= 5 ? [null, null] : [6, 6])),
    );

    const refused = await t.app.inject({
      method: "GET",
      url: "/api/landscaper/schedule",
      headers: { cookie: customer.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("cuts the weeks at midnight on Charlotte's clock, Monday to Sunday, across the end of daylight saving", async () => {
    const boundary = await createLandscaper(t, { status: "approved", zips: ["28202"] });
    // 2026-11-01 is the Sunday daylight saving ends; 2026-11-08 the Sunday after.
    const dates = ["2026-10-25", "2026-10-26", "2026-11-01", "2026-11-02", "2026-11-08", "2026-11-09"];
    const byDate = new Map<string, number>();
    for (const date of dates)
      byDate.set(date, (await visit({ landscaperId: boundary.id, date, zip: "28203" })).number);
    const weekOf = async (now: Date) => {
      const answer = await landscaperSchedule({ db: t.database.db, landscaperId: boundary.id, now });
      const dated = (days: ScheduleDay[]) => days.flatMap((d) => d.visits.map(() => d.date));
      return {
        today: answer.today,
        this: [answer.weeks.this.start, dated(answer.weeks.this.days)],
        next: [answer.weeks.next.start, dated(answer.weeks.next.days)],
      };
    };

    // Sunday 11:59 PM in Charlotte (EST, already Monday 04:59 in UTC): still the week of Oct 26.
    expect(await weekOf(new Date("2026-11-02T04:59:00Z"))).toEqual({
      today: "2026-11-01",
      this: ["2026-10-26", ["2026-10-26", "2026-11-01"]],
      next: ["2026-11-02", ["2026-11-02", "2026-11-08"]],
    });
    // A minute later it is Monday in Charlotte: the next week is this week.
    expect(await weekOf(new Date("2026-11-02T05:00:00Z"))).toEqual({
      today: "2026-11-02",
      this: ["2026-11-02", ["2026-11-02", "2026-11-08"]],
      next: ["2026-11-09", ["2026-11-09"]],
    });
    // Sunday evening, 8 PM EDT the week before (Monday 00:00 in UTC): the week of Oct 19 and Oct 26.
    expect(await weekOf(charlotteTime("2026-10-25", 20))).toEqual({
      today: "2026-10-25",
      this: ["2026-10-19", ["2026-10-25"]],
      next: ["2026-10-26", ["2026-10-26", "2026-11-01"]],
    });
    expect(byDate.size).toBe(dates.length);
  });
});

describe("one job of mine: GET /api/landscaper/jobs/:id", () => {
  const t = useTestApp({}, 180_000);

  it("answers my job as the queue shows it, and 'not found' for anyone else's or an open request", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"] });
    const rival = await createLandscaper(t, { status: "approved", zips: ["28202"] });
    const customer = await signUp(t.app, { role: "customer" });
    const insert = async (landscaperId: string | null, status: "pending" | "scheduled" | "completed") => {
      const [row] = await t.database.db
        .insert(job)
        .values({
          ...requestOf(customer),
          preferredDate: todayInCharlotte(),
          scheduledDate: landscaperId ? todayInCharlotte() : null,
          status,
          landscaperId,
          estimateLowCents: 5000,
          estimateHighCents: 8000,
          quotedPriceCents: landscaperId ? 7000 : null,
        })
        .returning({ id: job.id, number: job.number });
      return row!;
    };
    const mine = await insert(pro.id, "scheduled");
    const done = await insert(pro.id, "completed");
    const theirs = await insert(rival.id, "scheduled");
    const open = await insert(null, "pending");
    const get = (id: string, cookie = pro.cookie) =>
      t.app.inject({ method: "GET", url: `/api/landscaper/jobs/${id}`, headers: { cookie } });

    for (const own of [mine, done]) {
      const response = await get(own.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().job).toMatchObject({
        id: own.id,
        number: own.number,
        customerName: "Olivia Bennett",
        address: "415 Hawthorne Ln, Charlotte, NC",
        photos: [],
        unreadMessages: 0,
      });
    }
    for (const other of [theirs, open]) {
      const response = await get(other.id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: "not_found", message: "Job not found." });
    }
    const malformed = await get("not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe("Job not found.");
    expect((await get(mine.id, customer.cookie)).statusCode).toBe(403);
  });
});
