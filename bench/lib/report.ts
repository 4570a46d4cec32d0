import { readFileSync } from "node:fs";
import os from "node:os";
import type { Engine } from "../../src/server/db/client.js";
import type { AlertScaleResult } from "./alert-scale.js";
import type { CaptureResult } from "./captures.js";
import type { ExportFigures } from "./export.js";
import type { PageFigures } from "./lighthouse.js";
import type { LoadFigures } from "./load.js";
import type { SeedFigures } from "./seed.js";
import type { TwoInstanceResult } from "./two-instances.js";

export interface EndpointResult {
  key: string;
  label: string;
  http: LoadFigures;
  direct: LoadFigures;
  /** HTTP throughput over the direct-SQL ceiling's, and over the bare route's. */
  ratioToDirect: number;
  ratioToBare: number;
  plans?: string[];
  /** The scenario's prepare step's line (Admin → Health: how long one count took), when it has one. */
  note?: string;
}

export interface ScaleResult {
  engine: Engine;
  jobs: number;
  finishedAt: string;
  machine: Machine;
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; quick: boolean };
  seed: SeedFigures;
  bare: LoadFigures;
  endpoints: EndpointResult[];
  export: {
    http: ExportFigures;
    direct: { rows: number; seconds: number; rowsPerSecond: number };
    ratioToDirect: number;
  };
  lighthouse?: PageFigures[];
  /** Quote POST with 1,000 and 10,000 landscapers covering the quote's ZIP (absent in older results). */
  alertScale?: AlertScaleResult[];
  /** Payment captures through the approve-work route, and the ledger checked after (absent in older results). */
  captures?: CaptureResult;
  /** Issue 33 item 15: the slow actions answered 200 and the jobs they moved, counted after (absent in older results). */
  slowActions?: { approved: number; booked: number; reportsSent: number; reported: number };
  /** Issue 35: the available pros' candidates and what the booking POSTs did (absent in older results). */
  instantBooking?: InstantBookingSummary;
  /** A few routes with one and two instances behind nginx, PostgreSQL only (absent in older results). */
  twoInstances?: TwoInstanceResult;
}

export interface InstantBookingSummary {
  /** Approved instant pros covering the available-pros request's ZIP: the candidates every GET ranks. */
  candidates: number;
  /** The pros the booking POSTs went to, the requests seeded for them, and what the database says after. */
  pros: number;
  seeded: number;
  answered: number;
  booked: number;
  held: number;
  overfilled: number;
  exhausted: boolean;
}

export interface Machine {
  nproc: number;
  cpu: string;
  memoryGb: number;
  node: string;
  database: string;
}

export function machine(database: string): Machine {
  let cpu = os.cpus()[0]?.model ?? "unknown";
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpu;
  } catch {
    // not Linux: os.cpus() already answered
  }
  return {
    nproc: os.availableParallelism(),
    cpu,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    database,
  };
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : 0);

export { ratio };

