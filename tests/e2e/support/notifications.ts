import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import type { BellResponse, NotificationItem, PreferencesResponse } from "../../../src/shared/notifications";
import { okJson } from "./api";
import { baseURL, chromiumFlags, desktop, executablePath } from "./browser";
import type { SignedIn } from "./fixtures";
import { submitQuote } from "./quotes";

/**
 * Helpers for the notification browser tests: accounts that receive notifications, actions on the real API
 * that create them, and reads of the notification endpoints.
 */

let zipCounter = 0;

/**
 * A ZIP code no other test's landscaper covers: outside the Carolinas data set, so coverage is the ZIP
 * itself and no other test's quote (all in Charlotte) notifies our landscaper.
 */
export function isolatedZip(): string {
  zipCounter += 1;
  return `99${String((Date.now() + zipCounter) % 1000).padStart(3, "0")}`;
}

export const approvedMessage = "Your application was approved. You can now accept jobs in your service area.";
export const deniedMessage = "Your application was not approved. Check your email for the details.";

/** The start of the job alert a quote in `zip` raises ('New job request in 99123: Lawn Mowing (...)'). */
export function jobAlertPrefix(zip: string): string {
  return `New job request in ${zip}:`;
}

/**
 * Makes the admins get a notification: `customer` asks for a quote and cancels it
 * ('{name} cancelled JOB-n.'). Answers the message.
 */
export async function triggerAdminNotification(customer: SignedIn): Promise<string> {
  const { name, email } = customer.account;
  const quote = await submitQuote({ as: customer.context, fullName: name, email });
  await okJson(
    await customer.context.request.post(`/api/jobs/${quote.id}/cancel`, {
      data: { reason: "Plans changed" },
    }),
    "cancelling the job",
  );
  return `${name} cancelled JOB-${quote.number}.`;
}

export async function bellOf(context: BrowserContext): Promise<BellResponse> {
  return (await okJson(await context.request.get("/api/notifications"), "reading the bell")) as BellResponse;
}

export async function historyOf(context: BrowserContext): Promise<NotificationItem[]> {
  const body = (await okJson(
    await context.request.get("/api/notifications/history"),
    "reading the history",
  )) as {
    items: NotificationItem[];
  };
  return body.items;
}

export async function preferencesOf(context: BrowserContext): Promise<PreferencesResponse> {
  return (await okJson(
    await context.request.get("/api/notifications/preferences"),
    "reading the preferences",
  )) as PreferencesResponse;
}

/** A visible toast with this title (and description, when given), inside the toast region (F8). */
export function toastWith(page: Page, title: string, description?: string) {
  const byTitle = page
    .getByRole("region", { name: /\(F8\)/ })
    .locator("li")
    .filter({ hasText: title });
  return description ? byTitle.filter({ hasText: description }) : byTitle;
}

/** Whether the header shows the notifications bell (the lead engineer mounts it in the header slot). */
export async function headerHasBell(page: Page): Promise<boolean> {
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  try {
    await bell.first().waitFor({ state: "visible", timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * A Chromium context with a real (temporary) profile. Playwright's ordinary contexts are incognito, where
 * Chrome refuses the Push API outright; a profile lets the test reach the browser's push service.
 */
export async function persistentContext(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "greenscape-e2e-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: executablePath(),
    headless: true,
    args: chromiumFlags,
    baseURL: baseURL(),
    viewport: desktop,
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
