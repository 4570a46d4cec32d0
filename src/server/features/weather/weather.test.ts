import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, charlotteTime } from "../../../shared/dates.js";
import {
  job,
  jobSeries,
  landscaperAvailability,
  notification,
  visitWeather,
  zipCode,
} from "../../db/schema.js";
import { nwsForecast, pointKey } from "../../lib/weather/nws-forecast.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { requestOf } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper, type Landscaper } from "../../test/landscaper-helpers.js";
import { postAs } from "../../test/series-helpers.js";
import { moveDay, rainDays } from "./move-day.js";
import { runRainFlags } from "./rain-flags.js";

/*
 * A local api.weather.gov (the documented GeoJSON shapes, as in nws-forecast.test.ts): each point is its own
 * grid cell, whose probabilityOfPrecipitation series is built from `rain` (point → date → percent) as one-hour
 * values at noon Charlotte time. The app reads it through the real adapter (WEATHER_PROVIDER=nws).
 */
const rain = new Map<string, Record<string, number>>();
const cellOf = new Map<string, number>();
let gridAsks = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://peer").pathname;
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { "content-type": "application/geo+json" });
      res.end(JSON.stringify(body));
    };
    const point = /^\/points\/(.+)$/.exec(path);
    if (point) {
      const key = decodeURIComponent(point[1]!);
      if (!cellOf.has(key)) cellOf.set(key, cellOf.size + 1);
      return json({ properties: { gridId: "GSP", gridX: cellOf.get(key), gridY: 1 } });
    }
    const grid = /^\/gridpoints\/GSP\/(\d+),1$/.exec(path);
    const key = [...cellOf].find(([, x]) => x === Number(grid?.[1]))?.[0];
    if (!key) return json({ status: 404 }, 404);
    gridAsks++;
    const values = Object.entries(rain.get(key) ?? {}).map(([date, value]) => ({
      validTime: `${charlotteTime(date, 12).toISOString().replace(".000Z", "+00:00")}/PT1H`,
      value,
    }));
    json({ properties: { probabilityOfPrecipitation: { uom: "wmoUnit:percent", values } } });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

