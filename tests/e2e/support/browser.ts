import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Debian's Chromium (or CHROMIUM_PATH): no test tool downloads a browser. */
export function executablePath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/lib/chromium/chromium", "/usr/bin/chromium"];
  const found = candidates.find((file): file is string => Boolean(file && existsSync(file)));
  if (!found) throw new Error("Chromium is missing: run `node scripts/ensure-chromium.mjs`.");
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: executablePath(), headless: true, args: chromiumFlags });
}

export const desktop = { width: 1280, height: 800 };
export const mobile = { width: 375, height: 812 };

export function baseURL(): string {
  return inject("baseURL");
}

/** Waits until `page` is at `pathname` (a redirect or a click has landed). */
export async function waitForPath(page: Page, pathname: string, timeout = 15_000) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

export const screenshotDir = path.resolve(import.meta.dirname, "../../../test-results/screenshots");

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
