import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktop } from "./support/browser";
import {
  type DemoServer,
  demoAdmin,
  demoLandscaper,
  demoPassword,
  startDemoServer,
} from "./support/demo-server";
import { useBrowser } from "./support/fixtures";
import { expectAxeClean, savePng, tabTo } from "./support/shots";

/**
 * Admin → Users' account actions and Admin → Audit (issue 38), by keyboard: an admin suspends the demo
 * landscaper with a reason (who then cannot sign in), reinstates them, and the audit trail shows both with the
 * reasons. Pictures in docs/screenshots/issue-38.
 */
const shotsDir = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-38");
const phone = { width: 390, height: 844 };
const pendingPro = "evan.brooks@demo.greenscape.local";

describe("Admin → Users account actions and the audit trail (issue 38)", () => {
  const browsing = useBrowser();
  let demo: DemoServer | undefined;

  beforeAll(async () => {
    demo = await startDemoServer({ label: "e2e-accounts" });
  });
  afterAll(async () => {
    await demo?.stop();
  });

  const asAdmin = (viewport = desktop) =>
    browsing.as("admin", { baseURL: demo!.baseURL, existing: demoAdmin, viewport });

  async function findUser(page: Page, email: string) {
    await page.goto("/admin/users");
    await page.getByRole("heading", { level: 1, name: "User Management" }).waitFor();
    await page.getByLabel("Search users").fill(email);
    const row = page.getByTestId("user-row").filter({ hasText: email });
    await row.waitFor();
    await expect.poll(() => page.getByTestId("user-row").count()).toBe(1);
    return row;
  }

  /** Opens the row's action by keyboard, types the reason, tabs to the confirming button and presses Enter. */
  async function actByKeyboard(page: Page, name: RegExp, reason: string, confirm: string) {
    const trigger = page.getByRole("button", { name });
    await tabTo(page, trigger, 80);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    // Focus starts in the reason field.
    await expect
      .poll(() => dialog.getByLabel("Reason").evaluate((n) => n === document.activeElement))
      .toBe(true);
    await page.keyboard.type(reason);
    await tabTo(page, dialog.getByRole("button", { name: confirm }), 5);
    return dialog;
  }

  it("suspends and reinstates a landscaper with a reason by keyboard; the audit page shows both", async () => {
    const { page, context } = await asAdmin();
    const row = await findUser(page, demoLandscaper.email);
    await expect.poll(() => row.getByRole("button", { name: /Promote to Admin/ }).count()).toBe(1);

    const dialog = await actByKeyboard(
      page,
      /^Suspend\b.*carlos/,
      "Three customers reported no-shows this month",
      "Suspend account",
    );
    await expect.poll(() => dialog.textContent()).toContain(`Suspend ${demoLandscaper.email} (landscaper)?`);
    await savePng(page, shotsDir, "suspend-dialog-1280");
    await expectAxeClean(page, "[role=dialog]", "suspend dialog");
    await page.keyboard.press("Enter");
    await page.getByText(`${demoLandscaper.email} is suspended and signed out`).first().waitFor();
    await row.getByText("Suspended", { exact: true }).waitFor();
    // Suspended: no Promote, and the landscaper cannot sign in.
    await expect.poll(() => row.getByRole("button", { name: /Promote to Admin/ }).count()).toBe(0);
    const refused = await context.request.post("/api/auth/sign-in/email", {
      data: { email: demoLandscaper.email, password: demoPassword, portal: "landscaper" },
      headers: { origin: demo!.baseURL },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe("account_suspended");
    await savePng(page, shotsDir, "users-suspended-1280");

    await actByKeyboard(
      page,
      /^Reinstate\b.*carlos/,
      "Spoke with them: the reports were a scheduling mix-up",
      "Reinstate account",
    );
    await page.keyboard.press("Enter");
    await page.getByText(`${demoLandscaper.email} is reinstated and can sign in again.`).first().waitFor();
    await expect.poll(() => row.getByText("Suspended", { exact: true }).count()).toBe(0);

    // The audit trail, reached from the row's link, lists both with their reasons, newest first.
    await tabTo(page, row.getByRole("link", { name: /Audit trail/ }), 80);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Audit Trail" }).waitFor();
    const entries = page.getByTestId("audit-row");
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain("Account reinstated");
    // Each entry holds its own reason: the Reinstate dialog starts empty after the suspension.
    expect(await entries.nth(0).textContent()).toContain(
      "Reason: Spoke with them: the reports were a scheduling mix-up",
    );
    expect(await entries.nth(0).textContent()).not.toContain("no-shows");
    expect(await entries.nth(1).textContent()).toContain("Account suspended");
    expect(await entries.nth(1).textContent()).toContain("Three customers reported no-shows this month");
    expect(await entries.nth(1).textContent()).toContain(demoAdmin.email);
    await expectAxeClean(page, "main", "audit page");
    await savePng(page, shotsDir, "audit-1280");
    await savePng(page, shotsDir, "audit-1280-bottom", { fullPage: true });

    // The row's Jobs link opens Job History searched for the pro.
    const again = await findUser(page, demoLandscaper.email);
    await again.getByRole("link", { name: /^Jobs\b/ }).click();
    await page.getByRole("heading", { level: 1, name: "Job History" }).waitFor();
    expect(await page.getByLabel("Search jobs").inputValue()).toBe("Carlos Mendoza");
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(0);
  });

  it("hides Promote from a pending landscaper and keeps the pages usable at 390 px", async () => {
    const { page } = await asAdmin(phone);
    const row = await findUser(page, pendingPro);
    expect(await row.getByRole("button", { name: /Promote to Admin/ }).count()).toBe(0);
    expect(await row.getByRole("button", { name: /^Suspend\b/ }).count()).toBe(1);
    // The account's message reports open in a dialog by keyboard and close with Escape.
    await tabTo(page, row.getByRole("button", { name: /^Message reports\b/ }), 80);
    await page.keyboard.press("Enter");
    const reports = page.getByRole("dialog", { name: /Message reports/ });
    await reports
      .getByText("No message reports involve this account.")
      .or(reports.getByTestId("user-message-reports"))
      .waitFor();
    await expectAxeClean(page, "[role=dialog]", "message reports dialog");
    await page.keyboard.press("Escape");
    await reports.waitFor({ state: "hidden" });
    await page.getByLabel("Search users").fill("");
    await page.getByTestId("user-row").first().waitFor();
    await expectAxeClean(page, "main", "users at 390");
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls).toBe(false);
    await savePng(page, shotsDir, "users-390");
    await savePng(page, shotsDir, "users-390-bottom", { fullPage: true });
    await page.goto("/admin/audit");
    await page.getByRole("heading", { level: 1, name: "Audit Trail" }).waitFor();
    await page.getByText("No audit entries match.").or(page.getByTestId("audit-row").first()).waitFor();
    await expectAxeClean(page, "main", "audit at 390");
    await savePng(page, shotsDir, "audit-390");
  });
});
