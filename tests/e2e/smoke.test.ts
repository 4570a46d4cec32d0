import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "./support/browser";

describe("smoke", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("serves the home page from the built app", async () => {
    const page = await newPage(browser);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toContain("GreenScape");
    await page.context().close();
  });
});
