/** What GET /api/exports/{kind}.csv serves; the ZIP holds all but the analytics. */
export type CsvExportKind =
  | "clients"
  | "landscapers"
  | "jobs"
  | "ratings"
  | "analytics"
  | "payments"
  | "audit";

/** Spec 02 §9: {kind}_export_YYYY-MM-DD.csv, the date being the Charlotte calendar day. */
export function exportFileName(kind: CsvExportKind, date: string): string {
  return `${kind}_export_${date}.csv`;
}

export function reportsZipName(date: string): string {
  return `greenscape_reports_${date}.zip`;
}

/** The answer to an export with nothing in it (404). */
export const NO_DATA_CODE = "no_data";
export const noDataMessage = "There are no records available for export.";

/** How many data rows an export holds, sent before the body so the screen can say it. */
export const RECORD_COUNT_HEADER = "x-record-count";
