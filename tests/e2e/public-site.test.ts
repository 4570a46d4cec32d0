import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { todayInCharlotte } from "../../src/shared/dates";
import { formatRange, services } from "../../src/shared/services";
import { wcagAxe } from "./support/a11y";
import { screenshot } from "./support/browser";
import { useBrowser } from "./support/fixtures";
import { mockCustomer as customer, mockSession } from "./support/session-mock";

/** React has hydrated the page once the layout's <main> carries a fiber. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return Boolean(main && Object.keys(main).some((key) => key.startsWith("__reactFiber")));
  });
}

const phone = { width: 390, height: 844 };
const wide = { width: 1280, height: 800 };

/** The public pages that offer the quote action (the spec keeps it off /professionals, checked apart). */
const pagesWithAction = [
  "/",
  "/about",
  "/services",
  "/troubleshooting",
  "/terms-of-service",
  "/privacy-policy",
  "/refund-policy",
];

/**
 * What the action is at this scroll position. "Covers nothing" for an action the layout reserves room for:
 * it lives in a full-width strip fixed to an edge of the screen (the phone bar at the bottom, the sticky header
 * at the top) that is opaque, so content passes under the strip as it passes below the fold, never half-seen
 * beside the action; inside the strip no other link, button or text meets the action's box; nothing is drawn
 * over the action anywhere on its box; and the page keeps the strip's height free at its end, so its last
 * content scrolls clear (checked at the bottom position by the caller).
 */
function actionState() {
  const candidates = [...document.querySelectorAll<HTMLElement>('[data-testid="floating-quote"]')];
  const action = candidates.find((element) => element.getClientRects().length > 0);
  if (!action) return { shown: false as const, count: candidates.length };
  const box = action.getBoundingClientRect();
  const style = getComputedStyle(action);
  const strip = action.closest<HTMLElement>("[data-quote-bar], header");
  const stripBox = strip?.getBoundingClientRect();
  // Any CSS colour's alpha: "rgba(r, g, b, a)", "oklab(l a b / a)", "color(srgb r g b / a)"; none given: 1.
  const alpha = (color: string) => {
    if (color === "transparent") return 0;
    const inner = color.slice(color.indexOf("(") + 1, color.lastIndexOf(")"));
    if (inner.includes("/")) return Number(inner.split("/")[1]);
    const commas = inner.split(",");
    return commas.length === 4 ? Number(commas[3]) : 1;
  };
  const stripOpacity = strip ? alpha(getComputedStyle(strip).backgroundColor) : 0;

  // Drawn on top at a grid of points over its box (a 1 px inset: the rounded corners are the strip's).
  const drawnOver: string[] = [];
  for (let col = 0; col <= 4; col++) {
    for (let row = 0; row <= 2; row++) {
      const x = box.left + 6 + ((box.width - 12) * col) / 4;
      const y = box.top + 3 + ((box.height - 6) * row) / 2;
      const top = document.elementFromPoint(x, y);
      // Its own strip shows at the rounded ends; anything else there is drawn over it.
      if (top && !action.contains(top) && !top.contains(action)) drawnOver.push(top.outerHTML.slice(0, 80));
    }
  }
  // Inside the strip, what else meets the action's box: a control, or an element with text of its own.
  const overlapping: string[] = [];
  for (const element of strip?.querySelectorAll<HTMLElement>("*") ?? []) {
    if (action.contains(element) || element.contains(action) || element.getClientRects().length === 0)
      continue;
    const control = element.matches("a[href], button, input, select, textarea, [role='button']");
    const text = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    );
    if (!control && !text) continue;
    const other = element.getBoundingClientRect();
    const meets =
      Math.min(box.right, other.right) > Math.max(box.left, other.left) &&
      Math.min(box.bottom, other.bottom) > Math.max(box.top, other.top);
    if (meets) overlapping.push(element.outerHTML.slice(0, 80));
  }
  const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return {
    shown: true as const,
    count: candidates.length,
    inViewport:
      box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth,
    opaque: style.opacity === "1" && style.visibility === "visible" && style.pointerEvents !== "none",
    topmostAtCentre: Boolean(centre && action.contains(centre)),
    drawnOver,
    overlapping,
    strip: strip?.matches("header") ? ("header" as const) : strip ? ("bar" as const) : null,
    stripFullWidth: Boolean(stripBox && stripBox.left <= 0 && stripBox.right >= window.innerWidth),
    stripAtEdge: Boolean(
      stripBox && (stripBox.top <= 0 || Math.abs(stripBox.bottom - window.innerHeight) < 1),
    ),
    stripOpacity,
    stripTop: stripBox?.top ?? 0,
    footerBottom: document.querySelector("footer")?.getBoundingClientRect().bottom ?? 0,
  };
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

