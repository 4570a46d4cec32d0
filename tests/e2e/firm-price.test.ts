import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { addDaysIso, daysFromToday, formatShortDate, todayInCharlotte } from "../../src/shared/dates";
import { uniqueEmail, waitForEmail } from "./support/auth";
import { desktop, mobile } from "./support/browser";
import { useBrowser } from "./support/fixtures";
import { expectAxeClean, savePng } from "./support/shots";

/**
 * Issue 34 in the browser: a visitor gets one firm, explained price for a weekly mow before giving an email,
 * sees it again on the confirmation page and in the email; the landscaper who accepts sees that price (no box
 * to type one), with their 75 %. Screenshots at 390 and 1280 px in docs/screenshots/issue-34/firm-price.
 */
const shotsDir = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-34/firm-price");

describe("firm price (issue 34)", () => {
  const browsing = useBrowser();
  let jobNumber = 0;
  const heldUntil = formatShortDate(addDaysIso(todayInCharlotte(), 7));

  async function openForm(page: Page) {
    await page.goto("/instant-quote");
    await expect.poll(() => page.getByLabel("Property address").isEnabled()).toBe(true);
  }

  /** Address, size, a weekly mow with overgrown grass: the price shows before any contact field is filled. */
  async function answer(page: Page) {
    await page.getByLabel("Property address").fill("600 East Blvd, Charlotte, NC 28203");
    await page.getByRole("radio", { name: /^10,000–15,000 sq ft/ }).check();
    await page.getByRole("checkbox", { name: "Lawn Mowing" }).check();
    await page.getByRole("radio", { name: /^Weekly/ }).check();
    await page.getByRole("radio", { name: /^Over 12 in/ }).check();
  }

  it("shows a visitor one firm price with its lines before asking who they are, at 390 px", async () => {
    const { page } = await browsing.open(mobile);
    await openForm(page);
    // Until a size is chosen it is an estimate, and says how to get a firm price.
    await page.getByRole("checkbox", { name: "Lawn Mowing" }).check();
    await page.getByText("Choose your property's size above for a firm price", { exact: false }).waitFor();
    await answer(page);
    const panel = page.getByTestId("firm-price");
    await expect.poll(() => page.getByTestId("firm-total").textContent()).toBe("$42.00");
    await panel.getByText("First visit $84.00, then $42.00 each visit.").waitFor();
    await panel.getByText("Lawn Mowing, 10,000–15,000 sq ft, weekly").waitFor();
    await panel.getByText("First visit, grass over 12 in (+100% of the visit)").waitFor();
    await panel.getByText(`Price held until ${heldUntil}`).waitFor();
    // Said again by the button, after the date and the contact details.
    await page
      .getByTestId("submit-price")
      .getByText(`$42.00 per visit, first visit $84.00`, { exact: false })
      .waitFor();
    // The service card itself says its price for that size and frequency.
    await page
      .getByRole("checkbox", { name: "Lawn Mowing" })
      .locator("..")
      .getByText("$42.00 per visit")
      .waitFor();
    // Before the contact details: the price is above the first field that asks who they are.
    const priceTop = (await panel.boundingBox())!.y;
    const emailTop = (await page.getByLabel("Email").boundingBox())!.y;
    expect(priceTop).toBeLessThan(emailTop);
    await expectAxeClean(page, "#main", "quote-firm-price-390", { seriousOnly: true });
    await savePng(page, shotsDir, "quote-form-390", { fullPage: true });
    await savePng(page, shotsDir, "quote-price-panel-390", { target: panel });
  });

  it("keeps the price through the confirmation page and the email, at 1280 px", async () => {
    const { page } = await browsing.open(desktop);
    await openForm(page);
    await answer(page);
    await expect.poll(() => page.getByTestId("firm-total").textContent()).toBe("$42.00");
    await page.getByLabel("First visit (preferred date)").fill(daysFromToday(4));
    const email = uniqueEmail("firm");
    await page.getByLabel("Full name").fill("Dana Dilworth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone number").fill("704-555-0134");
    await savePng(page, shotsDir, "quote-form-1280", { fullPage: true });
    await page.getByRole("button", { name: "Submit Request" }).click();
    await page.waitForURL((url) => url.pathname === "/quote-submitted");
    const submitted = page.getByTestId("submitted-price");
    await submitted.getByText("$42.00 per visit, first visit $84.00").waitFor();
    await submitted.getByText(`Price held until ${heldUntil}`).waitFor();
    // No demo pro is free to book here: the panel says who is asked, once (not again in the next steps).
    // (Whether any pro serves 28203 yet depends on which files ran first: either sentence is the true one.)
    await expect
      .poll(() => page.getByTestId("no-instant-pros").textContent())
      .toMatch(
        /^No approved pro serves 28203 yet|We're asking the (1 pro who serves|\d+ pros who serve) 28203/,
      );
    await expect
      .poll(() => page.getByText("works at your price and offers a date", { exact: false }).count())
      .toBeLessThanOrEqual(1);
    jobNumber = Number(
      (await page
        .getByText(/^JOB-\d+$/)
        .first()
        .textContent())!.slice(4),
    );
    expect(jobNumber).toBeGreaterThan(1000);
    await expectAxeClean(page, "#main", "quote-submitted-firm-1280", { seriousOnly: true });
    await savePng(page, shotsDir, "quote-submitted-1280", { fullPage: true });

    const mail = await waitForEmail(inject("dataDir"), {
      to: email,
      subject: /We received your quote request/,
      timeoutMs: 6000,
    });
    expect(mail.text).toContain("$42.00 per visit, first visit $84.00");
    expect(mail.text).toContain("Your price is firm");
  });

  it("is the price the accepting landscaper takes: no price box, their 75 % beside it", async () => {
    expect(jobNumber, "the previous test sent the request").toBeGreaterThan(0);
    const { page } = await browsing.as("landscaper", {
      name: "Fran Firm",
      profile: { serviceZipCodes: "28203" },
      viewport: mobile,
    });
    await page.goto("/landscaper-dashboard?show=open&sort=newest");
    const card = page.getByRole("article").filter({ hasText: `JOB-${jobNumber}` });
    await card.getByText("Firm price: $42.00 per visit, first visit $84.00").waitFor();
    await card.getByText("Weekly — you offer a day of the week at the firm price").waitFor();
    await card.getByRole("button", { name: "Make an offer", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: /at its firm price$/ });
    const terms = dialog.getByTestId("accept-firm-price");
    await terms.getByText("Price per visit").waitFor();
    expect(await terms.getByText("$42.00", { exact: true }).count()).toBeGreaterThan(0);
    await terms.getByText("$31.50 a visit, $63.00 for the first", { exact: false }).waitFor();
    expect(await dialog.locator("input[name=price]").count()).toBe(0);
    await expectAxeClean(page, '[role="dialog"]', "accept-firm-price-390", { seriousOnly: true });
    await savePng(page, shotsDir, "accept-dialog-390", { target: dialog });
    await dialog.getByRole("button", { name: "Send offer" }).click();
    await dialog.waitFor({ state: "hidden" });
    // The request stays open for other pros' offers (issue 35): the card says theirs waits, and can be taken back.
    await card.getByText("Offer sent — waiting for the customer").waitFor();
    await card.getByText(/^You offered .*: the customer books it or waits for other offers/).waitFor();
    await card.getByRole("button", { name: "Withdraw offer" }).waitFor();
  });
});
