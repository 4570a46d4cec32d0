import { rmSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../src/shared/dates";
import { okJson } from "./support/api";
import { desktop } from "./support/browser";
import { useBrowser } from "./support/fixtures";
import { reviewApplication } from "./support/landscaper";
import { submitQuote } from "./support/quotes";
import { type AppServer, startAheadOf, startAppServer } from "./support/server-process";
import { expectAxeClean, savePng, scrollUnderHeader, tabTo } from "./support/shots";

/**
 * Issue 38's Needs a Pro: a customer's firm-priced request nobody takes. A second process on the same data runs
 * 25 hours ahead, so its scheduled pass re-announces the request and puts it in Needs a Pro; the admin assigns a
 * pro by keyboard alone, and the pro confirms from their queue. Pictures at 1280 and 390 px in
 * docs/screenshots/issue-38/needs-a-pro.
 */
const shotsDir = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-38/needs-a-pro");
const admin = { email: "admin@e2e-needs-a-pro.test", password: "e2e-needs-a-pro-password" };
const env = { SEED_DEMO: "false", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
const ZIP = "28203";
const AHEAD_MS = 25 * 3_600_000;

describe("Admin → Needs a Pro (issue 38)", () => {
  const browsing = useBrowser();
  let today: AppServer | undefined;
  let ahead: AppServer | undefined;
  let pro: { email: string; password: string };
  let customer: BrowserContext;
  let requestId = "";

  beforeAll(async () => {
    today = await startAppServer({ label: "e2e-needs-a-pro", env, keepData: true });
    const desk = await browsing.as("admin", { baseURL: today.baseURL, existing: admin });
    // A pro covering the ZIP with instant booking off: only our team's assignment brings them the request.
    const applicant = await browsing.as("pendingLandscaper", {
      baseURL: today.baseURL,
      name: "Rosa Ready",
      profile: { serviceZipCodes: ZIP, travelRadius: 5 },
    });
    await reviewApplication(desk.context, applicant.account, "approve");
    pro = { email: applicant.account.email, password: applicant.account.password };
    const asker = await browsing.as("customer", { baseURL: today.baseURL });
    customer = asker.context;
    const quote = await submitQuote({
      zipCode: ZIP,
      services: ["lawn-mowing"],
      sizeTier: "m",
      as: customer,
      preferredDate: daysFromToday(9),
    });
    requestId = quote.id;
    ahead = await startAheadOf(today, {
      label: "e2e-needs-a-pro-ahead",
      env: { ...env, PAYMENTS_POLL_MS: "500" },
      aheadMs: AHEAD_MS,
    });
  });
  afterAll(async () => {
    await ahead?.stop();
    await today?.stop();
    if (today && !ahead) rmSync(today.dataDir, { recursive: true, force: true });
  });

  it("the admin assigns the pro by keyboard at 1280 px, the pro confirms at 390 px, and the request is booked", async () => {
    const { page } = await browsing.as("admin", {
      baseURL: ahead!.baseURL,
      existing: admin,
      viewport: desktop,
    });
    // The pass runs a second after the server starts: reload until the request is listed.
    const card = page.getByRole("article").filter({ hasText: "Casey Client" });
    for (let i = 0; i < 20 && !(await card.count()); i++) {
      await page.goto("/admin/needs-a-pro");
      await page.getByRole("heading", { level: 1, name: "Needs a Pro" }).waitFor();
      await page.waitForTimeout(500);
    }
    await card.waitFor();
    await expect.poll(() => card.getByText("Not by our team yet").count()).toBe(1);
    // Its age by the server's clock (25 hours ahead), not the browser's, for which it was sent just now.
    await card.getByText("25 hours", { exact: true }).waitFor();
    await expectAxeClean(page, "#main", "needs-a-pro-1280");
    await savePng(page, shotsDir, "needs-a-pro-1280");
    const phone = { width: 390, height: 844 };
    const narrow = await browsing.as("admin", { baseURL: ahead!.baseURL, existing: admin, viewport: phone });
    await narrow.page.goto("/admin/needs-a-pro");
    await narrow.page.getByRole("article").filter({ hasText: "Casey Client" }).waitFor();
    await expectAxeClean(narrow.page, "#main", "needs-a-pro-390");
    await savePng(narrow.page, shotsDir, "needs-a-pro-390", { fullPage: true });

    const assign = card.getByRole("button", { name: /^Assign a pro to JOB-/ });
    await tabTo(page, assign, 60);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: /^Assign a pro to JOB-/ }).waitFor();
    const firstDay = dialog.getByRole("radio").first();
    await firstDay.waitFor();
    await tabTo(page, firstDay);
    await page.keyboard.press("Space");
    expect(await firstDay.isChecked()).toBe(true);
    await tabTo(page, dialog.getByRole("textbox", { name: /Why this pro/ }));
    await page.keyboard.type("Covers 28203 and is free that day.");
    await expectAxeClean(page, "[role=dialog]", "assign-dialog-1280");
    await savePng(page, shotsDir, "assign-dialog-1280");
    await tabTo(page, dialog.getByRole("button", { name: "Ask the pro" }));
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await card
      .getByText(/^Waiting for /)
      .first()
      .waitFor();

    // The pro answers on a phone.
    const worker = await browsing.as("landscaper", {
      baseURL: ahead!.baseURL,
      existing: { email: pro.email, password: pro.password },
      viewport: phone,
    });
    await worker.page.goto("/landscaper-dashboard");
    const notice = worker.page.getByTestId("assignments");
    await notice.getByRole("heading", { name: "Our team asks you to take a visit" }).waitFor();
    // The customer's price, and the pro's own share of it.
    const terms = (await notice.locator("p.font-medium").textContent()) ?? "";
    const [, price, earned] = /for \$([\d.]+) \(you earn \$([\d.]+)\)\.$/.exec(terms) ?? [];
    expect(Math.round(Number(earned) * 100), terms).toBe(
      Math.round(Number(price) * 100) - Math.round(Number(price) * 100 * 0.25),
    );
    await scrollUnderHeader(notice);
    await expectAxeClean(worker.page, "[data-testid=assignments]", "assignment-390");
    await savePng(worker.page, shotsDir, "assignment-390");
    await notice.getByRole("button", { name: /^Confirm JOB-/ }).click();
    await worker.page.getByText("Confirmed: the visit is on your schedule.").first().waitFor();
    await notice.waitFor({ state: "detached" });

    const { jobs } = await okJson<{ jobs: { id: string; status: string }[] }>(
      await customer.request.get(`${ahead!.baseURL}/api/customer/jobs`),
      "customer jobs",
    );
    expect(jobs.find((job) => job.id === requestId)?.status).toBe("scheduled");

    // The admin's queue, now empty: the request has its pro.
    await narrow.page.reload();
    await narrow.page.getByText("Every request has a pro or an offer waiting.").waitFor();
  });
});
