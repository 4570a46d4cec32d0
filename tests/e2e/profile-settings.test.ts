import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { desktop } from "./support/browser";
import { type SignedIn, useBrowser } from "./support/fixtures";
import { cameraPhoto } from "./support/photos";
import { expectAxeClean, savePng, tabTo } from "./support/shots";

/**
 * Issue 36, the landscaper's side of the public profile: the "Public profile" card on the Profile tab (a few
 * lines about the business, years, a photo, hide), saved by keyboard, and what the public page then shows;
 * hidden, the page is gone. Axe on the card; pictures at 390 and 1280 px in docs/screenshots/issue-36/.
 */
const shotsDir = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-36");
const phone = { width: 390, height: 844 };
const ABOUT = "Hand-trimmed hedges and striped lawns in Plaza Midwood since 2019. We text before we arrive.";

async function savePage(page: Page, name: string, width: 390 | 1280) {
  await page.setViewportSize(width === 390 ? phone : desktop);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await savePng(page, shotsDir, `${name}-${width}`, { fullPage: true });
}

describe("the landscaper's public profile settings (issue 36)", () => {
  const browsing = useBrowser();
  let pro: SignedIn;

  beforeAll(async () => {
    pro = await browsing.as("landscaper", {
      name: "Mae Holloway",
      profile: { serviceZipCodes: "28205", travelRadius: 5, businessName: "Holloway Hedge & Lawn" },
    });
  });

  it("says what customers read, saves it by keyboard with a photo, and the public page shows it", async () => {
    const { page } = pro;
    await page.goto("/landscaper-dashboard?tab=profile");
    const card = page.getByTestId("public-profile-settings");
    await card.getByRole("heading", { name: "Public profile" }).waitFor();
    const about = card.getByLabel("About your business");
    await about.waitFor();
    await expectAxeClean(page, '[data-testid="public-profile-settings"]', "public-profile-empty");

    // Years over the limit first: the shared schema's message, nothing saved.
    await tabTo(page, about, 60);
    await page.keyboard.type(ABOUT);
    await tabTo(page, card.getByLabel("Years in business"));
    await page.keyboard.type("120");
    await page.keyboard.press("Enter");
    await card.getByText("Enter whole years from 0 to 80, or leave it empty.").waitFor();
    await expectAxeClean(page, '[data-testid="public-profile-settings"]', "public-profile-error");
    await card.getByLabel("Years in business").fill("7");
    await page.keyboard.press("Enter");
    await page
      .getByRole("region", { name: /Notification/ })
      .getByText("Public profile saved")
      .waitFor();

    // A photo through the file chooser, as a person picks one.
    const chooser = page.waitForEvent("filechooser");
    await card.getByRole("button", { name: "Add a photo" }).click();
    await (await chooser).setFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto() });
    const portrait = card.getByRole("img", { name: "You, as customers see you on your profile" });
    await portrait.waitFor();
    expect(await portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await card.getByRole("button", { name: "Change photo" }).waitFor();
    await savePage(page, "profile-settings", 390);
    await savePage(page, "profile-settings", 1280);

    // The public page, from the card's link.
    const link = card.getByRole("link", { name: "View your public profile" });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/pros\/holloway-hedge-lawn(-\d+)?$/);
    await link.click();
    await page.waitForURL(`**${href}`);
    await page.getByRole("heading", { level: 1, name: /Holloway Hedge & Lawn/ }).waitFor();
    await page.getByText(ABOUT).waitFor();
    await page
      .getByText(/7 years in business/i)
      .first()
      .waitFor();

    // Hidden: the page is gone and the card says what that means.
    await page.goto("/landscaper-dashboard?tab=profile");
    await card.getByRole("checkbox", { name: "Hide my public profile" }).click();
    await card.getByRole("button", { name: "Save public profile" }).click();
    await page
      .getByRole("region", { name: /Notification/ })
      .getByText("customers can't book you instantly", { exact: false })
      .waitFor();
    await expect(card.getByRole("link", { name: "View your public profile" }).count()).resolves.toBe(0);
    const gone = await page.request.get(`/api/pros/${href!.split("/").pop()}`);
    expect(gone.status()).toBe(404);
  });
});