function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  return [
    line(cells[0]!),
    `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
    ...cells.slice(1).map(line),
  ].join("\n");
}

const n = (value: number) => (value >= 100 ? Math.round(value).toLocaleString("en-US") : String(value));

export function scaleTable(result: ScaleResult): string {
  const rows: (string | number)[][] = [
    [
      "Bare route GET /api/health/live",
      n(result.bare.rps),
      result.bare.p50,
      result.bare.p95,
      result.bare.p99,
      "–",
      "–",
      "–",
      "1.00",
    ],
  ];
  for (const e of result.endpoints) {
    // No request finished inside the window: there is no latency to show, only that.
    const none = e.http.requests === 0 ? "no answer" : null;
    rows.push([
      e.label,
      n(e.http.rps),
      none ?? e.http.p50,
      none ?? e.http.p95,
      none ?? e.http.p99,
      n(e.direct.rps),
      e.direct.p95,
      e.ratioToDirect.toFixed(2),
      e.ratioToBare >= 0.001 || e.ratioToBare === 0 ? e.ratioToBare.toFixed(3) : String(e.ratioToBare),
    ]);
  }
  const ex = result.export;
  const exportLine = `CSV export of ${ex.http.rows.toLocaleString("en-US")} jobs: ${ex.http.rowsPerSecond.toLocaleString("en-US")} rows/s over HTTP (${ex.http.seconds} s, ${(ex.http.bytes / 1024 / 1024).toFixed(1)} MB), ${ex.direct.rowsPerSecond.toLocaleString("en-US")} rows/s straight through the driver (×${ex.ratioToDirect.toFixed(2)}); server memory ${ex.http.rssBeforeMb} → peak ${ex.http.rssPeakMb} MB (growth ${ex.http.memoryGrowthMb} MB)`;
  for (const a of result.alertScale ?? []) {
    rows.push([
      `Quote POST, ${a.landscapers.toLocaleString("en-US")} landscapers in its ZIP`,
      n(a.http.rps),
      a.http.p50,
      a.http.p95,
      a.http.p99,
      "–",
      "–",
      "–",
      (a.http.rps / result.bare.rps).toFixed(3),
    ]);
  }
  const captures = result.captures;
  if (captures) {
    const none = captures.http.requests === 0 ? "no answer" : null;
    rows.push([
      "Payment capture (POST approve-work, test processor), captures/s",
      n(captures.http.rps),
      none ?? captures.http.p50,
      none ?? captures.http.p95,
      none ?? captures.http.p99,
      "–",
      "–",
      "–",
      (captures.http.rps / result.bare.rps).toFixed(3),
    ]);
  }
  return [
    `${result.engine} · ${result.jobs.toLocaleString("en-US")} jobs · ${result.settings.connections} connections × ${result.settings.durationSeconds} s`,
    table(
      ["Endpoint", "req/s", "p50 ms", "p95 ms", "p99 ms", "direct req/s", "direct p95", "× direct", "× bare"],
      rows,
    ),
    exportLine,
    ...result.endpoints.flatMap((e) => (e.note ? [e.note] : [])),
    ...(captures ? [captureLine(captures)] : []),
    ...(result.instantBooking ? [instantLine(result.instantBooking)] : []),
  ].join("\n");
}

/** The available pros' candidates and the instant bookings' check, in one line. */
export function instantLine(i: InstantBookingSummary): string {
  const f = (value: number) => value.toLocaleString("en-US");
  return `Instant booking: ${f(i.candidates)} approved instant pros cover the available-pros request's ZIP (each GET ranks them all); ${f(i.seeded)} requests seeded for ${f(i.pros)} pros, ${f(i.answered)} bookings answered 200 (warm-up included)${i.exhausted ? " (ran out of seeded requests: the rate is a floor)" : ""}; afterwards ${f(i.booked)} booked at once, ${f(i.held)} with a hold, ${f(i.overfilled)} pro days over capacity`;
}

/** What the capture row's ledger check found, in one line. */
export function captureLine(c: CaptureResult): string {
  const l = c.ledger;
  const failed = Object.entries(c.failures)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");
  return `Payment captures: ${c.seeded.toLocaleString("en-US")} held jobs of ${c.customers} customers seeded, ${c.answered.toLocaleString("en-US")} approvals answered 200 (warm-up included)${failed ? `, ${failed}` : ""}${c.exhausted ? " (ran out of seeded jobs: the rate is a floor)" : ""}; afterwards ${l.approved} approved, ${l.captured} payments captured in full (${l.processorCaptured} at the processor), ${l.ledgerTransactions} job charges in the ledger, ${l.doubled} jobs charged twice, ${l.otherPayments} other payments, ${l.unbalanced} unbalanced, ${l.pending} still pending, ${(l.capturedCents / 100).toFixed(2)} captured = ${(l.processorCents / 100).toFixed(2)} in the processor account: ${l.ok ? "each capture once in the ledger" : "MISMATCH"}`;
}

