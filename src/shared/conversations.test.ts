import { describe, expect, it } from "vitest";
import { MASK, maskContacts } from "./conversations.js";

describe("maskContacts", () => {
  it.each([
    "call me on 704-555-0123",
    "(704) 555 0123",
    "+1 704 555 0123",
    "704.555.0123",
    "704 5550 123",
    "(704)555-0123ext5",
    "7045550123",
    "me@example.com",
    "write to me @ example . com",
    "me (at) example [dot] com",
    "me [at] example [dot] com",
    "first.last at gmail dot com",
  ])("hides %s", (text) => {
    const { text: out, masked } = maskContacts(text);
    expect(masked).toBe(true);
    expect(out).toContain(MASK);
    expect(out).not.toMatch(/\d{3}.{0,3}\d{3}.{0,3}\d{4}|example|gmail/);
  });

  it.each([
    "See you on 2026-11-20 at 10:40",
    "The price is $1,200 for 3 visits",
    "Meet at the gate, the code is 4821",
    "Look at the back yard",
  ])("leaves %s alone", (text) => {
    expect(maskContacts(text)).toEqual({ text, masked: false });
  });

  it("gets through hostile input of the longest message (bounded patterns: no catastrophic backtracking)", () => {
    const hostile = `${"1 ".repeat(999)}x${"a at b dot ".repeat(150)}`.slice(0, 2000);
    const { text, masked } = maskContacts(hostile);
    expect(masked).toBe(true);
    expect(text).not.toMatch(/(?:\d\s){10}/);
  });
});
