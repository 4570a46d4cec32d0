import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatShortDate, todayInCharlotte } from "../../src/shared/dates";
import type { StatementAnswer } from "../../src/shared/earnings-statement";
import { formatCents } from "../../src/shared/services";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { okJson } from "./support/api";
import { screenshotDir } from "./support/browser";
import { asDemoLandscaper, type DemoServer, demoAdmin, startDemoServer } from "./support/demo-server";
import { useBrowser } from "./support/fixtures";

const cents = (value: string) => Math.round(Number(value) * 100);

/**
 * Issue 37, earnings per visit: the demo landscaper's visits wait for the next payout, are paid out, and then
 * sit under that payout on the Earnings tab; the period's CSV downloads and adds up to the payout to the cent.
 */
describe("earnings per visit", () => {
  const browsing = useBrowser();
  let demo: DemoServer;

  beforeAll(async () => {
    demo = await startDemoServer({ label: "e2e-earnings-visits" });
  });
  afterAll(async () => {
    await demo?.stop();
  });

  it("lists each visit under its payout and downloads a CSV that adds up to it", async () => {
    const pro = await browsing.as("landscaper", asDemoLandscaper(demo));
    const admin = await browsing.as("admin", { baseURL: demo.baseURL, existing: demoAdmin });
    const page = pro.page;
    await page.goto("/landscaper-dashboard?tab=earnings");
    const card = page.getByTestId("visit-earnings");
    // Before any payout, the demo's earnings wait for the next one.
    await card.getByRole("heading", { name: "Next payout" }).waitFor();
    await page.getByTestId("earnings").getByRole("button", { name: "Set up payouts" }).click();
    await page.getByText(/Payouts are set up with a test payout account/).waitFor();
    await okJson(await admin.context.request.post("/api/admin/payouts/run", { data: {} }), "pay out now");

    const today = todayInCharlotte();
    await page.reload();
    const answer = await okJson<StatementAnswer>(
      await page.request.get(`/api/landscaper/earnings/visits?from=${today}&to=${today}`),
      "visits",
    );
    const paid = answer.payouts.find((p) => p.paidOn === today)!;
    expect(paid).toBeDefined();
    const rows = answer.rows.filter((row) => row.payoutId === paid.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.reduce((sum, row) => sum + row.netCents, 0)).toBe(paid.amountCents);
    const title = `Paid ${formatShortDate(today)} · ${formatCents(paid.amountCents)}`;
    const group = card.getByRole("list", { name: title });
    await group.waitFor();
    expect(await group.getByRole("listitem").count()).toBe(rows.length);
    await expect.poll(() => card.getByRole("heading", { name: "Next payout" }).count()).toBe(0);

    // The CSV of the default period (the last four weeks) adds up to the payout to the cent.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^greenscape-earnings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile((await download.path())!, "utf8")).replace(/^\ufeff/, "").trimEnd();
    const [head, ...lines] = csv.split("\r\n");
    const columns = head!.split(",");
    expect(columns.at(-1)).toBe("net");
    // The net is the last cell; services (the only cell that may hold a comma) come before it.
    const net = lines.reduce((sum, line) => sum + cents(line.split(",").at(-1)!), 0);
    expect(net).toBe(paid.amountCents);
    expect(lines.every((line) => line.includes(paid.id))).toBe(true);

    // A period that ends before it starts: said at the date box, no download offered.
    await card.getByLabel("To").fill("2020-01-01");
    await card.getByText("The first date must be on or before the last.").waitFor();
    expect(await card.getByRole("link", { name: "Download CSV" }).count()).toBe(0);
    await card.getByLabel("To").fill(today);
    await group.waitFor();

    await expectNoSeriousA11yViolations(page, "earnings-per-visit-1280");
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(screenshotDir, "earnings-per-visit-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await group.waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoSeriousA11yViolations(page, "earnings-per-visit-390");
    await card.screenshot({ path: path.join(screenshotDir, "earnings-per-visit-390.png") });
  }, 120_000);
});
