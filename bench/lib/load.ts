import autocannon from "autocannon";

export interface LoadFigures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Latency percentile (ms) of sorted samples, nearest rank. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank]! * 100) / 100;
}

function figures(latencies: number[], seconds: number, errors: number): LoadFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: Math.round((sorted.length / seconds) * 10) / 10,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
  };
}

export interface HttpTarget {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

async function cannon(target: HttpTarget, connections: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method ?? "GET",
        headers: target.headers ?? {},
        ...(target.body === undefined ? {} : { body: target.body }),
        connections,
        duration: seconds,
        timeout: 30,
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
    // autocannon reports p97.5 but not p95: every response time is kept and ranked here instead.
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else errors++;
    });
  });
  errors += result.errors + result.timeouts;
  return { latencies, errors, seconds: result.duration || seconds };
}

/** HTTP load at a fixed concurrency after a warm-up; non-2xx answers count as errors, not as requests. */
export async function measureHttp(
  target: HttpTarget,
  options: { connections: number; seconds: number; warmupSeconds: number },
) {
  if (options.warmupSeconds > 0) await cannon(target, options.connections, options.warmupSeconds);
  const run = await cannon(target, options.connections, options.seconds);
  return figures(run.latencies, run.seconds, run.errors);
}

/**
 * The same load shape without autocannon: `connections` workers each calling `once` back to back (the
 * direct-SQL ceilings; the payment captures, whose every request needs a job of its own). A call that throws
 * counts as an error, not as a request.
 */
export async function measureDirect(
  once: () => Promise<void>,
  options: { connections: number; seconds: number; warmupSeconds: number },
  what = "direct query",
) {
  async function run(seconds: number) {
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          try {
            await once();
            latencies.push(performance.now() - t0);
          } catch (error) {
            if (errors++ === 0) console.warn(`  ${what} failed: ${(error as Error).message}`);
          }
        }
      }),
    );
    return { latencies, errors, seconds: (performance.now() - started) / 1000 };
  }
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  const measured = await run(options.seconds);
  return figures(measured.latencies, measured.seconds, measured.errors);
}
