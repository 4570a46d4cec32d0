import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arcgisParcels } from "../../lib/parcels/arcgis-parcels.js";
import { noParcels, ParcelLookupError } from "../../lib/parcels/parcel-provider.js";
import { useTestApp } from "../../test/build-test-app.js";
import { lookupLot } from "./parcel-lookup.js";

/*
 * A local HTTP peer that answers as an ArcGIS REST layer's `query` does (f=json): a feature set of attributes,
 * or `{ error }` with HTTP 200. It records what it was asked. Module-level: it starts before any app is built.
 */
let server: Server;
let base: string;
const asked: URLSearchParams[] = [];
// By normalised site address: what the layer holds (acres), or how it misbehaves.
const layer: Record<string, number | "two" | "slow" | "garbage" | "error" | "huge"> = {
  "600 EAST BLVD": 0.27,
  "12 OAK ST": "two",
  "5 SLOW RD": "slow",
  "7 BAD WAY": "garbage",
  "9 ERR CT": "error",
  "11 BIG LN": "huge",
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://peer");
    if (url.pathname !== "/arcgis/rest/services/Parcels/FeatureServer/0/query") {
      res.writeHead(404).end();
      return;
    }
    asked.push(url.searchParams);
    const match = /UPPER\(SITE_ADDR\) = '((?:[^']|'')*)'/.exec(url.searchParams.get("where") ?? "");
    const entry = match ? layer[match[1]!.replaceAll("''", "'")] : undefined;
    const json = (body: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (entry === "slow") return void setTimeout(() => json({ features: [] }), 2_000);
    if (entry === "garbage") return void res.end("<html>maintenance</html>");
    if (entry === "error") return json({ error: { code: 400, message: "Invalid query", details: [] } });
    if (entry === "huge") return json({ features: [], padding: "x".repeat(300 * 1024) });
    if (entry === "two")
      return json({ features: [{ attributes: { ACRES: 0.1 } }, { attributes: { ACRES: 0.12 } }] });
    json({
      objectIdFieldName: "OBJECTID",
      fields: [{ name: "ACRES", type: "esriFieldTypeDouble" }],
      features: typeof entry === "number" ? [{ attributes: { ACRES: entry } }] : [],
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/arcgis/rest/services/Parcels/FeatureServer/0`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("parcel lookup through an ArcGIS REST layer", () => {
  const t = useTestApp();
  const provider = () =>
    arcgisParcels({
      url: base,
      addressField: "SITE_ADDR",
      zipField: "ZIP",
      areaField: "ACRES",
      areaUnit: "acres",
      timeoutMs: 500,
      source: "From county records",
    });

  it("asks with the documented parameters and turns acres into square feet", async () => {
    const lot = await provider().lookup({ address: "600 East Blvd.", zipCode: "28203" });
    expect(lot).toEqual({ lotSqFt: 11_761, source: "From county records" });
    const params = asked.at(-1)!;
    expect(params.get("f")).toBe("json");
    expect(params.get("outFields")).toBe("ACRES");
    expect(params.get("returnGeometry")).toBe("false");
    expect(params.get("where")).toBe("UPPER(SITE_ADDR) = '600 EAST BLVD' AND ZIP = '28203'");
  });

  it("no match, two matches and a zero area are 'no answer'; a quote in the address cannot break the where", async () => {
    expect(await provider().lookup({ address: "1 Nowhere Ave", zipCode: "28203" })).toBeNull();
    expect(await provider().lookup({ address: "12 Oak St", zipCode: "28203" })).toBeNull();
    // Punctuation is dropped before the where clause is written: no quote reaches it.
    await provider().lookup({ address: "1' OR '1'='1", zipCode: "28203" });
    expect(asked.at(-1)!.get("where")).toBe("UPPER(SITE_ADDR) = '1 OR 1 1' AND ZIP = '28203'");
    expect(await provider().lookup({ address: "x".repeat(201), zipCode: "28203" })).toBeNull();
  });

  it("fails with a typed reason on a timeout, a non-JSON page, an error object and an oversized answer", async () => {
    const reason = (address: string) =>
      provider()
        .lookup({ address, zipCode: "28203" })
        .then(
          () => "answered",
          (error: unknown) => (error instanceof ParcelLookupError ? error.reason : String(error)),
        );
    expect(await reason("5 Slow Rd")).toBe("timeout");
    expect(await reason("7 Bad Way")).toBe("malformed");
    expect(await reason("9 Err Ct")).toBe("service");
    expect(await reason("11 Big Ln")).toBe("too_large");
  });

  it("caches per normalised address: the layer is asked once; a failure is not cached and never fails the quote", async () => {
    const db = t.database.db;
    const before = asked.length;
    const first = await lookupLot({ db, provider: provider(), address: "600 east blvd", zipCode: "28203" });
    const second = await lookupLot({ db, provider: provider(), address: "600 EAST BLVD.", zipCode: "28203" });
    expect(first).toEqual({ lot: { lotSqFt: 11_761, source: "From county records" }, from: "provider" });
    expect(second).toEqual({ lot: first.lot, from: "cache" });
    expect(asked.length - before).toBe(1);
    // Half a year later the layer is asked again.
    const later = new Date(Date.now() + 181 * 86_400_000);
    expect(
      (await lookupLot({ db, provider: provider(), address: "600 East Blvd", zipCode: "28203", now: later }))
        .from,
    ).toBe("provider");

    const failed = await lookupLot({ db, provider: provider(), address: "5 Slow Rd", zipCode: "28203" });
    expect(failed).toEqual({ lot: null, from: "none" });
    const again = asked.length;
    await lookupLot({ db, provider: provider(), address: "5 Slow Rd", zipCode: "28203" });
    expect(asked.length).toBe(again + 1);
    // The embedded default has no parcel data and asks nobody.
    expect(await lookupLot({ db, provider: noParcels, address: "600 East Blvd", zipCode: "28203" })).toEqual({
      lot: null,
      from: "none",
    });
  });
});

describe("the parcel provider the settings name", () => {
  it("is none without a URL, ArcGIS with one, and refuses a field name that is not a plain identifier", async () => {
    const { loadEnv } = await import("../../config/env.js");
    const { createParcelProvider } = await import("../../lib/parcels/create-parcels.js");
    expect(createParcelProvider(loadEnv({ NODE_ENV: "test" })).name).toBe("none");
    expect(
      createParcelProvider(
        loadEnv({ NODE_ENV: "test", PARCEL_ARCGIS_URL: "https://gis.example/FeatureServer/0" }),
      ).name,
    ).toBe("arcgis");
    expect(() =>
      createParcelProvider(
        loadEnv({
          NODE_ENV: "test",
          PARCEL_ARCGIS_URL: "https://gis.example/FeatureServer/0",
          PARCEL_AREA_FIELD: "ACRES) OR (1=1",
        }),
      ),
    ).toThrow(/areaField/);
  });
});

describe("GET /api/quotes/lot", () => {
  const t = useTestApp(() => ({
    PARCEL_ARCGIS_URL: base,
    PARCEL_ADDRESS_FIELD: "SITE_ADDR",
    PARCEL_ZIP_FIELD: "ZIP",
    PARCEL_TIMEOUT_MS: "500",
  }));
  const lot = (query: string) => t.app.inject({ url: `/api/quotes/lot?${query}` });

  it("answers a visitor with the lot and its tier, null when the records have none, and a clear refusal for bad input", async () => {
    const found = await lot("address=600%20East%20Blvd&zipCode=28203");
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ lot: { lotSqFt: 11_761, tier: "m", source: "From county records" } });
    // A service that fails does not fail the form: no answer, 200.
    const slow = await lot("address=5%20Slow%20Rd&zipCode=28203");
    expect(slow.statusCode).toBe(200);
    expect(slow.json()).toEqual({ lot: null });
    const bad = await lot(`address=${"x".repeat(201)}&zipCode=2820`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.address).toBe("Please keep the address under 200 characters.");
  });
});
