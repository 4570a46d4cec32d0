import type { Env } from "../../config/env.js";
import { settingsOrThrow } from "../../config/settings-or-throw.js";
import { arcgisParcels } from "./arcgis-parcels.js";
import { arcgisParcelConfigSchema, noParcels, type ParcelProvider } from "./parcel-provider.js";

/** The parcel provider the settings name: ArcGIS with PARCEL_ARCGIS_URL, else none (the embedded default). */
export function createParcelProvider(env: Env): ParcelProvider {
  if (!env.PARCEL_ARCGIS_URL) return noParcels;
  // Field names go into the layer's where clause: only plain identifiers, refused at start otherwise.
  const config = settingsOrThrow(
    arcgisParcelConfigSchema,
    {
      url: env.PARCEL_ARCGIS_URL,
      addressField: env.PARCEL_ADDRESS_FIELD,
      zipField: env.PARCEL_ZIP_FIELD,
      areaField: env.PARCEL_AREA_FIELD,
      areaUnit: env.PARCEL_AREA_UNIT,
      timeoutMs: env.PARCEL_TIMEOUT_MS,
      source: env.PARCEL_SOURCE,
    },
    "PARCEL",
  );
  return arcgisParcels(config);
}
