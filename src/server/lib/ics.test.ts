import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCalendar, unescapeText } from "../test/ics-reader.js";
import { type CalendarEvent, escapeText, foldLine, writeCalendar } from "./ics.js";

const event: CalendarEvent = {
  uid: "job-3f1c@greenscapecharlotte.com",
  stamp: new Date("2026-11-28T15:04:05.678Z"),
  when: { day: "2026-12-15" },
  summary: "Lawn Mowing, Edging & Trimming — Queen City Lawn Care",
  location: "600 East Blvd, Apt 3; rear gate, Charlotte, NC 28203",
  description: "Price: $120.00\nNo set time: C:\\Users is not a path, just a backslash.",
  url: "https://greenscape.example/dashboard/customer",
  sequence: 2,
  transparent: true,
};

describe("iCalendar writer", () => {
  it("writes one VEVENT in a VCALENDAR with the properties calendar programs need", () => {
    const file = writeCalendar([event], { productId: "-//GreenScape Charlotte//Bookings//EN" });
    const [calendar, vevent] = parseCalendar(file);
    expect(calendar!.name).toBe("VCALENDAR");
    expect(calendar!.props.get("VERSION")!.value).toBe("2.0");
    expect(calendar!.props.get("PRODID")!.value).toBe("-//GreenScape Charlotte//Bookings//EN");
    expect(calendar!.props.get("METHOD")!.value).toBe("PUBLISH");
    expect(vevent!.name).toBe("VEVENT");
    const prop = (name: string) => vevent!.props.get(name)!;
    expect(prop("UID").value).toBe(event.uid);
    expect(prop("DTSTAMP").value).toBe("20261128T150405Z");
    // All day: a DATE, and an exclusive end on the next day (across a month's end too).
    expect(prop("DTSTART")).toEqual({ params: ["VALUE=DATE"], value: "20261215" });
    expect(prop("DTEND")).toEqual({ params: ["VALUE=DATE"], value: "20261216" });
    expect(prop("SEQUENCE").value).toBe("2");
    expect(unescapeText(prop("SUMMARY").value)).toBe(event.summary);
    expect(unescapeText(prop("LOCATION").value)).toBe(event.location);
    expect(unescapeText(prop("DESCRIPTION").value)).toBe(event.description);
    expect(prop("URL").value).toBe(event.url);
    expect(prop("TRANSP").value).toBe("TRANSPARENT");
    expect(prop("STATUS").value).toBe("CONFIRMED");
  });

  it("ends the all-day event on the next day at a month's and a year's end", () => {
    const file = writeCalendar([{ ...event, when: { day: "2026-12-31" } }], { productId: "-//x//EN" });
    expect(parseCalendar(file)[1]!.props.get("DTEND")!.value).toBe("20270101");
  });

  it("writes a timed event in UTC", () => {
    const start = new Date("2026-12-15T13:00:00Z");
    const end = new Date("2026-12-15T15:30:00Z");
    const file = writeCalendar([{ ...event, when: { start, end } }], { productId: "-//x//EN" });
    const vevent = parseCalendar(file)[1]!;
    expect(vevent.props.get("DTSTART")).toEqual({ params: [], value: "20261215T130000Z" });
    expect(vevent.props.get("DTEND")).toEqual({ params: [], value: "20261215T153000Z" });
  });

  it("escapes backslash, semicolon, comma and line breaks, and drops control characters", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
    expect(escapeText("tab\there\u0000\u001f\u007f.")).toBe("tab here.");
    expect(escapeText('colon: and "quotes" stay')).toBe('colon: and "quotes" stay');
  });

  it("folds at 75 octets with a leading space, never splitting a UTF-8 character", () => {
    const long = `DESCRIPTION:${"é".repeat(100)}🌱${"a".repeat(80)}`;
    const folded = foldLine(long);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(3);
    for (const [i, line] of physical.entries()) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      if (i > 0) expect(line.startsWith(" ")).toBe(true);
      // Each physical line is valid UTF-8 on its own: nothing was cut in the middle of a character.
      expect(() => new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(line, "utf8"))).not.toThrow();
    }
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
    expect(foldLine("X".repeat(75))).toBe("X".repeat(75));
    expect(foldLine("X".repeat(76))).toBe(`${"X".repeat(75)}\r\n X`);
  });

  it("ends every line with CRLF and has no bare line feed", () => {
    const file = writeCalendar([event], { productId: "-//x//EN" });
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
  });

  it("reads back any text it was given (line breaks normalised, control characters dropped)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), fc.string({ maxLength: 200 }), (a, b) => {
        const text = `${a}\r\n${b}`;
        const file = writeCalendar([{ ...event, summary: text, description: text, location: text }], {
          productId: "-//x//EN",
        });
        for (const line of file.split("\r\n"))
          expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
        const props = parseCalendar(file)[1]!.props;
        const expected = text
          .replace(/\r\n?/g, "\n")
          .replaceAll("\t", " ")
          // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters TEXT may not hold.
          .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
        for (const name of ["SUMMARY", "DESCRIPTION", "LOCATION"])
          expect(unescapeText(props.get(name)!.value)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
