import { describe, expect, it } from "vitest";
import { conversationOfLink, isConversationOpen, markConversationOpen } from "./open-conversation";

describe("open conversation registry", () => {
  it("knows a conversation is open until every screen showing it closes", () => {
    expect(isConversationOpen("job-1")).toBe(false);
    const closeA = markConversationOpen("job-1");
    const closeB = markConversationOpen("job-1");
    expect(isConversationOpen("job-1")).toBe(true);
    closeA();
    closeA();
    expect(isConversationOpen("job-1")).toBe(true);
    closeB();
    expect(isConversationOpen("job-1")).toBe(false);
  });
});

describe("conversationOfLink", () => {
  it("reads the job id of a notification's link", () => {
    expect(conversationOfLink("/dashboard/customer?conversation=abc-123")).toBe("abc-123");
    expect(conversationOfLink("/landscaper-dashboard?tab=dashboard&conversation=j%201")).toBe("j 1");
    expect(conversationOfLink("/admin/resolutions?conversation=x#top")).toBe("x");
  });

  it("is null without one", () => {
    expect(conversationOfLink(null)).toBeNull();
    expect(conversationOfLink("")).toBeNull();
    expect(conversationOfLink("/dashboard/customer")).toBeNull();
    expect(conversationOfLink("/dashboard/customer?conversation=")).toBeNull();
  });
});
