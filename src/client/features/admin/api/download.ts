import { NO_DATA_CODE, RECORD_COUNT_HEADER } from "../../../../shared/exports";
import { ApiError, apiErrorOf } from "../../../lib/api-client";

export interface DownloadedFile {
  fileName: string;
  /** Data rows in the file, as the server counted them; null when it did not say. */
  records: number | null;
}

/** "attachment; filename="jobs_export_2026-03-09.csv"" -> jobs_export_2026-03-09.csv */
export function fileNameFromDisposition(header: string | null): string | null {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ?? null;
}

export function isNoData(error: unknown): boolean {
  return error instanceof ApiError && error.code === NO_DATA_CODE;
}

/**
 * Downloads an export through fetch -> blob -> object URL rather than a plain link, so the screen knows
 * when it is done (or refused) and can say so. The server names the file; `fallbackName` is a safety net.
 */
export async function downloadExport(url: string, fallbackName: string): Promise<DownloadedFile> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) {
    throw apiErrorOf(response.status, await response.json().catch(() => ({})));
  }
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get("content-disposition")) ?? fallbackName;
  const records = response.headers.get(RECORD_COUNT_HEADER);
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers still read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(href), 30_000);
  return { fileName, records: records === null ? null : Number(records) };
}
