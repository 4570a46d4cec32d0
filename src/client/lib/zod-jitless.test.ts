import { describe, expect, it } from "vitest";
import "./zod-jitless";
import { config } from "zod/v4/core";

describe("zod in the browser", () => {
  it("builds schemas without eval (the CSP forbids it): zod reads the setting zod-jitless.ts writes", () => {
    expect(config().jitless).toBe(true);
  });
});
