import type { Env } from "../../config/env.js";
import { settingsOrThrow } from "../../config/settings-or-throw.js";
import type { DbOrTx } from "../../db/client.js";
import { type ForecastProvider, noForecast, nwsConfigSchema } from "./forecast-provider.js";
import { nwsForecast } from "./nws-forecast.js";

/** The forecast provider the settings name: NWS with WEATHER_PROVIDER=nws, else none (the embedded default). */
export function createForecastProvider(
  env: Env,
  db: DbOrTx,
  onError?: (message: string) => void,
): ForecastProvider {
  if (env.WEATHER_PROVIDER !== "nws") return noForecast;
  // NWS turns away callers without a contact: refused at start rather than failing every call.
  const config = settingsOrThrow(
    nwsConfigSchema,
    {
      baseUrl: env.WEATHER_NWS_URL,
      userAgent: env.WEATHER_USER_AGENT,
      timeoutMs: env.WEATHER_TIMEOUT_MS,
      cacheMinutes: env.WEATHER_CACHE_MINUTES,
    },
    "WEATHER",
  );
  return nwsForecast(config, db, { onError });
}
