import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/fixtures";

describe("smoke", () => {
  const browsing = useBrowser();

  it("serves the home page from the built app", async () => {
    const { context, page } = await browsing.open();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toContain("GreenScape");
    await context.close();
  });
});
