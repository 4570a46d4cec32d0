import { readdirSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { type Family, gauge } from "./exposition.js";

/**
 * The process's own figures under the names prom-client's defaults use (process_*, nodejs_*), so the usual
 * Node.js dashboards read them. The event loop's delay is sampled continuously; each scrape reports the
 * delays since the one before.
 */
export class ProcessMetrics {
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });

  start() {
    this.loopDelay.enable();
  }

  stop() {
    this.loopDelay.disable();
  }

  families(): Family[] {
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    // Nanoseconds; NaN until the first sample (no delay seen yet reads as 0).
    const delay = (value: number) => (Number.isFinite(value) ? value / 1e9 : 0);
    const families = [
      {
        name: "process_cpu_seconds_total",
        help: "CPU time this process has used, by mode.",
        type: "counter" as const,
        samples: [
          { labels: { mode: "user" }, value: cpu.user / 1e6 },
          { labels: { mode: "system" }, value: cpu.system / 1e6 },
        ],
      },
      gauge(
        "process_start_time_seconds",
        "When this process started, in Unix seconds.",
        Math.round(Date.now() / 1000 - process.uptime()),
      ),
      gauge("process_resident_memory_bytes", "Resident memory of this process.", memory.rss),
      gauge("nodejs_heap_size_used_bytes", "V8 heap in use.", memory.heapUsed),
      gauge("nodejs_heap_size_total_bytes", "V8 heap allocated.", memory.heapTotal),
      gauge("nodejs_external_memory_bytes", "Memory of C++ objects bound to JavaScript.", memory.external),
      gauge(
        "nodejs_eventloop_lag_p99_seconds",
        "99th percentile of the event loop's delay since the last scrape.",
        delay(this.loopDelay.percentile(99)),
      ),
      gauge(
        "nodejs_eventloop_lag_max_seconds",
        "Longest event loop delay since the last scrape.",
        delay(this.loopDelay.max),
      ),
    ];
    this.loopDelay.reset();
    const fds = openFileDescriptors();
    if (fds !== null) families.push(gauge("process_open_fds", "Open file descriptors.", fds));
    return families;
  }
}

/** Linux only (/proc); null elsewhere. */
function openFileDescriptors(): number | null {
  try {
    return readdirSync("/proc/self/fd").length;
  } catch {
    return null;
  }
}
