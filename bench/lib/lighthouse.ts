import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { stopOnExit } from "./cleanup.js";
import { repoRoot } from "./server.js";

export const lighthousePages = ["/", "/instant-quote", "/login/client"];
/** Runs per page: a single run varies by about ±5 points, so the median of three is reported. */
export const LIGHTHOUSE_RUNS = 3;

/** One run's headline figures, kept for every run so the spread is visible. */
export interface RunFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface PageFigures {
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the page loads, by Lighthouse's network records (transfer = as sent) and gzip of the same files. */
  js: { files: number; transferKb: number; gzipKb: number };
  css: { files: number; transferKb: number; gzipKb: number };
  /** Audits below full marks outside performance (which the figures above describe), to know what to fix. */
  failing: string[];
  /**
   * Every run of the page in run order (absent in results of before 3 runs); the figures above are those of
   * the median run by performance score.
   */
  runs?: RunFigures[];
}

const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function gzipSizeOf(url: string, baseURL: string): number | null {
  if (!url.startsWith(baseURL)) return null;
  const file = path.join(repoRoot, "build/client", new URL(url).pathname);
  if (!existsSync(file)) return null;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/** One Lighthouse run of one page (mobile defaults) in the Chromium listening on `port`. */
async function runOnce(port: number, baseURL: string, page: string): Promise<PageFigures> {
  const runner = await lighthouse(`${baseURL}${page}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!runner) throw new Error(`Lighthouse gave no result for ${page}`);
  const { lhr } = runner;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items =
    (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const of = (type: string) => {
    const chosen = items.filter((item) => item.resourceType === type);
    return {
      files: chosen.length,
      transferKb: kb(chosen.reduce((n, item) => n + (item.transferSize ?? 0), 0)),
      gzipKb: kb(
        chosen.reduce((n, item) => n + (gzipSizeOf(item.url, baseURL) ?? item.transferSize ?? 0), 0),
      ),
    };
  };
  return {
    path: page,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
    js: of("Script"),
    css: of("Stylesheet"),
    failing: ["accessibility", "best-practices", "seo"].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id}`),
    ),
  };
}

/** The median run by performance score (the earlier run on a tie), with every run's figures attached. */
export function medianRun(runs: PageFigures[]): PageFigures {
  const ranked = runs
    .map((run, order) => ({ run, order }))
    .sort((a, b) => a.run.scores.performance - b.run.scores.performance || a.order - b.order);
  const median = ranked[Math.floor((ranked.length - 1) / 2)]!.run;
  return {
    ...median,
    runs: runs.map((r) => ({
      performance: r.scores.performance,
      lcpMs: r.lcpMs,
      tbtMs: r.tbtMs,
      cls: r.cls,
    })),
  };
}

/**
 * Lighthouse's mobile defaults (simulated slow 4G, 4x CPU) on each page, LIGHTHOUSE_RUNS times, one
 * Chromium for all (Lighthouse resets the page's cache and storage before each run): the median run.
 */
export async function runLighthouse(
  baseURL: string,
  pages: readonly string[] = lighthousePages,
  runs = LIGHTHOUSE_RUNS,
): Promise<PageFigures[]> {
  const chromePath = process.env.CHROME_PATH ?? "/usr/lib/chromium/chromium";
  // Chromium runs in its own process group: the bench's signal handler stops it with everything else.
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, handleSIGINT: false });
  const stop = stopOnExit(async () => chrome.kill());
  const results: PageFigures[] = [];
  try {
    for (const page of pages) {
      const figures: PageFigures[] = [];
      for (let i = 0; i < runs; i++) figures.push(await runOnce(chrome.port, baseURL, page));
      results.push(medianRun(figures));
    }
  } finally {
    await stop();
  }
  return results;
}
