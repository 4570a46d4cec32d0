import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { screenshot } from "./browser";

/** No serious or critical axe violation inside the page's <main>. */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  const result = await new AxeBuilder({ page }).include("#main").analyze();
  const serious = result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`);
  expect(serious, label).toEqual([]);
}

/** A full-page screenshot taken from the top (otherwise the sticky header lands mid-page). */
export async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