/** One and two instances side by side, or why the step did not run. */
export function twoInstanceTable(result: ScaleResult): string | null {
  const two = result.twoInstances;
  if (!two) return null;
  if ("skipped" in two) return `Two instances behind nginx: skipped, ${two.skipped}`;
  if ("failed" in two) return `Two instances behind nginx: FAILED, ${two.failed}`;
  const cell = (f: LoadFigures) => (f.requests === 0 ? "no answer" : `${n(f.rps)} (${f.p95})`);
  return [
    `Two instances behind nginx (round robin) · ${result.engine} · ${result.jobs.toLocaleString("en-US")} jobs · ${result.settings.connections} connections × ${result.settings.durationSeconds} s · req/s (p95 ms) · ${result.machine.nproc} cores shared by everything`,
    table(
      ["Route", "1 instance, direct", "1 instance via nginx", "2 instances via nginx", "2 ÷ 1 via nginx"],
      two.routes.map((r) => [
        r.label,
        cell(r.oneDirect),
        cell(r.oneBehindNginx),
        cell(r.twoBehindNginx),
        `×${ratio(r.twoBehindNginx.rps, r.oneBehindNginx.rps)}`,
      ]),
    ),
  ].join("\n");
}

export function changeTable(small: ScaleResult, large: ScaleResult): string {
  const rows: (string | number)[][] = [];
  const bareChange = ratio(large.bare.rps, small.bare.rps);
  rows.push([
    "Bare route",
    `${n(small.bare.rps)} → ${n(large.bare.rps)}`,
    `×${bareChange}`,
    `${small.bare.p95} → ${large.bare.p95}`,
    `×${ratio(large.bare.p95, small.bare.p95)}`,
  ]);
  for (const e of large.endpoints) {
    const s = small.endpoints.find((x) => x.key === e.key);
    if (!s) continue;
    rows.push([
      e.label,
      `${n(s.http.rps)} → ${n(e.http.rps)}`,
      `×${ratio(e.http.rps, s.http.rps)}`,
      `${s.http.p95} → ${e.http.p95}`,
      `×${ratio(e.http.p95, s.http.p95)}`,
    ]);
  }
  rows.push([
    "CSV export rows/s",
    `${n(small.export.http.rowsPerSecond)} → ${n(large.export.http.rowsPerSecond)}`,
    `×${ratio(large.export.http.rowsPerSecond, small.export.http.rowsPerSecond)}`,
    "–",
    "–",
  ]);
  return [
    `${large.engine}: ${small.jobs.toLocaleString("en-US")} → ${large.jobs.toLocaleString("en-US")} jobs`,
    table(["Endpoint", "req/s", "change", "p95 ms", "change"], rows),
  ].join("\n");
}

export interface TargetCheck {
  target: string;
  value: string;
  met: boolean;
}

/** An endpoint none of whose requests finished in the window has no latency to judge: it fails. */
const answered = (e: EndpointResult) => e.http.requests > 0;
const latency = (e: EndpointResult) => (answered(e) ? `${e.http.p95} ms` : "no answer in the window");

