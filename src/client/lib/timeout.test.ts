import { afterEach, describe, expect, it, vi } from "vitest";
import { withTimeout } from "./timeout";

describe("withTimeout", () => {
  afterEach(() => vi.useRealTimers());

  it("answers with the promise when it settles first, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    const answer = withTimeout(Promise.resolve("loaded"), 3000, () => "timed-out" as const);
    await expect(answer).resolves.toBe("loaded");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes on the promise's own failure", async () => {
    await expect(withTimeout(Promise.reject(new Error("offline")), 3000, () => "timed-out")).rejects.toThrow(
      "offline",
    );
  });

  it("answers with onTimeout's value, or its error, once the time is up", async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const value = withTimeout(never, 3000, () => "timed-out" as const);
    const failure = withTimeout(never, 5000, () => {
      throw new Error("The push service did not answer in time.");
    });
    failure.catch(() => {});
    await vi.advanceTimersByTimeAsync(2999);
    let settled = false;
    void value.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(value).resolves.toBe("timed-out");
    await vi.advanceTimersByTimeAsync(2000);
    await expect(failure).rejects.toThrow("did not answer in time");
  });
});
