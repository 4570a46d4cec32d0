import { expect } from "vitest";

/**
 * Reads a calendar file back the way RFC 5545 says a reader must: unfold (a CRLF followed by a space or tab
 * is removed), split at CRLF, take NAME;PARAMS:VALUE. Written apart from the writer (lib/ics.ts), so a
 * mistake would have to be made twice to pass.
 */
export function parseCalendar(file: string) {
  const unfolded = file.replace(/\r\n[ \t]/g, "");
  const lines = unfolded.split("\r\n");
  expect(lines.at(-1)).toBe("");
  const components: { name: string; props: Map<string, { params: string[]; value: string }> }[] = [];
  const stack: string[] = [];
  for (const line of lines.slice(0, -1)) {
    const colon = line.indexOf(":");
    const [name = "", ...params] = line.slice(0, colon).split(";");
    const value = line.slice(colon + 1);
    if (name === "BEGIN") {
      stack.push(value);
      components.push({ name: value, props: new Map() });
    } else if (name === "END") {
      expect(stack.pop()).toBe(value);
    } else {
      components.findLast((c) => c.name === stack.at(-1))!.props.set(name, { params, value });
    }
  }
  expect(stack).toEqual([]);
  return components;
}

/** A TEXT value as written, unescaped: `\\` `\;` `\,` and `\n` (or `\N`). */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
}

/** The one VEVENT of a calendar file, its TEXT values unescaped. */
export function onlyEvent(file: string): Record<string, string> {
  const events = parseCalendar(file).filter((c) => c.name === "VEVENT");
  expect(events).toHaveLength(1);
  return Object.fromEntries(
    [...events[0]!.props].map(([name, { params, value }]) => [
      params.length ? `${name};${params.join(";")}` : name,
      unescapeText(value),
    ]),
  );
}
