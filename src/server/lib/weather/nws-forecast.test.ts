import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { weatherGrid, weatherPoint } from "../../db/schema.js";
import { openTestDatabase } from "../../test/test-database.js";
import { daytimeMaxima, durationMs } from "./daytime-rain.js";
import { noForecast } from "./forecast-provider.js";
import { nwsForecast } from "./nws-forecast.js";

/*
 * A local peer answering as api.weather.gov does (weather-gov.github.io/api, GeoJSON): /points/{lat},{lon}
 * names the grid cell, /gridpoints/{office}/{x},{y} holds the layers as time series of
 * { validTime: "start/ISO 8601 duration", value } with null for "no data". Each grid cell below misbehaves in
 * one way. The peer records every request and its headers.
 */
const cells: Record<string, string> = {
  "35.2271,-80.8431": "GSP/60,50", // a forecast
  "35.1000,-80.9000": "GSP/61,50", // every value null
  "35.2000,-80.7000": "GSP/62,50", // 500
  "35.3000,-80.6000": "GSP/63,50", // slower than the timeout
  "35.4000,-80.5000": "GSP/64,50", // no probabilityOfPrecipitation layer
};
let server: Server;
let base: string;
const asked: { path: string; headers: IncomingHttpHeaders }[] = [];
let gridFailure: number | null = null;

// Tuesday 2026-12-01 in Charlotte (EST, UTC-5): 7:00–19:00 is 12:00–24:00 UTC.
const forecastValues = [
  { validTime: "2026-12-01T06:00:00+00:00/PT6H", value: 95 }, // 1:00–7:00 local: the night, not counted
  { validTime: "2026-12-01T12:00:00+00:00/PT3H", value: 40 },
  { validTime: "2026-12-01T15:00:00+00:00/PT3H", value: 70 },
  { validTime: "2026-12-01T18:00:00+00:00/PT6H", value: 55 },
  { validTime: "2026-12-02T00:00:00+00:00/PT12H", value: 90 }, // 19:00–7:00: the night again
  { validTime: "2026-12-02T12:00:00+00:00/P1D", value: 20 },
  { validTime: "2026-12-03T12:00:00+00:00/PT12H", value: null },
];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://peer").pathname;
    asked.push({ path, headers: req.headers });
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { "content-type": "application/geo+json" });
      res.end(JSON.stringify(body));
    };
    const point = /^\/points\/(.+)$/.exec(path);
    if (point) {
      const cell = cells[decodeURIComponent(point[1]!)];
      if (!cell) return json({ title: "Data Unavailable For Requested Point", status: 404 }, 404);
      const [office, xy] = cell.split("/");
      const [x, y] = xy!.split(",").map(Number);
      return json({
        "@context": [],
        type: "Feature",
        geometry: { type: "Point", coordinates: [-80.8431, 35.2271] },
        properties: {
          cwa: office,
          forecastOffice: `https://api.weather.gov/offices/${office}`,
          gridId: office,
          gridX: x,
          gridY: y,
          forecast: `https://api.weather.gov/gridpoints/${office}/${x},${y}/forecast`,
          forecastHourly: `https://api.weather.gov/gridpoints/${office}/${x},${y}/forecast/hourly`,
          forecastGridData: `https://api.weather.gov/gridpoints/${office}/${x},${y}`,
          timeZone: "America/New_York",
        },
      });
    }
    const grid = /^\/gridpoints\/GSP\/(\d+),50$/.exec(path);
    if (!grid) return json({ status: 404 }, 404);
    const x = Number(grid[1]);
    if (x === 60 && gridFailure)
      return json({ title: "Unexpected Problem", status: gridFailure }, gridFailure);
    if (x === 62) return json({ title: "Unexpected Problem", status: 500 }, 500);
    const layer = (values: unknown[]) => ({
      properties: {
        updateTime: "2026-11-30T10:00:00+00:00",
        gridId: "GSP",
        gridX: x,
        gridY: 50,
        temperature: { uom: "wmoUnit:degC", values: [] },
        probabilityOfPrecipitation: { uom: "wmoUnit:percent", values },
      },
    });
    if (x === 60) return json(layer(forecastValues));
    if (x === 61) return json(layer(forecastValues.map((v) => ({ ...v, value: null }))));
    if (x === 63) return void setTimeout(() => json(layer(forecastValues)), 1_500);
    return json({ properties: { gridId: "GSP", gridX: x, gridY: 50 } });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("daytime chance of rain from a grid's time series", () => {
  it("reads ISO 8601 durations and keeps each Charlotte date's 7:00–19:00 maximum", () => {
    expect(durationMs("PT3H")).toBe(3 * 3_600_000);
    expect(durationMs("P1DT6H")).toBe(30 * 3_600_000);
    expect(durationMs("PT30M")).toBe(30 * 60_000);
    expect(durationMs("P1M")).toBeNull();
    expect(durationMs("P")).toBeNull();
    expect(daytimeMaxima(forecastValues)).toEqual({ "2026-12-01": 70, "2026-12-02": 20 });
    // Out of range, unreadable and bare-date intervals count for nothing.
    expect(
      daytimeMaxima([
        { validTime: "2026-12-01T15:00:00+00:00/PT3H", value: 140 },
        { validTime: "2026-12-01T15:00:00+00:00", value: 80 },
        { validTime: "2026-12-01/PT3H", value: 80 },
      ]),
    ).toEqual({});
  });
});

