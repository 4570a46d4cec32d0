import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktop, screenshot } from "./support/browser";
import { useBrowser } from "./support/fixtures";
import { type AppServer, startAppServer } from "./support/server-process";
import { expectAxeClean, savePng, scrollUnderHeader, tabTo } from "./support/shots";

/**
 * Issue 34, item 3: Admin → Pricing. An admin changes a price, reads the sample lots' new prices, publishes by
 * keyboard (the confirmation names the version, its date and how many figures change) and the public rate
 * card answers the new version; a refusal from the server lands beside its field. Publishing changes every
 * later quote, so the file runs its own server rather than the one the other browser tests share. The
 * pictures go to docs/screenshots/issue-34/admin-pricing.
 */

const shotsDir = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-34/admin-pricing");
const phone = { width: 390, height: 844 };
const admin = { email: "admin@e2e-pricing.test", password: "e2e-pricing-password" };

const shoot = (page: Page, name: string, fullPage = false) => savePng(page, shotsDir, name, { fullPage });

/** The top of the page, and its end, as a person scrolling there sees them. */
async function shootTopAndBottom(page: Page, width: number) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await shoot(page, `pricing-${width}-top`);
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
  await shoot(page, `pricing-${width}-bottom`);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  // The whole page too, for review; kept with the test results, not committed.
  await screenshot(page, `admin-pricing-${width}-full`);
}

/** Scrolls the page so `element`'s top sits just under the sticky header, and takes the viewport. */
async function shootFrom(page: Page, element: Locator, name: string) {
  await scrollUnderHeader(element);
  await shoot(page, name);
}

/** No WCAG A/AA violation of any impact inside `selector`. */
const expectAccessible = (page: Page, selector: string, label: string) =>
  expectAxeClean(page, selector, label);

const isFocused = (element: Locator) => element.evaluate((node) => node === document.activeElement);

/** A sample lot's row of the preview table (1280) and its values: now, new and the difference, twice. */
async function previewRow(page: Page, place: string): Promise<string[]> {
  const row = page.getByRole("table", { name: /Preview/ }).getByRole("row", { name: new RegExp(place) });
  return row.getByRole("cell").allInnerTexts();
}

