/**
 * iCalendar files (RFC 5545) for calendar programs: one VCALENDAR of VEVENTs, lines ended by CRLF and folded
 * at 75 octets, TEXT values escaped. Written by hand: the format is small, and what a visit needs of it
 * (an all-day or a timed event, a stable UID) is a few properties.
 */

export interface CalendarEvent {
  /** Globally unique and stable: the same UID again updates the entry instead of adding a second one. */
  uid: string;
  /** When this copy of the event was made (DTSTAMP). */
  stamp: Date;
  /** A whole day (yyyy-mm-dd, VALUE=DATE) or an instant range written in UTC. */
  when: { day: string } | { start: Date; end: Date };
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  /** Raised each time the event's date changes, so calendars take the newer copy. */
  sequence?: number;
  /** TRANSPARENT: shown without making the person look busy (nobody needs to be home for the visit). */
  transparent?: boolean;
}

const CRLF = "\r\n";
/** RFC 5545 §3.1: content lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/**
 * Escapes a TEXT value (§3.3.11): backslash, semicolon and comma get a backslash, a line break becomes `\n`.
 * A tab becomes a space; other control characters are not allowed in TEXT and are dropped (a pasted address
 * can carry them).
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      .replaceAll("\t", " ")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed.
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\n/g, "\\n")
  );
}

/**
 * Folds one content line (§3.1): at most 75 octets per physical line, each continuation starting with one
 * space (which counts toward its 75). A multi-byte UTF-8 character is never split across lines.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 20261215T140500Z */
function utcStamp(at: Date): string {
  return (
    `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}` +
    `T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`
  );
}

/** yyyy-mm-dd as a DATE value, and the day after it (DTEND of an all-day event is exclusive). */
function dateValue(day: string): string {
  return day.replaceAll("-", "");
}
function dayAfter(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function eventLines(event: CalendarEvent): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${escapeText(event.uid)}`, `DTSTAMP:${utcStamp(event.stamp)}`];
  if ("day" in event.when) {
    lines.push(
      `DTSTART;VALUE=DATE:${dateValue(event.when.day)}`,
      `DTEND;VALUE=DATE:${dateValue(dayAfter(event.when.day))}`,
    );
  } else {
    lines.push(`DTSTART:${utcStamp(event.when.start)}`, `DTEND:${utcStamp(event.when.end)}`);
  }
  if (event.sequence !== undefined) lines.push(`SEQUENCE:${event.sequence}`);
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  // A URI value, not TEXT: it is not escaped (§3.3.13), and ours never holds a comma or semicolon.
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push("STATUS:CONFIRMED", `TRANSP:${event.transparent ? "TRANSPARENT" : "OPAQUE"}`, "END:VEVENT");
  return lines;
}

/** A whole calendar file: METHOD:PUBLISH (a copy to keep, not an invitation to answer). */
export function writeCalendar(events: CalendarEvent[], options: { productId: string }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${options.productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The content type calendar programs open, with the method the file declares. */
export const calendarContentType = "text/calendar; charset=utf-8; method=PUBLISH";
