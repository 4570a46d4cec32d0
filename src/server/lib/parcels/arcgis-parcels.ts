import { z } from "zod";
import { readLimited } from "../read-limited.js";
import {
  type ArcgisParcelConfig,
  normaliseAddress,
  ParcelLookupError,
  type ParcelLot,
  type ParcelProvider,
  type ParcelQuery,
  SQ_FT_PER_ACRE,
} from "./parcel-provider.js";

/** A parcel layer's answer is a handful of attributes: anything bigger is not the answer asked for. */
const MAX_ANSWER_BYTES = 256 * 1024;

/*
 * The documented shapes of a FeatureServer/MapServer layer's `query` with f=json: a feature set
 * `{ features: [{ attributes: {…} }] }`, or, with HTTP 200 all the same, `{ error: { code, message } }`.
 */
const featureSetSchema = z.object({
  features: z.array(z.object({ attributes: z.record(z.string(), z.unknown()) })).max(50),
});
const errorSchema = z.object({ error: z.object({ code: z.number(), message: z.string().max(2000) }) });

/** SQL string literal for the layer's `where`: single quotes doubled (the only escape the standard has). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Looks a lot up in an ArcGIS REST parcel layer by its site address (and ZIP, when the layer has one). */
export function arcgisParcels(config: ArcgisParcelConfig, fetchImpl: typeof fetch = fetch): ParcelProvider {
  return {
    name: "arcgis",
    async lookup(query: ParcelQuery): Promise<ParcelLot | null> {
      const address = normaliseAddress(query.address);
      if (!address || !/^\d{5}$/.test(query.zipCode)) return null;
      const where = [
        `UPPER(${config.addressField}) = ${literal(address)}`,
        ...(config.zipField ? [`${config.zipField} = ${literal(query.zipCode)}`] : []),
      ].join(" AND ");
      const params = new URLSearchParams({
        where,
        outFields: config.areaField,
        returnGeometry: "false",
        resultRecordCount: "2",
        f: "json",
      });
      let response: Response;
      try {
        response = await fetchImpl(`${config.url.replace(/\/+$/, "")}/query?${params}`, {
          signal: AbortSignal.timeout(config.timeoutMs),
          headers: { accept: "application/json" },
        });
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new ParcelLookupError(
          timedOut ? `No answer within ${config.timeoutMs} ms` : "The parcel service could not be reached",
          timedOut ? "timeout" : "http",
        );
      }
      if (!response.ok) throw new ParcelLookupError(`The parcel service answered ${response.status}`, "http");
      const declared = Number(response.headers.get("content-length") ?? 0);
      if (declared > MAX_ANSWER_BYTES)
        throw new ParcelLookupError("The parcel answer is too large", "too_large");
      const text = await readLimited(
        response,
        MAX_ANSWER_BYTES,
        () => new ParcelLookupError("The parcel answer is too large", "too_large"),
      );
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ParcelLookupError("The parcel answer is not JSON", "malformed");
      }
      const failed = errorSchema.safeParse(body);
      if (failed.success) throw new ParcelLookupError(failed.data.error.message, "service");
      const set = featureSetSchema.safeParse(body);
      if (!set.success) throw new ParcelLookupError("The parcel answer is not a feature set", "malformed");
      // Two parcels at one address (a duplex split, a typo in the records): no guess.
      if (set.data.features.length !== 1) return null;
      const area = Number(set.data.features[0]!.attributes[config.areaField]);
      if (!Number.isFinite(area) || area <= 0) return null;
      const lotSqFt = Math.round(config.areaUnit === "acres" ? area * SQ_FT_PER_ACRE : area);
      return { lotSqFt, source: config.source };
    },
  };
}
