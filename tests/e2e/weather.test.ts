import { once } from "node:events";
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, charlotteTime, todayInCharlotte } from "../../src/shared/dates";
import { expectNoSeriousA11yViolations, screenshotFromTop } from "./support/a11y";
import { okJson, saveTestCard } from "./support/api";
import { screenshotDir } from "./support/browser";
import { type SignedIn, useBrowser } from "./support/fixtures";
import { reviewApplication } from "./support/landscaper";
import { submitQuote } from "./support/quotes";
import { daySection } from "./support/schedule";
import { type AppServer, startAppServer } from "./support/server-process";

const admin = { email: "admin@e2e-weather.test", password: "e2e-admin-password" };
const phone390 = { width: 390, height: 844 };
const desktop1280 = { width: 1280, height: 900 };

/*
 * A local api.weather.gov with the documented GeoJSON shapes: every point is grid GSP/1,1, whose
 * probabilityOfPrecipitation is 80 % at noon tomorrow (Charlotte) and 0 % every other day of the week.
 */
let peer: Server;
let peerUrl: string;
const today = todayInCharlotte();
const rainy = addDaysIso(today, 1);
const dry = addDaysIso(today, 2);

/**
 * Issue 37, rain days: the scheduled pass (a server of the test's own, its pass every half second, reading the
 * peer through the NWS adapter) flags tomorrow's visits; the landscaper, on a 390 px phone and by keyboard
 * only, moves the day with "Move my day"; the customer sees the move on their dashboard with the way to
 * decline it. Axe on the Schedule tab; screenshots at 390 and 1280 px.
 */
