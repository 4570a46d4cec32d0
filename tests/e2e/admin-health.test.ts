import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type HealthAnswer,
  type HealthSummary,
  healthDefinitions,
  healthFreshnessText,
  healthShare,
  hoursText,
} from "../../src/shared/admin-health";
import { desktop } from "./support/browser";
import { type DemoServer, demoAdmin, startDemoServer } from "./support/demo-server";
import { useBrowser } from "./support/fixtures";
import { expectAxeClean, savePng, scrollUnderHeader, tabTo } from "./support/shots";

/**
 * Admin → Health (issue 38) on the demo data: the page shows the figures the server computes for the seeded
 * state (its own answer, fetched by the same session), each definition, the supply gaps, and the dashboard's
 * four tiles lead to it. Pictures at 1280 and 390 px, top and bottom, in docs/screenshots/issue-38.
 */
const shotsDir = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-38");

describe("Admin → Health (issue 38)", () => {
  const browsing = useBrowser();
  let demo: DemoServer | undefined;

  beforeAll(async () => {
    demo = await startDemoServer({ label: "e2e-health" });
  });
  afterAll(async () => {
    await demo?.stop();
  });

  async function openHealth(viewport: {
    width: number;
    height: number;
  }): Promise<{ page: Page; data: HealthAnswer }> {
    const { page, context } = await browsing.as("admin", {
      baseURL: demo!.baseURL,
      existing: demoAdmin,
      viewport,
    });
    const answer = await context.request.get("/api/admin/health");
    expect(answer.status()).toBe(200);
    await page.goto("/admin/health");
    await page.getByRole("heading", { level: 1, name: "Marketplace Health" }).waitFor();
    await page.getByTestId("health-overview").waitFor();
    return { page, data: (await answer.json()) as HealthAnswer };
  }

  /** The overview tile named `label`: its value and the counts under it. */
  async function tile(page: Page, label: string) {
    const box = page
      .getByTestId("health-overview")
      .locator("div")
      .filter({ has: page.getByText(label, { exact: true }) });
    const [value, from] = await box.locator("dd").allInnerTexts();
    return { value, from };
  }

  it("at 1280 px: the seeded state's figures, breakdowns, supply gaps and definitions", async () => {
    const { page, data } = await openHealth(desktop);
    const overall = data.overall;
    // The demo data has requests, bookings and completed first visits: figures, not dashes.
    expect(overall.requests).toBeGreaterThan(0);
    expect(overall.firstVisits).toBeGreaterThan(0);
    expect(await tile(page, "Requests")).toEqual({
      value: overall.requests.toLocaleString("en-US"),
      from: `${overall.booked} booked so far`,
    });
    const fill24 = overall.fill.find((f) => f.hours === 24)!;
    expect(await tile(page, "Filled within 24 h")).toEqual({
      value: healthShare(fill24.filled, fill24.due) ?? "—",
      from: `${fill24.filled} of ${fill24.due} requests 24 h old or more`,
    });
    expect((await tile(page, "Median time to book")).value).toBe(
      overall.medianHoursToBooked === null ? "—" : hoursText(overall.medianHoursToBooked),
    );
    expect(await tile(page, "First visits on their day")).toEqual({
      value: healthShare(overall.firstVisitsOnDay, overall.firstVisits),
      from: `${overall.firstVisitsOnDay} of ${overall.firstVisits} first visits`,
    });

    // When the shown count was made, and that the pass keeps the default period fresh.
    expect(data.refreshedBy).toBe("schedule");
    expect(await page.getByTestId("health-freshness").textContent()).toBe(healthFreshnessText(data));

    // A table per breakdown, with a row per group the server answered.
    const weeks = page.getByRole("table", { name: "Health figures by week" });
    expect(await weeks.locator("tbody tr").count()).toBe(data.byWeek.length);
    const areas = page.getByRole("table", { name: "Health figures by neighborhood" });
    expect(await areas.locator("tbody th").allInnerTexts()).toEqual(data.byNeighbourhood.map((n) => n.name));
    const services = page.getByRole("table", { name: "Health figures by service" });
    expect(await services.locator("tbody th").allInnerTexts()).toEqual(data.byService.map((s) => s.name));

    // Supply gaps: the server's list, or the sentence saying there is none.
    if (data.supplyGaps.length) {
      expect(await page.getByTestId("supply-gaps").locator("tbody th").allInnerTexts()).toEqual(
        data.supplyGaps.map((g) => g.zipCode),
      );
    } else await page.getByTestId("supply-gaps-empty").waitFor();
    for (const text of Object.values(healthDefinitions))
      await page.getByText(text, { exact: true }).first().waitFor();

    // The wide tables scroll by keyboard: their region takes focus.
    const weekRegion = page.getByRole("region", { name: "Health figures by week" });
    await tabTo(page, weekRegion, 80);

    await expectAxeClean(page, "#main", "health-1280");
    await page.evaluate(() => window.scrollTo(0, 0));
    await savePng(page, shotsDir, "health-1280-top");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await savePng(page, shotsDir, "health-1280-bottom");

    // A shorter period is asked for and shown.
    await page.getByLabel("Period").selectOption("4");
    await expect.poll(() => weeks.locator("tbody tr").count()).toBe(4);
    expect(await page.getByTestId("health-freshness").textContent()).toMatch(
      /^Figures as of .+, counted when asked and kept for 10 minutes\.$/,
    );
  });

  it("at 390 px: the figures two across, the tables scrolling in place", async () => {
    const { page } = await openHealth({ width: 390, height: 844 });
    await expectAxeClean(page, "#main", "health-390");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await savePng(page, shotsDir, "health-390-top");
    await scrollUnderHeader(page.getByRole("heading", { name: "Supply gaps" }));
    await savePng(page, shotsDir, "health-390-supply");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await savePng(page, shotsDir, "health-390-bottom");
  });

  it("the dashboard's four tiles show the summary and lead to the page", async () => {
    const { page, context } = await browsing.as("admin", {
      baseURL: demo!.baseURL,
      existing: demoAdmin,
      viewport: desktop,
    });
    const summary = (await (await context.request.get("/api/admin/health/summary")).json()) as HealthSummary;
    await page.goto("/admin");
    const tiles = page.getByTestId("health-tiles");
    await tiles.getByText("Supply-gap ZIPs").waitFor();
    const link = tiles.getByRole("link", { name: /Filled within 24 h/ });
    await expect
      .poll(() => link.textContent())
      .toContain(healthShare(summary.fill24.filled, summary.fill24.due) ?? "—");
    expect(await tiles.getByRole("link", { name: /Supply-gap ZIPs/ }).textContent()).toContain(
      String(summary.supplyGapZips),
    );
    await scrollUnderHeader(page.getByRole("heading", { name: "Marketplace Health" }));
    await savePng(page, shotsDir, "dashboard-tiles-1280");
    await link.click();
    await page.getByRole("heading", { level: 1, name: "Marketplace Health" }).waitFor();
  });
});
