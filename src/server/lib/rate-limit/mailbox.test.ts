import { describe, expect, it } from "vitest";
import { mailboxOf } from "./mailbox.js";

describe("mailboxOf: the inbox a per-email limit counts", () => {
  it.each([
    ["mbox@example.com", "mbox@example.com"],
    ["Mbox+1@Example.COM", "mbox@example.com"],
    ["mbox+quotes+again@example.com", "mbox@example.com"],
    ["  mbox+x@example.com ", "mbox@example.com"],
    ["mbox+x@example.com.", "mbox@example.com"],
    ["ｍｂｏｘ＋１@example.com", "mbox@example.com"],
    ["first.last@example.com", "first.last@example.com"],
    ["F.i.r.s.t.Last+lawn@gmail.com", "firstlast@gmail.com"],
    ["firstlast@googlemail.com", "firstlast@gmail.com"],
    ["+only@example.com", "+only@example.com"],
    ["no-at-sign", "no-at-sign"],
  ])("%s counts as %s", (email, inbox) => {
    expect(mailboxOf(email)).toBe(inbox);
  });
});
