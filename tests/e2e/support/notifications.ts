import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
} from "playwright-core";
import type { BellResponse, NotificationItem, PreferencesResponse } from "../../../src/shared/notifications";
import { signInAsAdmin, signUpAs, type TestAccount, uniqueEmail } from "./auth";
import { baseURL, chromiumFlags, desktop, newContext } from "./browser";
import { submitQuoteViaApi } from "./quotes";

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

async function ok(response: Awaited<ReturnType<APIRequestContext["get"]>>, what: string) {
  if (!response.ok()) throw new Error(`${what} failed (${response.status()}): ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/** A browser context signed in as the bootstrapped admin. */
export async function adminContext(browser: Browser): Promise<BrowserContext> {
  const context = await newContext(browser);
  await signInAsAdmin(context);
  return context;
}

export interface Landscaper {
  account: TestAccount;
  context: BrowserContext;
  zip: string;
}

/**
 * Signs a landscaper up in a new context (left signed in) and saves an onboarding profile covering one
 * isolated ZIP code. With `admin`, approves the application, which notifies the landscaper
 * ('Your application was approved...').
 */
export async function createLandscaper(
  browser: Browser,
  options: { admin?: BrowserContext; viewport?: { width: number; height: number }; name?: string } = {},
): Promise<Landscaper> {
  const context = await newContext(browser, options.viewport);
  const account = await signUpAs(context, "landscaper", {
    name: options.name ?? "Lee Landscaper",
    email: uniqueEmail("notify-landscaper"),
  });
  const zip = isolatedZip();
  await ok(
    await context.request.put("/api/landscaper/profile", {
      data: {
        fullName: account.name,
        businessName: "Lee's Lawns",
        phoneNumber: "704-555-0199",
        streetAddress: "100 N Tryon St",
        city: "Charlotte",
        state: "NC",
        zipCode: zip,
        serviceZipCodes: zip,
        travelRadius: 5,
        backgroundCheckConsent: true,
        termsConsent: true,
      },
    }),
    "saving the landscaper profile",
  );
  if (options.admin) await reviewApplication(options.admin, account, "approve");
  return { account, context, zip };
}

/** Approves or denies an application as admin; each decision notifies the landscaper. */
export async function reviewApplication(
  admin: BrowserContext,
  account: TestAccount,
  action: "approve" | "deny",
) {
  const userId = account.user?.id;
  if (!userId) throw new Error("The landscaper has no user id.");
  await ok(
    await admin.request.post(`/api/admin/applications/${userId}/${action}`, { data: {} }),
    `${action} application`,
  );
}

export const approvedMessage = "Your application was approved. You can now accept jobs in your service area.";
export const deniedMessage = "Your application was not approved. Check your email for the details.";

/** A visitor (its own context) asks for a quote in `zip`: approved landscapers covering it get a job alert. */
export async function visitorQuote(browser: Browser, zip: string) {
  const context = await newContext(browser);
  try {
    const quote = await submitQuoteViaApi(context.request, {
      fullName: "Vera Visitor",
      email: uniqueEmail("notify-visitor"),
      zipCode: zip,
    });
    return quote;
  } finally {
    await context.close();
  }
}

/** The start of the job alert a quote in `zip` raises ('New job request in 99123: Lawn Mowing (...)'). */
export function jobAlertPrefix(zip: string): string {
  return `New job request in ${zip}:`;
}

/**
 * Makes the admins get a notification: a new customer asks for a quote and cancels it
 * ('{name} cancelled JOB-n.'). Answers the message.
 */
export async function triggerAdminNotification(browser: Browser, name = "Carla Canceller"): Promise<string> {
  const context = await newContext(browser);
  try {
    const account = await signUpAs(context, "customer", { name, email: uniqueEmail("notify-customer") });
    const quote = await submitQuoteViaApi(context.request, { fullName: name, email: account.email });
    await ok(
      await context.request.post(`/api/jobs/${quote.id}/cancel`, { data: { reason: "Plans changed" } }),
      "cancelling the job",
    );
    return `${name} cancelled JOB-${quote.number}.`;
  } finally {
    await context.close();
  }
}

export async function bellOf(context: BrowserContext): Promise<BellResponse> {
  return (await ok(await context.request.get("/api/notifications"), "reading the bell")) as BellResponse;
}

export async function historyOf(context: BrowserContext): Promise<NotificationItem[]> {
  const body = (await ok(await context.request.get("/api/notifications/history"), "reading the history")) as {
    items: NotificationItem[];
  };
  return body.items;
}

export async function preferencesOf(context: BrowserContext): Promise<PreferencesResponse> {
  return (await ok(
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
  const executablePath = [process.env.CHROMIUM_PATH, "/usr/lib/chromium/chromium", "/usr/bin/chromium"].find(
    (file): file is string => Boolean(file && existsSync(file)),
  );
  if (!executablePath) throw new Error("Chromium is missing: run `node scripts/ensure-chromium.mjs`.");
  const profile = mkdtempSync(path.join(os.tmpdir(), "greenscape-e2e-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
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
