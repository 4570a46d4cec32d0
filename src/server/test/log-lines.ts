import { Writable } from "node:stream";

/** One pino line, parsed. */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

/**
 * A destination stream for the app's pino logger that keeps every line, parsed: tests read what an operator
 * would (`logger: { level: "info", stream: logs.stream }`).
 */
export function captureLogs() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString("utf8").split("\n")) if (text.trim()) lines.push(JSON.parse(text));
      done();
    },
  });
  return { lines, stream };
}
