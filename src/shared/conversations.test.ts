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

  // Evasions seen in the second security review (issue 31) and their cousins: each is hidden whole.
  it.each([
    "704/555/0123",
    "704_555_0123",
    "704,555,0123",
    "704 / 555 / 0123",
    "704*555*0123",
    "704~555~0123",
    "704:555:0123",
    "704|555|0123",
    "(704)\u2013555\u20130123",
    "704\u2014555\u20140123",
    "704\u200B555\u200B0123",
    "704\u00AD555\u00AD0123",
    "704\u00A0555\u00A00123",
    "seven zero four five five five zero one two three",
    "Seven-Zero-Four five five five oh one two three",
    "seven oh four, five five five, oh one two three",
    "SEVEN ZERO FOUR 555 0123",
    "7 zero 4 five 5 5 0 one 2 3",
    "704-5five5-0123",
    "\uFF17\uFF10\uFF14\uFF0D\uFF15\uFF15\uFF15\uFF0D\uFF10\uFF11\uFF12\uFF13",
    "\uFF0B\uFF11 \uFF17\uFF10\uFF14 \uFF15\uFF15\uFF15 \uFF10\uFF11\uFF12\uFF13",
    "\u0667\u0660\u0664\u0665\u0665\u0665\u0660\u0661\u0662\u0663",
    "\u06F7\u06F0\u06F4 \u06F5\u06F5\u06F5 \u06F0\u06F1\u06F2\u06F3",
    "\u096D\u0966\u096A\u096B\u096B\u096B\u0966\u0967\u0968\u0969",
    "\u2466\u24EA\u2463\u2464\u2464\u2464\u24EA\u2460\u2461\u2462",
    "\u{1D7D5}\u{1D7CE}\u{1D7D2}\u{1D7D3}\u{1D7D3}\u{1D7D3}\u{1D7CE}\u{1D7CF}\u{1D7D0}\u{1D7D1}",
    "7o4 555 o123",
    "7O4-555-O123",
    "7o4.555.Ol23",
    "7 o 4 5 5 5 o 1 2 3",
    "me\uFF20example\uFF0Ecom",
    "\uFF4D\uFF45\uFF20\uFF45\uFF58\uFF41\uFF4D\uFF50\uFF4C\uFF45\uFF0E\uFF43\uFF4F\uFF4D",
    "me{at}example{dot}com",
    "me<at>example<dot>com",
    "me (at) example (dot) com",
    "me AT example DOT com",
    "m e @ e x a m p l e . c o m",
    "j o h n at g m a i l dot c o m",
    "me\u200B@example.com",
    "me@exa\u200Bmple.com",
    "m\u0435@example.com",
    "me@\u0435xample.com",
    "me\uFE6Bexample.com",
  ])("hides the evasion %j whole", (text) => {
    expect(maskContacts(text)).toEqual({ text: MASK, masked: true });
  });

  it.each([
    ["Call me on seven zero four 555 0123 after five", `Call me on ${MASK} after five`],
    ["text me: 704/555/0123, thanks", `text me: ${MASK}, thanks`],
    ["mail m e @ e x a m p l e . c o m please", `mail ${MASK} please`],
  ])("hides only the contact in %j", (text, expected) => {
    expect(maskContacts(text)).toEqual({ text: expected, masked: true });
  });

  it.each([
    "See you on 2026-11-20 10:40",
    "Between 11/20/2026 and 11/27/2026",
    "Dates: 11/20, 11/27, 12/4, 12/11",
    "Either 2026-11-20, 2026-11-27 or 2026-12-04",
    "I'll be there at 10:30, 11:45 or 14:00",
    "Nov 20, 2026 at 9:30",
    "$1,200, $1,500 or $2,000",
    "2 weeks from now, then every 2 weeks, 3 times",
    "I serve 28203, 28204 and 28205",
    "ZIP 28203 28207 28209",
    "The lot is 120 x 80 ft, about 9,600 sq ft",
    "Oh, one more thing: two or three bags of mulch",
    "Order 12345 of 2026",
    "It's 4 o'clock",
    "Look at the back yard, the gate dot is red",
  ])("leaves the ordinary %j alone", (text) => {
    expect(maskContacts(text)).toEqual({ text, masked: false });
  });
});