// A Monday ahead; every date of the pass and of the move is read from this injected clock.
const MONDAY = "2026-12-07";
const TUESDAY = addDaysIso(MONDAY, 1);
const WEDNESDAY = addDaysIso(MONDAY, 2);
const THURSDAY = addDaysIso(MONDAY, 3);
const FRIDAY = addDaysIso(MONDAY, 4);
const start = charlotteTime(MONDAY, 6);
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe("rain flags and Move my day", () => {
  const t = useTestApp(
    {
      WEATHER_PROVIDER: "nws",
      WEATHER_USER_AGENT: "GreenScape tests (ops@greenscape.test)",
      WEATHER_TIMEOUT_MS: "1000",
      MASTER_EMAILS: "master@weather.test",
    },
    180_000,
  );
  let pro: Landscaper;
  let customer: SignedUp;
  let other: SignedUp;
  let master: SignedUp;
  const points: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let seriesId: string;

  const options = (now: Date) => ({
    db: t.database.db,
    forecast: nwsForecast(
      {
        baseUrl: base,
        userAgent: "GreenScape tests (ops@greenscape.test)",
        timeoutMs: 1000,
        cacheMinutes: 30,
      },
      t.database.db,
    ),
    thresholdPercent: 60,
    landscaperId: pro.id,
    now,
  });
  const pass = (now: Date) => runRainFlags({ ...options(now), recheckMs: 30 * 60_000, now: () => now });

  let made = 0;
  async function visit(name: string, date: string, zip: string, who = customer, extra: object = {}) {
    made++;
    const [row] = await t.database.db
      .insert(job)
      .values({
        ...requestOf(who, { customerName: name, address: `${made} Elm St, Charlotte, NC`, zipCode: zip }),
        preferredDate: date,
        scheduledDate: date,
        status: "scheduled",
        landscaperId: pro.id,
        estimateLowCents: 5000,
        estimateHighCents: 8000,
        quotedPriceCents: 6000,
        ...extra,
      })
      .returning({ id: job.id });
    ids[name] = row!.id;
  }

  beforeAll(async () => {
    pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Rhea Rainford" });
    customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    other = await signUp(t.app, { role: "customer", name: "Omar Other" });
    master = await signUp(t.app, { email: "master@weather.test" });
    // Three visits a day, Monday to Friday.
    await t.database.db
      .insert(landscaperAvailability)
      .values({ landscaperId: pro.id, weekdays: [1, 2, 3, 4, 5], visitsPerDay: 3, noticeHours: 24 });
    const zips = await t.database.db
      .select()
      .from(zipCode)
      .where(inArray(zipCode.zip, ["28202", "28203", "28277"]));
    for (const row of zips) points[row.zip] = pointKey(row);
    const [series] = await t.database.db
      .insert(jobSeries)
      .values({
        ...requestOf(customer, {
          customerName: "Series",
          address: "9 Series St, Charlotte, NC",
          zipCode: "28203",
        }),
        landscaperId: pro.id,
        frequency: "weekly",
        weekday: 2,
        pricePerVisitCents: 6000,
        status: "active",
        startDate: TUESDAY,
      })
      .returning({ id: jobSeries.id });
    seriesId = series!.id;

    // Tuesday: three visits (one of a weekly series). Wednesday: one. Thursday: one, so 2 slots are left.
    await visit("Tue Uptown", TUESDAY, "28202");
    await visit("Tue Dilworth series", TUESDAY, "28203", customer, { seriesId, seriesDate: TUESDAY });
    await visit("Tue Ballantyne", TUESDAY, "28277", other);
    await visit("Wed Ballantyne", WEDNESDAY, "28277", other);
    await visit("Thu Uptown", THURSDAY, "28202");
    await visit("Next Tue series", addDaysIso(TUESDAY, 7), "28203", customer, {
      seriesId,
      seriesDate: addDaysIso(TUESDAY, 7),
    });

    rain.set(points["28202"]!, { [TUESDAY]: 70, [WEDNESDAY]: 10, [THURSDAY]: 10, [FRIDAY]: 0 });
    rain.set(points["28203"]!, { [TUESDAY]: 30, [WEDNESDAY]: 65, [THURSDAY]: 10, [FRIDAY]: 5 });
    rain.set(points["28277"]!, { [TUESDAY]: 30, [WEDNESDAY]: 80, [THURSDAY]: 10, [FRIDAY]: 5 });
  }, 180_000);

  const flags = async () =>
    Object.fromEntries(
      (await t.database.db.select().from(visitWeather)).map((row) => [
        Object.entries(ids).find(([, id]) => id === row.jobId)![0],
        row.flagged ? row.percent : `dry ${row.percent}`,
      ]),
    );

  it("flags the visits of the next 3 days at 60 % or more, once a cache period", async () => {
    const report = await pass(at(0));
    expect(report).toEqual({ checked: 4, flagged: 2 });
    // Thursday is past the 3 days; a visit is read at its own place (its ZIP centroid).
    expect(await flags()).toEqual({
      "Tue Uptown": 70,
      "Tue Dilworth series": "dry 30",
      "Tue Ballantyne": "dry 30",
      "Wed Ballantyne": 80,
    });
    // Within the period nothing is claimed again, and no request leaves.
    const asks = gridAsks;
    expect(await pass(at(10))).toEqual({ checked: 0, flagged: 0 });
    expect(gridAsks).toBe(asks);
  });

  it("answers each flagged day with its chance, its visits and the next dry working day", async () => {
    expect(await rainDays(options(at(11)))).toEqual([
      // Wednesday is wet and Thursday has 2 slots for 3 visits: Friday.
      { date: TUESDAY, percent: 70, readAt: at(0).toISOString(), visits: 3, moveTo: FRIDAY },
      { date: WEDNESDAY, percent: 80, readAt: at(0).toISOString(), visits: 1, moveTo: THURSDAY },
    ]);
  });

  it("unflags a visit when its forecast drops below the threshold", async () => {
    rain.set(points["28277"]!, { [TUESDAY]: 30, [WEDNESDAY]: 40, [THURSDAY]: 10, [FRIDAY]: 5 });
    expect(await pass(at(31))).toMatchObject({ checked: 4, flagged: 1 });
    expect((await flags())["Wed Ballantyne"]).toBe("dry 40");
    expect((await rainDays(options(at(32)))).map((day) => day.date)).toEqual([TUESDAY]);
  });

  it("moves nothing when the day the confirmation named is no longer the answer", async () => {
    await expect(
      moveDay({ ...options(at(33)), env: t.env, date: TUESDAY, to: WEDNESDAY }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining("Friday, December 11, 2026"),
    });
    const [row] = await t.database.db.select().from(job).where(eq(job.id, ids["Tue Uptown"]!));
    expect(row!.scheduledDate).toBe(TUESDAY);
    // A day with no flag has nothing to move.
    await expect(
      moveDay({ ...options(at(33)), env: t.env, date: WEDNESDAY, to: THURSDAY }),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining("not flagged") });
  });

  it("moves the whole day to the next dry working day, each customer told and free to decline", async () => {
    const moved = await moveDay({ ...options(at(34)), env: t.env, date: TUESDAY, to: FRIDAY });
    expect(moved).toEqual({ moved: 3, to: FRIDAY });
    const rows = await t.database.db
      .select()
      .from(job)
      .where(inArray(job.id, Object.values(ids)));
    const byName = (name: string) => rows.find((row) => row.id === ids[name])!;
    for (const name of ["Tue Uptown", "Tue Dilworth series", "Tue Ballantyne"]) {
      expect(byName(name)).toMatchObject({ scheduledDate: FRIDAY, movedFrom: TUESDAY, moveDeclinedAt: null });
      expect(byName(name).moveReason).toBe("Rain is forecast on Tuesday, December 8, 2026 (70% chance).");
    }
    // A weekly series keeps its weekday: the moved visit keeps its series date, the next visit stays.
    expect(byName("Tue Dilworth series").seriesDate).toBe(TUESDAY);
    expect(byName("Next Tue series").scheduledDate).toBe(addDaysIso(TUESDAY, 7));
    const [series] = await t.database.db.select().from(jobSeries).where(eq(jobSeries.id, seriesId));
    expect(series!.weekday).toBe(2);
    // Each customer is told, with the way to decline.
    const told = await t.database.db
      .select()
      .from(notification)
      .where(inArray(notification.userId, [customer.id, other.id]));
    const moves = told.filter((n) => n.message.includes("moves from Tuesday, December 8, 2026 to Friday"));
    expect(moves).toHaveLength(3);
    expect(moves.every((n) => n.message.includes("decline it on your dashboard"))).toBe(true);
    // The day is no longer flagged, and moving it again finds nothing.
    expect(await rainDays(options(at(35)))).toEqual([]);
    await expect(
      moveDay({ ...options(at(35)), env: t.env, date: TUESDAY, to: FRIDAY }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it("lets a customer decline the new day through the existing flow", async () => {
    const response = await postAs(t, other, `/api/jobs/${ids["Tue Ballantyne"]}/decline-move`);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db.select().from(job).where(eq(job.id, ids["Tue Ballantyne"]!));
    expect(row!.status).toBe("cancelled");
  });

  it("serves the routes to the landscaper only, and refuses bad input with nothing changed", async () => {
    const get = (who: { cookie: string }) =>
      t.app.inject({ method: "GET", url: "/api/landscaper/weather", headers: { cookie: who.cookie } });
    expect((await get(customer)).statusCode).toBe(403);
    expect((await get(master)).json()).toEqual({ days: [] });
    const mine = await get(pro);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ days: [] });
    const bad = await postAs(t, pro, "/api/landscaper/weather/move-day", { date: "2026-02-30", to: FRIDAY });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Choose a date.");
    const notMine = await postAs(t, customer, "/api/landscaper/weather/move-day", {
      date: TUESDAY,
      to: FRIDAY,
    });
    expect(notMine.statusCode).toBe(403);
  });

  it("moves through the route as the landscaper and says what happens next", async () => {
    // Wednesday turns wet at Uptown for a new visit there: the day's dry visit moves with it (the whole day).
    // The route runs on the real clock; the dates are ahead of it.
    await visit("Wed Uptown", WEDNESDAY, "28202");
    rain.set(points["28202"]!, { [TUESDAY]: 70, [WEDNESDAY]: 90, [THURSDAY]: 10, [FRIDAY]: 0 });
    expect(await pass(at(70))).toMatchObject({ flagged: 1 });
    const day = (await rainDays(options(at(71))))[0]!;
    expect(day).toMatchObject({ date: WEDNESDAY, percent: 90, visits: 2, moveTo: THURSDAY });
    const response = await postAs(t, pro, "/api/landscaper/weather/move-day", {
      date: WEDNESDAY,
      to: THURSDAY,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      moved: 2,
      to: THURSDAY,
      message:
        "2 visits moved to Thursday, December 10, 2026. Each customer has been told and may decline the new day.",
    });
    const rows = await t.database.db
      .select()
      .from(job)
      .where(and(eq(job.landscaperId, pro.id), eq(job.scheduledDate, THURSDAY)));
    expect(rows).toHaveLength(3);
  });

  it("two passes at once read each visit once (claims with SKIP LOCKED)", async () => {
    for (const zip of ["28202", "28203", "28277"]) await visit(`Mon ${zip}`, MONDAY, zip);
    const [a, b] = await Promise.all([pass(at(100)), pass(at(100))]);
    expect(a.checked + b.checked).toBe(3);
    const rows = await t.database.db
      .select()
      .from(visitWeather)
      .where(inArray(visitWeather.jobId, [ids["Mon 28202"]!, ids["Mon 28203"]!, ids["Mon 28277"]!]));
    expect(rows.map((row) => row.checkedAt?.toISOString())).toEqual(Array(3).fill(at(100).toISOString()));
  });
});
