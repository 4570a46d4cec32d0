import { describe, expect, it } from "vitest";
import {
  attachmentProblem,
  formatMessageTime,
  isSendKey,
  messagesLabel,
  senderLabel,
  unreadBadge,
} from "./format";

describe("messagesLabel", () => {
  it("says how many are unread, in the badge's words", () => {
    expect(messagesLabel(0)).toBe("Messages");
    expect(messagesLabel(2)).toBe("Messages, 2 unread");
    expect(messagesLabel(9)).toBe("Messages, 9 unread");
    expect(messagesLabel(12)).toBe("Messages, 9+ unread (12)");
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(10)).toBe("9+");
  });
});

describe("formatMessageTime", () => {
  const now = new Date("2026-11-24T18:00:00Z"); // 1:00 PM in Charlotte
  it("gives only the time for today's messages", () => {
    expect(formatMessageTime("2026-11-24T15:40:00Z", now)).toBe("10:40 AM");
  });
  it("gives the day for older ones, on Charlotte's calendar", () => {
    // 2:30 AM UTC on the 24th is still the 23rd in Charlotte.
    expect(formatMessageTime("2026-11-24T02:30:00Z", now)).toBe("Mon, Nov 23, 9:30 PM");
  });
  it("is empty for a broken date", () => {
    expect(formatMessageTime("nope", now)).toBe("");
  });
});

describe("senderLabel", () => {
  it("names the sender, and says when it is our team", () => {
    expect(senderLabel({ mine: true, senderName: "Olivia Bennett", senderRole: "customer" })).toBe("You");
    expect(senderLabel({ mine: false, senderName: "Carlos Mendoza", senderRole: "landscaper" })).toBe(
      "Carlos Mendoza",
    );
    expect(senderLabel({ mine: false, senderName: "Ana Ruiz", senderRole: "admin" })).toBe(
      "Ana Ruiz · GreenScape team",
    );
    expect(senderLabel({ mine: false, senderName: "GreenScape support", senderRole: "admin" })).toBe(
      "GreenScape support",
    );
  });
});

describe("attachmentProblem", () => {
  it("takes JPEG, PNG and WebP up to 10 MB", () => {
    expect(attachmentProblem({ type: "image/jpeg", size: 1000 })).toBeNull();
    expect(attachmentProblem({ type: "image/webp", size: 10 * 1024 * 1024 })).toBeNull();
    expect(attachmentProblem({ type: "image/gif", size: 1000 })).toMatch(/JPEG, PNG or WebP/);
    expect(attachmentProblem({ type: "image/png", size: 10 * 1024 * 1024 + 1 })).toMatch(/10 MB/);
  });
});

describe("isSendKey", () => {
  it("sends on Enter only", () => {
    expect(isSendKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(isSendKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: "a", shiftKey: false })).toBe(false);
  });
});