describe("public site: the quote action, /services, the footer, Help", () => {
  const browsing = useBrowser();

  describe.each([
    ["390 px", phone, "bar"],
    ["1280 px", wide, "header"],
  ] as const)("at %s", (_label, viewport, strip) => {
    it("the quote action is visible, on top and clickable at every scroll position, and covers nothing", async () => {
      const { page } = await browsing.open(viewport);
      const problems: string[] = [];
      let positions = 0;
      for (const path of pagesWithAction) {
        await open(page, path);
        const { scrollHeight, innerHeight } = await page.evaluate(() => ({
          scrollHeight: document.documentElement.scrollHeight,
          innerHeight: window.innerHeight,
        }));
        const bottom = scrollHeight - innerHeight;
        const stops: number[] = [];
        for (let y = 0; y < bottom; y += innerHeight) stops.push(y);
        stops.push(bottom);
        for (const y of stops) {
          await scrollTo(page, y);
          positions++;
          const at = `${path} at ${viewport.width} px, y=${y}`;
          const state = await page.evaluate(actionState);
          if (!state.shown) {
            problems.push(`${at}: not shown`);
            continue;
          }
          if (state.count !== 2)
            problems.push(`${at}: ${state.count} quote actions in the page (header + bar)`);
          if (!state.inViewport || !state.opaque)
            problems.push(`${at}: not fully visible (${JSON.stringify(state)})`);
          if (!state.topmostAtCentre) problems.push(`${at}: something else is on top at its centre`);
          if (state.drawnOver.length) problems.push(`${at}: drawn over by ${state.drawnOver[0]}`);
          if (state.overlapping.length) problems.push(`${at}: meets ${state.overlapping.join(", ")}`);
          if (state.strip !== strip) problems.push(`${at}: in ${state.strip}, expected the ${strip}`);
          if (!state.stripFullWidth || !state.stripAtEdge)
            problems.push(`${at}: its strip is not an edge band`);
          if (state.stripOpacity < 0.9) problems.push(`${at}: its strip shows the page through`);
          if (y === bottom && strip === "bar" && state.footerBottom > state.stripTop + 0.5)
            problems.push(`${at}: the footer ends ${state.footerBottom - state.stripTop} px under the bar`);
          // Playwright's own actionability checks (visible, stable, enabled, receives the click) without clicking.
          await page
            .locator('[data-testid="floating-quote"]:visible')
            .click({ trial: true, timeout: 2_000 })
            .catch((error: Error) => problems.push(`${at}: not clickable: ${error.message.split("\n")[0]}`));
        }
      }
      expect(problems).toEqual([]);
      expect(positions).toBeGreaterThan(pagesWithAction.length * 2);

      // It works: from the middle of a long page, it opens the quote form.
      await open(page, "/about");
      await scrollTo(page, 1200);
      await page.locator('[data-testid="floating-quote"]:visible').click();
      await page.waitForURL((url) => url.pathname === "/instant-quote");
      await page.context().close();
    });

    it("is not offered on /professionals, the quote form or the page after sending a quote", async () => {
      const { page } = await browsing.open(viewport);
      for (const path of ["/professionals", "/instant-quote", "/quote-submitted"]) {
        await open(page, path);
        await page.locator("main h1").first().waitFor();
        expect(await page.locator('[data-testid="floating-quote"]').count(), path).toBe(0);
        // Nor is the bar's room kept at the end of the page.
        const room = await page.evaluate(
          () => getComputedStyle(document.querySelector("#main")!.parentElement!).paddingBottom,
        );
        expect(room, path).toBe("0px");
      }
      await page.context().close();
    });
  });

  it("/services lists every service with its range and how often it can recur, and its button opens the quote form", async () => {
    const { page } = await browsing.open(wide);
    await open(page, "/services");
    expect(await page.locator("main h1").textContent()).toBe(
      "Lawn and garden services, and how they're priced",
    );
    const cards = page.locator("#catalogue li");
    expect(await cards.count()).toBe(services.length);
    for (const [index, service] of services.entries()) {
      const text = (await cards.nth(index).textContent()) ?? "";
      expect(text).toContain(service.name);
      expect(text).toContain(service.description);
      expect(text).toContain(formatRange(service.lowCents, service.highCents));
      const recurs = ["lawn-mowing", "edging-trimming", "flower-bed-maintenance"].includes(service.id);
      expect(text).toContain(recurs ? "One time, weekly, every 2 weeks or monthly" : "How oftenOne time");
    }
    const main = (await page.locator("main").textContent()) ?? "";
    for (const fact of [
      // Issue 34: the firm price, and the estimate range when the size is not given.
      "it shows one price per visit and the lines behind it, held for 7 days",
      "You see an estimate range instead",
      "works at your firm price and offers a date",
      "Nothing is booked until you approve",
      "charged only once the work is done",
      "Visits are planned 8 weeks ahead",
    ]) {
      expect(main).toContain(fact);
    }
    await screenshot(page, "services-1280");
    await page.locator("main").getByRole("link", { name: "Get an Instant Quote" }).first().click();
    await page.waitForURL((url) => url.pathname === "/instant-quote");
    await page.context().close();
  });

  it("the header's Services link and the phone menu's reach /services", async () => {
    const { page } = await browsing.open(wide);
    await open(page, "/about");
    await page.locator("header nav[aria-label='Main']").getByRole("link", { name: "Services" }).click();
    await page.waitForURL((url) => url.pathname === "/services");
    await page.locator("main h1", { hasText: "Lawn and garden services" }).waitFor();

    await page.setViewportSize(phone);
    await open(page, "/troubleshooting");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("header nav[aria-label='Mobile']").getByRole("link", { name: "Services" }).click();
    await page.waitForURL((url) => url.pathname === "/services");
    await page.locator("main h1", { hasText: "Lawn and garden services" }).waitFor();
    await page.context().close();
  });

  it("the footer shows this year, and no social links unless the server names real pages", async () => {
    const { page } = await browsing.open(wide);
    await open(page, "/");
    const footer = page.locator("footer");
    await expect
      .poll(() => footer.textContent())
      .toContain(`© ${todayInCharlotte().slice(0, 4)} GreenScape Charlotte. All rights reserved.`);
    // The shared test server configures none: no row, and no link to a network's home page.
    await page.waitForLoadState("networkidle");
    expect(await footer.locator("a[target='_blank']").count()).toBe(0);
    expect(await footer.getByRole("list", { name: "Social media" }).count()).toBe(0);

    await page.context().route("**/api/site", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({
          social: [
            { id: "facebook", url: "https://www.facebook.com/greenscapecharlotte" },
            { id: "linkedin", url: "https://www.linkedin.com/company/greenscape-charlotte" },
          ],
          cancellationFeeCents: 2500,
          workApprovalHours: 48,
        }),
      }),
    );
    const other = await page.context().newPage();
    await open(other, "/");
    const social = other.locator("footer").getByRole("list", { name: "Social media" }).getByRole("link");
    await social.first().waitFor();
    expect(
      await social.evaluateAll((links) =>
        links.map((link) => [
          link.getAttribute("href"),
          link.getAttribute("aria-label"),
          link.getAttribute("rel"),
        ]),
      ),
    ).toEqual([
      [
        "https://www.facebook.com/greenscapecharlotte",
        "Facebook (opens in a new tab)",
        "noopener noreferrer",
      ],
      [
        "https://www.linkedin.com/company/greenscape-charlotte",
        "LinkedIn (opens in a new tab)",
        "noopener noreferrer",
      ],
    ]);
    await page.context().close();
  });

  it("Help keeps the quick fixes and answers price, payment, cancelling, rain and payouts; it and /services pass axe", async () => {
    const { page } = await browsing.open(phone);
    await open(page, "/troubleshooting");
    const main = page.locator("main");
    for (const heading of [
      "Clear your browser cache",
      "Try another browser",
      "Check your internet connection",
      "Disable browser extensions",
      "How much will it cost?",
      "When is my card held, and when is it charged?",
      "Can I cancel, and does it cost anything?",
      "What if it rains?",
      "How and when do I get paid?",
    ]) {
      expect(await main.getByRole("heading", { name: heading }).count(), heading).toBe(1);
    }
    const text = (await main.textContent()) ?? "";
    expect(text).toContain(
      "at once if the visit is 6 days away or fewer, otherwise 48 hours before the visit",
    );
    expect(text).toContain("a $25.00 cancellation fee");
    expect(text).toContain("up to 3 days earlier or later");
    expect(text).toContain("75% of each job's charged price");
    expect(await main.getByRole("link", { name: "Return to Home" }).count()).toBe(1);

    for (const [path, size] of [
      ["/troubleshooting", phone],
      ["/troubleshooting", wide],
      ["/services", phone],
      ["/services", wide],
    ] as const) {
      await page.setViewportSize(size);
      await open(page, path);
      const result = await wcagAxe(page).analyze();
      expect(
        result.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`,
        ),
        `${path} at ${size.width} px`,
      ).toEqual([]);
    }
    await page.context().close();
  });

  it("the confirm-email banner wraps a long address at 390 px", async () => {
    const { page } = await browsing.open(phone);
    const email = "averyveryverylongaddress.for.testing@greenscape-charlotte-example.com";
    await mockSession(page, { ...customer, email, emailVerified: false });
    await open(page, "/about");
    const banner = page.locator("[data-slot='confirm-email-banner']");
    await banner.waitFor();
    expect(await banner.textContent()).toContain(email);
    const fits = await banner.evaluate((element) => {
      const text = element.querySelector("p")!;
      return text.scrollWidth <= text.clientWidth && element.scrollWidth <= element.clientWidth;
    });
    expect(fits).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it("the Residential and Commercial choices keep their text inside the card's padding at 390 px", async () => {
    const { page } = await browsing.as("customer", { viewport: phone });
    await open(page, "/onboarding/client");
    for (const name of ["Residential", "Commercial"]) {
      const label = page.locator("label", { has: page.getByRole("radio", { name }) });
      const room = await label.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(element);
        const text = range.getBoundingClientRect();
        return { left: text.left - box.left, right: box.right - text.right };
      });
      expect(room.left, name).toBeGreaterThanOrEqual(12);
      expect(room.right, name).toBeGreaterThanOrEqual(12);
    }
    await page.context().close();
  });
});
