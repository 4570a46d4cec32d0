import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleAnimations } from "./support/a11y";
import {
  type DemoServer,
  demoAdmin,
  demoLandscaper,
  demoPassword,
  startDemoServer,
} from "./support/demo-server";
import { useBrowser } from "./support/fixtures";

/**
 * The landscaper's queue and the admin's "Pay out now" on the demo data, as screenshot reviews of issue 33
 * saw them (round 1 M2, M3, M20; round 3 M9, L11, L12), at 390 and 1280 px: what each screen now says, and
 * pictures in docs/screenshots/issue-33/queue and payouts (their README says what each shows).
 */
const shotsRoot = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-33");
const widths = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

async function shoot(page: Page, folder: string, name: string, target?: Locator) {
  const dir = path.join(shotsRoot, folder);
  mkdirSync(dir, { recursive: true });
  await settleAnimations(page);
  const png = target ? await target.screenshot() : await page.screenshot();
  await sharp(png)
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toFile(path.join(dir, `${name}.png`));
}

describe("queue and payouts review (issue 33)", () => {
  const browsing = useBrowser();
  let demo: DemoServer;

  beforeAll(async () => {
    demo = await startDemoServer({ label: "e2e-queue-review" });
  });
  afterAll(async () => {
    await demo?.stop();
  });

  const carlos = (viewport: { width: number; height: number }) =>
    browsing.as("landscaper", {
      viewport,
      baseURL: demo.baseURL,
      existing: { email: demoLandscaper.email, password: demoPassword },
    });

  it("names the list, its order and each button for what it does", async () => {
    for (const viewport of widths) {
      const { page } = await carlos(viewport);
      const w = viewport.width;
      await page.goto("/landscaper-dashboard");
      const name = page.locator("p", { hasText: /^New requests and open work/ });
      await name.waitFor();
      // In sight at both widths, the filters folded or not, and whole (not cut by a select's width).
      expect(await name.isVisible()).toBe(true);
      expect(await name.textContent()).toBe("New requests and open work · newest request first");
      await name.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -200));
      await shoot(page, "queue", `queue-top-${w}`);

      const cards = page.getByRole("region", { name: "Job Queue" }).getByRole("article");
      await cards.first().waitFor();
      // No button says "Accept": a request is answered with an offer; a passed date is offered anew.
      expect(await page.getByRole("button", { name: "Accept", exact: true }).count()).toBe(0);
      const passed = cards.filter({ hasText: "(date passed)" }).first();
      if (await passed.count()) {
        await passed.getByRole("button", { name: "Offer a new date", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: /^Offer a price and date for JOB-/ });
        await dialog.getByText(/which has passed: choose a day you can come\./).waitFor();
        expect(await dialog.getByLabel("Service date").inputValue()).toBe("");
        await dialog.getByRole("button", { name: "Send offer" }).waitFor();
        await shoot(page, "queue", `offer-new-date-dialog-${w}`);
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
      }

      // Every title is whole: wrapped, never cut ("Request in Myers Park (2820…").
      for (const heading of await cards.getByRole("heading", { level: 3 }).all()) {
        const cut = await heading.evaluate((node) => node.scrollWidth > node.clientWidth + 1);
        expect(cut, (await heading.textContent()) ?? "").toBe(false);
      }
      const myersPark = cards.filter({ has: page.getByRole("heading", { name: /^Request in Myers Park/ }) });
      if (await myersPark.count()) await shoot(page, "queue", `card-request-title-${w}`, myersPark.first());

      // Backing out: an offer and a booked job say it apart.
      const offer = cards.filter({ has: page.getByRole("button", { name: "Withdraw offer", exact: true }) });
      const booked = cards.filter({
        has: page.getByRole("button", { name: "Withdraw from job", exact: true }),
      });
      expect(await page.getByRole("button", { name: "Withdraw", exact: true }).count()).toBe(0);
      if (await offer.count()) await shoot(page, "queue", `card-offer-withdraw-${w}`, offer.first());
      if (await booked.count()) {
        await shoot(page, "queue", `card-booked-withdraw-${w}`, booked.first());
        await booked.first().getByRole("button", { name: "Withdraw from job", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: /^Withdraw from JOB-/ });
        await dialog.getByText(/nothing is charged\./).waitFor();
        await shoot(page, "queue", `withdraw-job-dialog-${w}`);
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
      }

      // A series card: its later visits, and "also on the Schedule" only of dates the Schedule shows.
      const series = cards.filter({ hasText: /more visits? of SER-/ }).first();
      if (await series.count()) await shoot(page, "queue", `card-series-${w}`, series);

      // The "Your offers and booked jobs" list: offers waiting and booked jobs, as its name says.
      await page.goto("/landscaper-dashboard?show=accepted");
      await page.locator("p", { hasText: /^Your offers and booked jobs/ }).waitFor();
      await shoot(page, "queue", `show-offers-and-booked-${w}`);
    }
  }, 240_000);

  it("pays out now with one banner, grouped by why, and a button that looks enabled", async () => {
    for (const viewport of widths) {
      const { page } = await browsing.as("admin", {
        viewport,
        baseURL: demo.baseURL,
        existing: demoAdmin,
      });
      const w = viewport.width;
      await page.goto("/admin/payments");
      const button = page.getByRole("button", { name: "Pay out now" });
      await button.waitFor();
      await button.scrollIntoViewIfNeeded();
      await shoot(page, "payouts", `pay-out-now-button-${w}`);
      await button.click();
      await page
        .getByRole("alertdialog", { name: "Pay out now?" })
        .getByRole("button", { name: "Pay out now" })
        .click();
      const run = page.getByTestId("payout-run");
      await run.waitFor();
      await run.scrollIntoViewIfNeeded();
      expect(await run.textContent()).not.toContain("the next is");
      expect(
        await page
          .getByRole("region", { name: /Notification/ })
          .getByText(/payouts? sent|still wait/)
          .count(),
      ).toBe(0);
      await shoot(page, "payouts", `payout-run-${w}`);
      await shoot(page, "payouts", `payout-run-banner-${w}`, run);
    }
  }, 180_000);

  it("puts the customer's decisions first and folds old requests away (round 1 M9)", async () => {
    for (const viewport of widths) {
      const { page } = await browsing.as("customer", {
        viewport,
        baseURL: demo.baseURL,
        existing: { email: "olivia.bennett@demo.greenscape.local", password: demoPassword },
      });
      const w = viewport.width;
      await page.goto("/dashboard/customer");
      await page.getByRole("heading", { name: /^My Requests/ }).waitFor();
      const past = page.getByTestId("past-requests");
      await past.waitFor();
      // Folded: its cards are not shown until asked for.
      expect(await past.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      await settleAnimations(page);
      await page.screenshot({ fullPage: true }).then((png) =>
        sharp(png)
          .png({ palette: true, quality: 90, compressionLevel: 9 })
          .toFile(path.join(shotsRoot, "queue", `customer-dashboard-${w}.png`)),
      );
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`customer dashboard at ${w}px: ${height} px tall`);
    }
  }, 180_000);
});
