import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { settleAnimations, settleScroll, wcagAxe } from "./a11y";

/**
 * What the screenshot reviews of issues 33 and 34 need in every browser test that takes committed pictures,
 * once: a palette PNG of the viewport, the whole page or one element; the keyboard's way to a control; an
 * element brought under the sticky header; axe on a part of the page once it stops moving.
 */

/** The viewport (or the whole page, or one element) as a palette PNG in `dir`, so committed pictures stay small. */
export async function savePng(
  page: Page,
  dir: string,
  name: string,
  options: { target?: Locator; fullPage?: boolean } = {},
) {
  mkdirSync(dir, { recursive: true });
  await settleAnimations(page);
  const png = options.target
    ? await options.target.screenshot()
    : await page.screenshot({ fullPage: options.fullPage ?? false });
  await sharp(png)
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toFile(path.join(dir, `${name}.png`));
}

/** Presses Tab until `target` has focus (at most `max` times): the keyboard's own way to a control. */
export async function tabTo(page: Page, target: Locator, max = 25) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the control");
}

/** Scrolls the page so `element`'s top sits just under the sticky header: its first line in the picture. */
export async function scrollUnderHeader(element: Locator) {
  await element.evaluate((node) => {
    const header = document.querySelector("header")?.getBoundingClientRect().height ?? 0;
    window.scrollTo({
      top: window.scrollY + node.getBoundingClientRect().top - header - 8,
      behavior: "instant",
    });
  });
}

/**
 * No WCAG A/AA violation inside `selector` once the page stops scrolling and animating: of any impact, or only
 * serious and critical ones with `seriousOnly`.
 */
export async function expectAxeClean(
  page: Page,
  selector: string,
  label: string,
  options: { seriousOnly?: boolean } = {},
) {
  await settleScroll(page);
  await settleAnimations(page);
  const result = await wcagAxe(page).include(selector).analyze();
  const violations = result.violations
    .filter((v) => !options.seriousOnly || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
  expect(violations, label).toEqual([]);
}