/** The issue's targets, judged on one scale (with the smallest scale of the same engine for the 2× rule). */
export function checkTargets(result: ScaleResult, smallest: ScaleResult | undefined): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const by = (key: string) => result.endpoints.find((e) => e.key === key);
  for (const key of ["admin-job-search", "landscaper-queue", "customer-jobs"]) {
    const e = by(key);
    if (!e) continue;
    checks.push({
      target: `${e.label}: p95 ≤ 50 ms`,
      value: latency(e),
      met: answered(e) && e.http.p95 <= 50,
    });
    const s = smallest?.endpoints.find((x) => x.key === key);
    if (s && smallest && smallest.jobs < result.jobs) {
      checks.push({
        target: `${e.label}: p95 ≤ 2× its ${smallest.jobs.toLocaleString("en-US")}-job figure`,
        value: `${s.http.p95} → ${e.http.p95} ms (×${ratio(e.http.p95, s.http.p95)})`,
        met: answered(e) && e.http.p95 <= 2 * s.http.p95,
      });
    }
  }
  const bell = by("notification-bell");
  if (bell)
    checks.push({
      target: "Notification bell: p95 ≤ 10 ms",
      value: latency(bell),
      met: answered(bell) && bell.http.p95 <= 10,
    });
  const quote = by("quote-submission");
  if (quote) {
    checks.push({
      target: "Quote submission, firm-priced: ≥ ½ the direct SQL's throughput",
      value: `${n(quote.http.rps)} vs ${n(quote.direct.rps)} req/s (×${quote.ratioToDirect})`,
      met: quote.ratioToDirect >= 0.5,
    });
  }
  if (result.captures) {
    const l = result.captures.ledger;
    checks.push({
      target: "Payment captures: each approval captured once, in the ledger once, balanced",
      value: `${result.captures.answered} approvals, ${l.captured} captured, ${l.ledgerTransactions} ledger rows, ${l.doubled} doubled`,
      met: l.ok,
    });
  }
  const instant = result.instantBooking;
  if (instant) {
    checks.push({
      target: "Instant booking: each 200 a booking, no pro's day over the visits they take",
      value: `${instant.answered} answered, ${instant.booked} booked, ${instant.overfilled} days over`,
      met: instant.booked === instant.answered && instant.overfilled === 0,
    });
  }
  checks.push({
    target: "CSV export: ≥ 100,000 rows/s",
    value: `${result.export.http.rowsPerSecond.toLocaleString("en-US")} rows/s`,
    met: result.export.http.rowsPerSecond >= 100_000,
  });
  checks.push({
    target: "CSV export: server memory growth < 100 MB",
    value: `${result.export.http.memoryGrowthMb} MB`,
    met: result.export.http.memoryGrowthMb < 100,
  });
  for (const page of result.lighthouse ?? []) {
    const s = page.scores;
    // The pages a search engine must read in full (issue 36: the profiles and their list) need SEO 100.
    const seo = page.path === "/professionals" || page.path.startsWith("/pros/") ? 100 : 95;
    checks.push({
      target: `Lighthouse ${page.path}${page.runs ? ` (median of ${page.runs.length})` : ""}: perf ≥ 95, a11y 100, BP ≥ 95, SEO ${seo === 100 ? "100" : "≥ 95"}, CLS < 0.05`,
      value: `${s.performance}/${s.accessibility}/${s.bestPractices}/${s.seo}, CLS ${page.cls}`,
      met:
        s.performance >= 95 &&
        s.accessibility === 100 &&
        s.bestPractices >= 95 &&
        s.seo >= seo &&
        page.cls < 0.05,
    });
  }
  return checks;
}

export function targetsTable(result: ScaleResult, checks: TargetCheck[]): string {
  return [
    `Targets at ${result.engine} · ${result.jobs.toLocaleString("en-US")} jobs`,
    table(
      ["Target", "Measured", "Met"],
      checks.map((c) => [c.target, c.value, c.met ? "yes" : "NO"]),
    ),
  ].join("\n");
}

export function lighthouseTable(pages: PageFigures[]): string {
  return [
    `Lighthouse 12 (mobile)${pages.some((p) => p.runs) ? `, the median of ${Math.max(...pages.map((p) => p.runs?.length ?? 1))} runs by performance (every run's score in brackets); its LCP, TBT and CLS` : ""}`,
    table(
      [
        "Page",
        "Perf",
        "A11y",
        "BP",
        "SEO",
        "LCP ms",
        "TBT ms",
        "CLS",
        "JS files",
        "JS gzip KB",
        "CSS gzip KB",
      ],
      pages.map((p) => [
        p.path,
        p.runs
          ? `${p.scores.performance} (${p.runs
              .map((r) => r.performance)
              .sort((a, b) => a - b)
              .join(", ")})`
          : p.scores.performance,
        p.scores.accessibility,
        p.scores.bestPractices,
        p.scores.seo,
        p.lcpMs,
        p.tbtMs,
        p.cls,
        p.js.files,
        p.js.gzipKb,
        p.css.gzipKb,
      ]),
    ),
    ...pages
      .filter((p) => p.failing.length > 0)
      .map((p) => `${p.path} below full marks: ${p.failing.join(", ")}`),
  ].join("\n");
}
