/**
 * The Prometheus text exposition format (version 0.0.4), written here rather than through prom-client: the
 * app needs counters, one histogram and gauges read at scrape time, which is a page of code
 * (docs/decisions/028-operations-metrics.md).
 */

export type Labels = Readonly<Record<string, string>>;

export interface Sample {
  /** Appended to the family's name (a histogram's _bucket, _sum, _count). */
  suffix?: string;
  labels?: Labels;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram";
  samples: Sample[];
}

/** The content type Prometheus asks for and reads. */
export const EXPOSITION_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

const escapeHelp = (text: string) => text.replaceAll("\\", "\\\\").replaceAll("\n", "\\n");
const escapeLabel = (text: string) =>
  text.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

function formatLabels(labels: Labels | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return "";
  return `{${entries.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(",")}}`;
}

/** The families as one exposition text. */
export function exposition(families: readonly Family[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`);
    lines.push(`# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      lines.push(
        `${family.name}${sample.suffix ?? ""}${formatLabels(sample.labels)} ${formatValue(sample.value)}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Label values in the order of the family's label names: one key per series. */
function seriesKey(labelNames: readonly string[], labels: Labels): string {
  return JSON.stringify(labelNames.map((name) => labels[name] ?? ""));
}

function labelsOf(labelNames: readonly string[], key: string): Record<string, string> {
  const values = JSON.parse(key) as string[];
  return Object.fromEntries(labelNames.map((name, i) => [name, values[i] ?? ""]));
}

/** A count that only goes up, per label set, in this process (Prometheus scrapes each instance). */
export class Counter {
  private readonly series = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}

  inc(labels: Labels, by = 1) {
    const key = seriesKey(this.labelNames, labels);
    this.series.set(key, (this.series.get(key) ?? 0) + by);
  }

  family(): Family {
    return {
      name: this.name,
      help: this.help,
      type: "counter",
      samples: [...this.series].map(([key, value]) => ({ labels: labelsOf(this.labelNames, key), value })),
    };
  }
}

/** Observations counted into cumulative buckets, with their sum and count, per label set. */
export class Histogram {
  private readonly series = new Map<string, { buckets: number[]; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    /** Upper bounds, ascending; +Inf is added. */
    readonly bounds: readonly number[],
  ) {}

  observe(labels: Labels, value: number) {
    const key = seriesKey(this.labelNames, labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    for (const [i, bound] of this.bounds.entries()) if (value <= bound) entry.buckets[i]! += 1;
    entry.sum += value;
    entry.count += 1;
  }

  family(): Family {
    const samples: Sample[] = [];
    for (const [key, entry] of this.series) {
      const labels = labelsOf(this.labelNames, key);
      for (const [i, bound] of this.bounds.entries()) {
        samples.push({
          suffix: "_bucket",
          labels: { ...labels, le: String(bound) },
          value: entry.buckets[i]!,
        });
      }
      samples.push({ suffix: "_bucket", labels: { ...labels, le: "+Inf" }, value: entry.count });
      samples.push({ suffix: "_sum", labels, value: entry.sum });
      samples.push({ suffix: "_count", labels, value: entry.count });
    }
    return { name: this.name, help: this.help, type: "histogram", samples };
  }
}

/** A gauge of one value (no labels), read when scraped. */
export function gauge(name: string, help: string, value: number): Family {
  return { name, help, type: "gauge", samples: [{ value }] };
}
