import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { screenshot } from "./browser";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * An axe run over the WCAG 2.0–2.2 A/AA rules, with Label in Name (2.5.3) switched on: axe ships it as
 * experimental, and a button whose name hides what it shows (the bell's '9+') is what it catches.
 */
export function wcagAxe(page: Page) {
  const builder = new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(wcagTags);
  // Every scan waits for transitions to end first: axe reads colours as painted, so a banner caught halfway
  // through its fade measures as low contrast (CI saw the welcome banner's 300 ms fold-out on a slow run).
  const analyze = builder.analyze.bind(builder);
  // The sticky site header is laid in the flow while axe runs: its target-size rule counts a control passing
  // under the header (wherever the last step left the scroll) as too small, which no reader meets at rest;
  // CI failed the quote form's radios that way at one scroll offset and not at another.
  builder.analyze = async () => {
    await settleAnimations(page);
    await page.evaluate(() => {
      for (const header of document.querySelectorAll<HTMLElement>("header.sticky")) {
        header.style.setProperty("position", "static", "important");
      }
    });
    try {
      return await analyze();
    } finally {
      await page.evaluate(() => {
        for (const header of document.querySelectorAll<HTMLElement>("header.sticky")) {
          header.style.removeProperty("position");
        }
      });
    }
  };
  return builder;
}

/**
 * Waits until no finite CSS transition or animation is running (spinners and skeleton pulses repeat forever
 * and are left alone), up to 5 s.
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" ||
            animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5000 },
  );
}

/**
 * Waits until the page stops scrolling (the app scrolls smoothly, so focusing a field far up or down glides for
 * a moment: axe's target-size check, run mid-glide, sees controls passing under the sticky header), up to 3 s.
 */
export async function settleScroll(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const before = window.scrollY;
        setTimeout(() => resolve(window.scrollY === before), 150);
      }),
    undefined,
    { timeout: 3000 },
  );
}

/** No serious or critical axe violation inside the page's <main>, once scrolling and transitions are over. */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  await settleScroll(page);
  await settleAnimations(page);
  const result = await wcagAxe(page).include("#main").analyze();
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
