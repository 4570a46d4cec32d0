/**
 * What the bench has started and not stopped yet (servers, the two-instance set-up): stopped by the code
 * that started it in a `finally`, and by a signal handler here when the bench itself is interrupted or
 * killed with SIGTERM, so no server, instance or nginx outlives the run.
 */
const running = new Set<() => Promise<void>>();
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    // once: a second signal while stopping gets Node's default (the process ends at once).
    process.once(signal, () => {
      console.error(`\n[bench] ${signal}: stopping ${running.size} started process group(s)`);
      void Promise.allSettled([...running].map((stop) => stop())).then(() => process.exit(130));
    });
  }
}

/** Registers `stop` until it has run; answers the stop to call instead (it unregisters itself). */
export function stopOnExit(stop: () => Promise<void>): () => Promise<void> {
  install();
  let done: Promise<void> | undefined;
  const once = () => {
    done ??= stop().finally(() => running.delete(once));
    return done;
  };
  running.add(once);
  return once;
}