describe("Admin → Pricing (issue 34, item 3)", () => {
  const browsing = useBrowser();
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer({
      label: "e2e-pricing",
      env: { SEED_DEMO: "false", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const signIn = (viewport: { width: number; height: number }) =>
    browsing.as("admin", { baseURL: server.baseURL, existing: admin, viewport });

  it("at 1280 px, by keyboard: a price changed, the lots re-priced, version 2 published and served", async () => {
    const { page, context } = await signIn(desktop);
    await page.goto("/admin/pricing");
    await page.getByRole("heading", { level: 1, name: "Pricing" }).waitFor();
    const nav = page.getByRole("navigation", { name: "Admin" });
    expect(await nav.getByRole("link", { name: "Pricing" }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("heading", { name: "New version 2" }).waitFor();

    // Every price input is named by its service and its size, whatever the layout.
    const price = page.getByLabel("Lawn Mowing, 5,000–10,000 sq ft", { exact: true });
    expect(await price.inputValue()).toBe("37.00");
    expect(await page.getByLabel("Every 2 weeks", { exact: true }).inputValue()).toBe("110");
    expect(await previewRow(page, "Plaza Midwood")).toEqual([
      "$67.10",
      "$67.10",
      "No change",
      "$67.10",
      "$67.10",
      "No change",
    ]);
    await expectAccessible(page, "#main", "the page as it opens");

    // By keyboard: Tab from the first price of the row to the one to change, then type over it.
    await page.getByLabel("Lawn Mowing, Under 5,000 sq ft", { exact: true }).focus();
    await page.keyboard.press("Tab");
    expect(await isFocused(price)).toBe(true);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("40");
    // (40.00 + 24.00) × 110% = 70.40: the preview follows the typing.
    await expect
      .poll(() => previewRow(page, "Plaza Midwood"))
      .toEqual(["$67.10", "$70.40", "+$3.30", "$67.10", "$70.40", "+$3.30"]);
    expect(await previewRow(page, "South End")).toContain("No change");
    await page.getByText("1 price changes from version 1, the card in force today.").waitFor();
    expect(await price.getAttribute("data-changed")).toBe("true");
    await shootTopAndBottom(page, 1280);

    // Publish without a note: the form says why beside the field and puts the cursor there.
    const publish = page.getByRole("button", { name: "Publish version 2" });
    await tabTo(page, publish, 80);
    await page.keyboard.press("Enter");
    const note = page.getByLabel("Why the prices change");
    await page.getByText("Say why the prices change.").waitFor();
    await expect.poll(() => isFocused(note)).toBe(true);
    await page.keyboard.type("Fuel went up: mowing of mid-size lots +$3.");

    // The confirmation names the version, the date and how many figures change; focus starts on Cancel.
    await tabTo(page, publish);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Publish version 2?" });
    await dialog.waitFor();
    await dialog.getByText(/Version 2 takes effect today: 1 price changes from version 1\./).waitFor();
    expect(await isFocused(dialog.getByRole("button", { name: "Cancel" }))).toBe(true);
    await expectAccessible(page, "[role=alertdialog]", "the confirmation");
    await shoot(page, "publish-dialog-1280");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");

    // A clear success message, with focus on it; the history and the form move on to version 3.
    const success = page.getByRole("status").filter({ hasText: "Version 2 published" });
    await success.waitFor();
    await success.getByText(/new quotes use it from now/).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toContain("Version 2 published");
    // In view once the dialog has gone, below the sticky header (the button pressed was far down the page).
    await expect
      .poll(() => success.evaluate((node) => Math.round(node.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(64);
    expect(await success.evaluate((node) => node.getBoundingClientRect().bottom)).toBeLessThan(
      desktop.height,
    );
    await page.getByRole("heading", { name: "New version 3" }).waitFor();
    const history = page.getByRole("list", { name: "History" }).getByRole("listitem");
    expect(await history.count()).toBe(2);
    await history.first().getByText("In force").waitFor();
    await history.first().getByText("Fuel went up: mowing of mid-size lots +$3.").waitFor();
    expect(await page.getByLabel("Lawn Mowing, 5,000–10,000 sq ft", { exact: true }).inputValue()).toBe(
      "40.00",
    );
    await shoot(page, "published-1280");

    // The public card, which the quote form prices with, is version 2 at once.
    const answer = await context.request.get("/api/pricing/rate-card");
    const { card } = await answer.json();
    expect(card.version).toBe(2);
    expect(card.baseCents["lawn-mowing"].s).toBe(4000);
    await page.close();
  });

  it("at 390 px: prices stacked per service, the preview per lot, and a server's refusal beside its field", async () => {
    const { page } = await signIn(phone);
    await page.goto("/admin/pricing");
    await page.getByRole("heading", { name: "New version 3" }).waitFor();
    // Nothing wider than the phone: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    // Each service is a group of its five sizes with their labels shown.
    const mowing = page.getByRole("group", { name: "Lawn Mowing" });
    await mowing.getByText("5,000–10,000 sq ft").waitFor();
    expect(await mowing.getByRole("textbox").count()).toBe(5);
    await expectAccessible(page, "#main", "the page at 390 px");
    await shootTopAndBottom(page, 390);
    // Between the two: the preview, one box per lot, and the end of the form with the history after it.
    await shootFrom(page, page.getByRole("heading", { name: /Preview/ }), "pricing-390-preview");
    await shootFrom(page, page.getByRole("group", { name: "When and why" }), "pricing-390-publish");

    const price = page.getByLabel("Edging & Trimming, Under 5,000 sq ft", { exact: true });
    await price.fill("22.00");
    const lot = page
      .getByRole("list", { name: /Preview/ })
      .getByRole("listitem")
      .filter({ hasText: "Plaza Midwood" });
    await lot.getByText("$70.40").first().waitFor();
    await page.getByLabel("Why the prices change").fill("Edging of small yards.");

    // The same schema runs on both sides, so a refusal the form cannot foresee (a rule changed on the
    // server) is made up here: its message must show under its own field, with focus there.
    await page.route("**/api/admin/pricing", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "validation_failed",
            message: "Edging & Trimming, Under 5,000 sq ft must be from $25.00 to $10,000.00.",
            fields: {
              "prices.edging-trimming.xs":
                "Edging & Trimming, Under 5,000 sq ft must be from $25.00 to $10,000.00.",
            },
          },
        }),
      });
    });
    await page.getByRole("button", { name: "Publish version 3" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Publish version 3?" });
    await dialog.getByText(/1 price changes from version 2/).waitFor();
    await shoot(page, "publish-dialog-390");
    await dialog.getByRole("button", { name: "Publish version 3" }).click();
    await dialog.waitFor({ state: "detached" });
    const group = page.getByRole("group", { name: "Edging & Trimming" });
    await group.getByText("must be from $25.00 to $10,000.00.").waitFor();
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    // Red for the refusal, not the brand colour of a changed figure.
    expect(await price.getAttribute("data-changed")).toBeNull();
    const describedBy = await price.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain("must be from $25.00");
    await expect.poll(() => isFocused(price)).toBe(true);
    await group.scrollIntoViewIfNeeded();
    await shoot(page, "server-refusal-390");
    await page.close();
  });
});