describe("rain days on the Schedule", () => {
  const browsing = useBrowser();
  let server: AppServer;
  let customer: SignedIn;
  let pro: SignedIn;

  beforeAll(async () => {
    peer = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://peer").pathname;
      res.writeHead(200, { "content-type": "application/geo+json" });
      if (url.startsWith("/points/")) {
        res.end(JSON.stringify({ properties: { gridId: "GSP", gridX: 1, gridY: 1 } }));
        return;
      }
      const values = Array.from({ length: 7 }, (_, i) => addDaysIso(today, i)).map((date) => ({
        validTime: `${charlotteTime(date, 12).toISOString().replace(".000Z", "+00:00")}/PT1H`,
        value: date === rainy ? 80 : 0,
      }));
      res.end(
        JSON.stringify({ properties: { probabilityOfPrecipitation: { uom: "wmoUnit:percent", values } } }),
      );
    });
    peer.listen(0, "127.0.0.1");
    await once(peer, "listening");
    peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    server = await startAppServer({
      label: "e2e-weather",
      env: {
        SEED_DEMO: "false",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        PAYMENTS_POLL_MS: "500",
        WEATHER_PROVIDER: "nws",
        WEATHER_NWS_URL: peerUrl,
        WEATHER_USER_AGENT: "GreenScape e2e (ops@greenscape.test)",
      },
    });
    const adminContext = await browsing.as("admin", { baseURL: server.baseURL, existing: admin });
    pro = await browsing.as("pendingLandscaper", {
      baseURL: server.baseURL,
      viewport: phone390,
      name: "Rhea Rainford",
      profile: { serviceZipCodes: "28203, 28209" },
    });
    await reviewApplication(adminContext.context, pro.account, "approve");
    customer = await browsing.as("customer", { baseURL: server.baseURL, name: "Olivia Bennett" });
    await saveTestCard(customer.context.request);
  });
  afterAll(async () => {
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
    await new Promise<void>((done) => (peer ? peer.close(() => done()) : done()));
  });

  async function book(zipCode: string, address: string) {
    const quote = await submitQuote({
      as: customer.context,
      email: customer.account.email,
      fullName: "Olivia Bennett",
      zipCode,
      address,
      services: ["lawn-mowing"],
      preferredDate: rainy,
    });
    await okJson(
      await pro.context.request.post(`/api/jobs/${quote.id}/accept`, {
        data: { price: 70, scheduledDate: rainy },
      }),
      "accept",
    );
    await okJson(
      await customer.context.request.post(`/api/jobs/${quote.id}/approve`, { data: {} }),
      "approve",
    );
    return quote;
  }

  it("flags tomorrow, and Move my day moves it by keyboard; the customer sees the move", async () => {
    // Every day a working day, so the next dry day is the day after tomorrow whatever today is.
    const current = await okJson<{ availability: Record<string, unknown> }>(
      await pro.context.request.get("/api/landscaper/availability"),
      "availability",
    );
    await okJson(
      await pro.context.request.put("/api/landscaper/availability", {
        data: { ...current.availability, weekdays: [0, 1, 2, 3, 4, 5, 6] },
      }),
      "set availability",
    );
    const first = await book("28203", "1500 East Blvd, Charlotte, NC");
    const second = await book("28209", "2200 Park Rd, Charlotte, NC");

    // The pass runs every half second: the day is flagged once it has read the peer.
    await expect
      .poll(
        async () =>
          (
            await okJson<{ days: unknown[] }>(
              await pro.context.request.get("/api/landscaper/weather"),
              "weather",
            )
          ).days,
        { timeout: 20_000, interval: 500 },
      )
      .toEqual([expect.objectContaining({ date: rainy, percent: 80, visits: 2, moveTo: dry })]);

    // The desktop: the flag beside the day, axe, and the picture at 1280 px.
    const wide = await browsing.as("landscaper", {
      baseURL: server.baseURL,
      viewport: desktop1280,
      existing: { email: pro.account.email, password: pro.account.password },
    });
    await wide.page.goto("/landscaper-dashboard?tab=schedule");
    await showWeekOf(wide.page, rainy);
    await daySection(wide.page, rainy).getByText("80% chance of rain").waitFor();
    await expectNoSeriousA11yViolations(wide.page, "schedule-rain-day-1280");
    await screenshotFromTop(wide.page, "weather-rain-day-1280");

    const page = pro.page;
    await page.goto("/landscaper-dashboard?tab=schedule");
    await showWeekOf(page, rainy);
    const day = daySection(page, rainy);
    await day.getByText("80% chance of rain").waitFor();
    await day.getByText(`Next dry working day: ${longDate(dry)}.`).waitFor();
    await expectNoSeriousA11yViolations(page, "schedule-rain-day-390");
    await screenshotFromTop(page, "weather-rain-day-390");

    // The keyboard: Tab from the top of the tab reaches "Move my day"; Enter opens the confirmation.
    const moveButton = day.getByRole("button", { name: "Move my day" });
    await page.getByRole("heading", { name: "Schedule" }).first().focus();
    for (let presses = 0; presses < 80; presses++) {
      if (await moveButton.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    expect(await moveButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: `Move ${longDate(rainy)}?` });
    await dialog.waitFor();
    await dialog.getByText(`2 visits move to ${longDate(dry)}.`, { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page, "move-day-dialog-390");
    await page.screenshot({ path: path.join(screenshotDir, "weather-move-day-dialog-390.png") });
    // Focus starts on Cancel; the next Tab is the confirming button.
    await page.keyboard.press("Tab");
    const confirm = dialog.getByRole("button", { name: "Move 2 visits" });
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page
      .getByRole("region", { name: /^Notifications/ })
      .getByText(/2 visits moved to .*Each customer has been told and may decline the new day\./)
      .waitFor();

    // The day is dry of visits now; the next day has both, each marked as moved.
    await showWeekOf(page, dry);
    const moved = daySection(page, dry);
    await expect.poll(() => moved.getByText(/^Moved from /).count()).toBe(2);
    await expect.poll(() => day.getByText("80% chance of rain").count()).toBe(0);
    await screenshotFromTop(page, "weather-day-moved-390");

    // The customer: each visit shows its new day, why, and the way to decline it (cancelling that visit).
    const customerPage = customer.page;
    await customerPage.goto("/dashboard/customer");
    for (const quote of [first, second]) {
      const card = customerPage.locator(`[data-testid="job-card"][data-job-number="${quote.number}"]`);
      const banner = card.getByTestId("moved-visit");
      await banner.waitFor();
      expect(await banner.textContent()).toContain(`(80% chance)`);
      await banner.getByRole("button", { name: "Cancel this visit instead" }).waitFor();
    }
    await expectNoSeriousA11yViolations(customerPage, "customer-moved-1280");
    await screenshotFromTop(customerPage, "weather-customer-moved-1280");
  });
});

function longDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** Next week's tab when the day is in it (tomorrow may be next Monday). */
async function showWeekOf(page: Page, date: string) {
  const section = daySection(page, date);
  await page.getByRole("button", { name: /^This week/ }).waitFor();
  if ((await section.count()) === 0) await page.getByRole("button", { name: /^Next week/ }).click();
  await section.waitFor();
}
