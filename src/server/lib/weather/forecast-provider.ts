import { z } from "zod";

/**
 * Where the chance of rain comes from, behind one interface (issue 37): the embedded default knows nothing
 * (nothing is flagged); a National Weather Service adapter reads api.weather.gov. A forecast only flags a
 * visit for the landscaper to look at; it never moves one by itself.
 */
export interface ForecastPoint {
  latitude: number;
  longitude: number;
}

export interface DailyRain {
  /** Charlotte date (yyyy-mm-dd) → the highest chance of precipitation over its daytime, in percent. */
  days: Record<string, number>;
  /** When the provider's answer was read (a cached answer keeps its first time). */
  readAt: Date;
}

export interface ForecastProvider {
  readonly name: string;
  /**
   * The daytime chance of rain by day at a point, or null when there is no forecast for it (the embedded
   * default, a place outside the service, or a service that failed): never throws, so a failure flags nothing.
   */
  dailyRain(point: ForecastPoint, now?: Date): Promise<DailyRain | null>;
}

/** The embedded default: no forecast anywhere, so no visit is ever flagged. */
export const noForecast: ForecastProvider = { name: "none", dailyRain: async () => null };

/** The settings of the NWS adapter (env WEATHER_*). */
export const nwsConfigSchema = z.object({
  /** https://api.weather.gov, or a local peer in tests. */
  baseUrl: z.url(),
  /** NWS asks every caller for a User-Agent naming the application and a contact. */
  userAgent: z.string().min(5).max(200),
  timeoutMs: z.number().int().min(100).max(30_000),
  /** How long a grid cell's forecast is reused (NWS updates grids about hourly; at least 15 minutes). */
  cacheMinutes: z
    .number()
    .int()
    .min(15)
    .max(24 * 60),
});
export type NwsConfig = z.infer<typeof nwsConfigSchema>;
