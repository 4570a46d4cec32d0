import type { Db } from "../../src/server/db/client.js";
import { jobsSource } from "../../src/server/features/exports/sources.js";
import { rssBytes } from "./server.js";

export interface ExportFigures {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  memoryGrowthMb: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * GET /api/exports/jobs.csv read to its end while the server's resident memory is sampled every 20 ms:
 * growth is the peak minus the figure just before the request.
 */
export async function measureExport(baseURL: string, cookie: string, pid: number): Promise<ExportFigures> {
  const before = rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch {
      // the process went away; the request below fails too
    }
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(`${baseURL}/api/exports/jobs.csv`, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`jobs.csv answered ${response.status}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssBytes(pid));
  const seconds = (performance.now() - started) / 1000;
  const rows = lines - 1;
  return {
    rows,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(rows / seconds),
    bytes,
    rssBeforeMb: mb(before),
    rssPeakMb: mb(peak),
    memoryGrowthMb: mb(peak - before),
  };
}

/**
 * The export's ceiling: the export's own count and row queries (its source, as the route builds it) on the
 * same driver, without CSV formatting or HTTP.
 */
export async function measureExportDirect(
  db: Db,
): Promise<{ rows: number; seconds: number; rowsPerSecond: number }> {
  const source = jobsSource(db, { q: "", status: "all" });
  const started = performance.now();
  await source.count();
  let rows = 0;
  for await (const _row of source.rows()) rows++;
  const seconds = (performance.now() - started) / 1000;
  return { rows, seconds: Math.round(seconds * 100) / 100, rowsPerSecond: Math.round(rows / seconds) };
}