describe("the National Weather Service adapter against a local peer", () => {
  let database: Database;
  const errors: string[] = [];
  const config = () => ({
    baseUrl: base,
    userAgent: "GreenScape Charlotte tests (ops@greenscape.test)",
    timeoutMs: 500,
    cacheMinutes: 15,
  });
  const provider = () => nwsForecast(config(), database.db, { onError: (m) => errors.push(m) });
  const now = new Date("2026-11-30T14:00:00Z");
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => database.close());

  it("asks points then the grid with the User-Agent NWS requires, and answers the daytime maxima", async () => {
    asked.length = 0;
    const rain = await provider().dailyRain({ latitude: 35.22712, longitude: -80.84311 }, now);
    expect(rain).toEqual({ days: { "2026-12-01": 70, "2026-12-02": 20 }, readAt: now });
    expect(asked.map((a) => a.path)).toEqual(["/points/35.2271,-80.8431", "/gridpoints/GSP/60,50"]);
    for (const request of asked) {
      expect(request.headers["user-agent"]).toBe("GreenScape Charlotte tests (ops@greenscape.test)");
      expect(request.headers.accept).toBe("application/geo+json");
    }
    const [cell] = await database.db.select().from(weatherGrid);
    expect(cell).toMatchObject({ gridId: "GSP", gridX: 60, gridY: 50, days: { "2026-12-01": 70 } });
    expect(await database.db.select().from(weatherPoint)).toHaveLength(1);
  });

  it("answers a second call within 15 minutes from the database, with no request; after it asks again", async () => {
    asked.length = 0;
    // A new adapter (another instance): nothing in process memory, the cache is the table.
    const again = await provider().dailyRain({ latitude: 35.2271, longitude: -80.8431 }, minutes(14));
    expect(again).toEqual({ days: { "2026-12-01": 70, "2026-12-02": 20 }, readAt: now });
    expect(asked).toEqual([]);
    const later = await provider().dailyRain({ latitude: 35.2271, longitude: -80.8431 }, minutes(16));
    expect(later?.readAt).toEqual(minutes(16));
    // The grid cell of the point is still known: only the grid is asked.
    expect(asked.map((a) => a.path)).toEqual(["/gridpoints/GSP/60,50"]);
  });

  it("keeps a grid read within 3 hours when a refresh fails, and gives no forecast after", async () => {
    gridFailure = 503;
    try {
      const stale = await provider().dailyRain({ latitude: 35.2271, longitude: -80.8431 }, minutes(60));
      expect(stale?.days["2026-12-01"]).toBe(70);
      expect(
        await provider().dailyRain({ latitude: 35.2271, longitude: -80.8431 }, minutes(16 + 181)),
      ).toBeNull();
    } finally {
      gridFailure = null;
    }
  });

  it("gives no forecast for null values, a 500, a slow answer, a missing layer and a point outside", async () => {
    errors.length = 0;
    const p = provider();
    // Every value null: an empty forecast, nothing to flag.
    expect(await p.dailyRain({ latitude: 35.1, longitude: -80.9 }, now)).toEqual({ days: {}, readAt: now });
    expect(await p.dailyRain({ latitude: 35.2, longitude: -80.7 }, now)).toBeNull();
    const started = Date.now();
    expect(await p.dailyRain({ latitude: 35.3, longitude: -80.6 }, now)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(await p.dailyRain({ latitude: 35.4, longitude: -80.5 }, now)).toBeNull();
    expect(await p.dailyRain({ latitude: 40, longitude: -100 }, now)).toBeNull();
    expect(errors).toEqual([
      expect.stringContaining("answered 500"),
      expect.stringContaining("no answer within 500 ms"),
      expect.stringContaining("not the documented shape"),
      expect.stringContaining("answered 404"),
    ]);
    // Failures are not cached: the 500's cell has no row.
    const rows = await database.db.select().from(weatherGrid);
    expect(rows.map((r) => r.gridX).sort()).toEqual([60, 61]);
  });

  it("the embedded default has no forecast", async () => {
    expect(await noForecast.dailyRain({ latitude: 35.2271, longitude: -80.8431 })).toBeNull();
  });
});
