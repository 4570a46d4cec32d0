import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../../db/client.js";
import { weatherGrid, weatherPoint } from "../../db/schema.js";
import { readLimited } from "../read-limited.js";
import { daytimeMaxima } from "./daytime-rain.js";
import type { DailyRain, ForecastPoint, ForecastProvider, NwsConfig } from "./forecast-provider.js";

/** A grid's answer is a few hundred KB at most (every layer for a week); anything bigger is not it. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** A point's grid cell changes only when NWS redraws its grids: reused for a week. */
const POINT_CACHE_MS = 7 * 24 * 3_600_000;
/** A stale grid answer still stands in for a failed call this long: an outage must not unflag a rain day. */
const STALE_GRID_MS = 3 * 3_600_000;

/*
 * The documented shapes (weather-gov.github.io/api, GeoJSON): GET /points/{lat},{lon} answers
 * `{ properties: { gridId, gridX, gridY, forecastGridData, … } }`; GET /gridpoints/{gridId}/{x},{y} answers
 * `{ properties: { probabilityOfPrecipitation: { uom: "wmoUnit:percent", values: [{ validTime, value }] } } }`
 * where validTime is "start/ISO 8601 duration" and value may be null (no data for that interval).
 */
const pointSchema = z.object({
  properties: z.object({
    gridId: z.string().regex(/^[A-Z]{3}$/),
    gridX: z.number().int().min(0).max(10_000),
    gridY: z.number().int().min(0).max(10_000),
  }),
});
const gridSchema = z.object({
  properties: z.object({
    probabilityOfPrecipitation: z.object({
      values: z.array(z.object({ validTime: z.string().max(100), value: z.number().nullable() })).max(2000),
    }),
  }),
});

type Grid = { gridId: string; gridX: number; gridY: number };

/** NWS answers points to four decimals and redirects anything finer: asked and cached in that form. */
export const pointKey = (point: ForecastPoint) =>
  `${point.latitude.toFixed(4)},${point.longitude.toFixed(4)}`.replaceAll("-0.0000", "0.0000");

/**
 * The National Weather Service adapter: a point's grid cell (cached a week), then the cell's grid data (cached
 * `cacheMinutes`, in the database so every instance shares it). Any failure — no answer in time, an HTTP
 * error, a shape not documented — is "no forecast" for that place; a stale cell younger than 3 hours stands
 * in for a failed refresh.
 */
export function nwsForecast(
  config: NwsConfig,
  db: DbOrTx,
  options: { fetchImpl?: typeof fetch; onError?: (message: string) => void } = {},
): ForecastProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = config.baseUrl.replace(/\/+$/, "");
  const fail = (message: string) => {
    options.onError?.(message);
    return null;
  };

  async function getJson(url: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        signal: AbortSignal.timeout(config.timeoutMs),
        headers: { accept: "application/geo+json", "user-agent": config.userAgent },
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new Error(
        timedOut ? `no answer within ${config.timeoutMs} ms` : "the service could not be reached",
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the service answered ${response.status}`);
    }
    if (Number(response.headers.get("content-length") ?? 0) > MAX_ANSWER_BYTES) {
      await response.body?.cancel();
      throw new Error("the answer is too large");
    }
    // The body is read under the same timeout (a slow trickle is a slow answer).
    const text = await readLimited(response, MAX_ANSWER_BYTES, () => new Error("the answer is too large"));
    try {
      return JSON.parse(text);
    } catch {
      throw new Error("the answer is not JSON");
    }
  }

  async function gridOf(point: ForecastPoint, now: Date): Promise<Grid | null> {
    const key = pointKey(point);
    const [cached] = await db.select().from(weatherPoint).where(eq(weatherPoint.pointKey, key));
    if (cached && now.getTime() - cached.fetchedAt.getTime() < POINT_CACHE_MS) return cached;
    try {
      const parsed = pointSchema.safeParse(await getJson(`${base}/points/${key}`));
      if (!parsed.success) return cached ?? fail(`points ${key}: not the documented shape`);
      const grid = parsed.data.properties;
      const row = { pointKey: key, ...grid, fetchedAt: now };
      await db
        .insert(weatherPoint)
        .values(row)
        .onConflictDoUpdate({ target: weatherPoint.pointKey, set: row });
      return grid;
    } catch (error) {
      // A grid cell read before is still right (cells move only when NWS redraws them).
      return cached ?? fail(`points ${key}: ${(error as Error).message}`);
    }
  }

  return {
    name: "nws",
    async dailyRain(point, now = new Date()): Promise<DailyRain | null> {
      if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) return null;
      const grid = await gridOf(point, now);
      if (!grid) return null;
      const where = and(
        eq(weatherGrid.gridId, grid.gridId),
        eq(weatherGrid.gridX, grid.gridX),
        eq(weatherGrid.gridY, grid.gridY),
      );
      const [cached] = await db.select().from(weatherGrid).where(where);
      const age = cached ? now.getTime() - cached.fetchedAt.getTime() : Number.POSITIVE_INFINITY;
      if (cached && age < config.cacheMinutes * 60_000)
        return { days: cached.days, readAt: cached.fetchedAt };
      const stale = cached && age < STALE_GRID_MS ? { days: cached.days, readAt: cached.fetchedAt } : null;
      const url = `${base}/gridpoints/${grid.gridId}/${grid.gridX},${grid.gridY}`;
      try {
        const parsed = gridSchema.safeParse(await getJson(url));
        if (!parsed.success) return stale ?? fail(`${url}: not the documented shape`);
        const days = daytimeMaxima(parsed.data.properties.probabilityOfPrecipitation.values);
        const row = { ...grid, days, fetchedAt: now };
        await db
          .insert(weatherGrid)
          .values(row)
          .onConflictDoUpdate({
            target: [weatherGrid.gridId, weatherGrid.gridX, weatherGrid.gridY],
            set: { days, fetchedAt: now },
          });
        return { days, readAt: now };
      } catch (error) {
        return stale ?? fail(`${url}: ${(error as Error).message}`);
      }
    },
  };
}
