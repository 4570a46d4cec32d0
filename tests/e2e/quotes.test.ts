import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { daysFromToday, todayInCharlotte } from "../../src/shared/dates";
import { photoMessages } from "../../src/shared/quotes";
import { site } from "../../src/shared/site";
import { expectNoSeriousA11yViolations, screenshotFromTop } from "./support/a11y";
import { uniqueEmail, waitForEmail } from "./support/auth";
import { baseURL, desktop, mobile } from "./support/browser";
import { useBrowser } from "./support/fixtures";
import { pngBuffer } from "./support/landscaper";

const formMessages = [
  "Full name is required.",
  "Email is required.",
  "Phone number is required.",
  "Property address is required.",
  "ZIP code is required.",
  "Please select at least one service.",
  "Preferred date is required.",
];

describe("instant quote", () => {
  const browsing = useBrowser();
  const open = browsing.open;

  /** Opens the form; it is prerendered, and its fields are disabled until React has taken the page over. */
  async function gotoQuote(page: Page) {
    await page.goto("/instant-quote");
    await page.getByRole("heading", { level: 1, name: "Get Your Instant Quote" }).waitFor();
    // Focus and key presses, unlike fill(), do not wait for a disabled field to open.
    await expect.poll(() => page.getByLabel("Full name").isEnabled()).toBe(true);
  }

  const estimate = (page: Page) => page.getByTestId("estimate");
  const submitButton = (page: Page) =>
    page.getByRole("button", { name: /Submit Request|Submitting Request/ });

  async function fillContact(page: Page, values: { name: string; email: string }) {
    await page.getByLabel("Full name").fill(values.name);
    await page.getByLabel("Email").fill(values.email);
    await page.getByLabel("Phone number").fill("704-555-0147");
    await page.getByLabel("Property address").fill("1420 Kenilworth Ave, Charlotte");
    await page.getByLabel("ZIP code").fill("28203");
  }

  it("a visitor ticks services, watches the estimate, submits and sees the confirmation; the email arrives", async () => {
    const { page } = await open();
    await gotoQuote(page);
    await expect.poll(() => page.title()).toBe("Instant Quote | GreenScape Charlotte");

    // Every service with its description and its own price range.
    for (const [name, description, range] of [
      ["Lawn Mowing", "Regular grass cutting and maintenance", "$50.00 – $75.00"],
      ["Edging & Trimming", "Precise edge work and plant trimming", "$40.00 – $60.00"],
      ["Mulch Installation", "Fresh mulch application for garden beds", "$120.00 – $180.00"],
      ["Bush/Shrub Trimming", "Professional pruning and shaping", "$75.00 – $110.00"],
      ["Leaf Removal", "Seasonal leaf cleanup and disposal", "$90.00 – $140.00"],
      ["Flower Bed Maintenance", "Weeding, planting, and bed care", "$80.00 – $120.00"],
      ["Seasonal Clean-Up", "Comprehensive property cleanup", "$180.00 – $275.00"],
    ] as const) {
      const card = page.locator("label").filter({ has: page.getByRole("checkbox", { name, exact: true }) });
      await expect.poll(() => card.textContent()).toContain(range);
      expect(await card.textContent()).toContain(description);
    }
    expect(await page.getByText("Select services to see your estimate.").isVisible()).toBe(true);
    // No size yet: an estimate, and how to get a firm price (tested in firm-price.test.ts).
    expect(await page.getByText(/Choose your property's size above for a firm price/).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, "quote-form-1280");
    await screenshotFromTop(page, "quote-form-1280");

    const email = uniqueEmail("visitor");
    await fillContact(page, { name: "Vera Visitor", email });
    await page.getByRole("checkbox", { name: "Lawn Mowing" }).click();
    await expect.poll(() => estimate(page).textContent()).toBe("$50.00 – $75.00");
    await page.getByText("Leaf Removal", { exact: true }).click();
    await expect.poll(() => estimate(page).textContent()).toBe("$140.00 – $215.00");
    await page.getByRole("checkbox", { name: "Seasonal Clean-Up" }).click();
    await expect.poll(() => estimate(page).textContent()).toBe("$320.00 – $490.00");
    await page.getByRole("checkbox", { name: "Seasonal Clean-Up" }).click();
    await expect.poll(() => estimate(page).textContent()).toBe("$140.00 – $215.00");

    const date = page.getByLabel("Preferred date");
    expect(await date.getAttribute("min")).toBe(todayInCharlotte());
    const preferred = daysFromToday(10);
    await date.fill(preferred);
    await page.getByLabel("Additional notes (optional)").fill("The side gate sticks.");
    await screenshotFromTop(page, "quote-form-filled-1280");

    const since = Date.now() - 1000;
    await submitButton(page).click();
    await page.waitForURL((url) => url.pathname === "/quote-submitted");
    await page.getByText("Request sent successfully!").first().waitFor();

    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Thank you, Vera!" }).waitFor();
    const text = (await main.textContent()) ?? "";
    const number = /JOB-(\d+)/.exec(text)?.[1];
    expect(number).toBeDefined();
    expect(await page.getByTestId("submitted-estimate").textContent()).toBe("$140.00 – $215.00");
    for (const expected of [
      "Lawn Mowing",
      "Leaf Removal",
      "Landscapers who serve 28203 can see your request now; one of them offers a price and a date.",
      `To see the offer and approve it, create an account with ${email} and confirm that address.`,
      "1420 Kenilworth Ave, Charlotte 28203",
    ]) {
      expect(text).toContain(expected);
    }
    expect(await main.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    expect(await main.getByRole("link", { name: site.phone }).getAttribute("href")).toBe(site.phoneHref);
    await expectNoSeriousA11yViolations(page, "quote-submitted-1280");
    await screenshotFromTop(page, "quote-submitted-1280");

    const mail = await waitForEmail(inject("dataDir"), { to: email, since, timeoutMs: 6000 });
    expect(mail.subject).toContain(`JOB-${number}`);
    expect(mail.text).toContain("$140.00 – $215.00");

    // A reload keeps the confirmation (the state lives in the history entry).
    await page.reload();
    await main.getByRole("heading", { level: 1, name: "Thank you, Vera!" }).waitFor();
  });

  it("shows every form message under its field on an empty submit, then the bad-email message", async () => {
    const { page } = await open(mobile);
    await gotoQuote(page);
    await submitButton(page).click();
    for (const message of formMessages) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    // The first invalid field takes focus and points at its message: the property comes first (issue 34: the
    // price before the contact details).
    const address = page.getByLabel("Property address");
    expect(await address.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await address.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await address.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Property address is required.");
    expect(await page.getByLabel("Full name").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("checkbox", { name: "Lawn Mowing" }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    await expectNoSeriousA11yViolations(page, "quote-form-errors-375");
    await screenshotFromTop(page, "quote-form-errors-375");

    await page.getByLabel("Email").fill("not-an-email");
    await submitButton(page).click();
    await page.getByText("Please enter a valid email.", { exact: true }).waitFor();
    expect(await page.getByText("Email is required.", { exact: true }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/instant-quote");
  });

  it("a refusal by the server shows 'Error submitting request' with its message, and the form stays", async () => {
    const { page } = await open();
    await gotoQuote(page);
    await fillContact(page, { name: "Sam Server", email: uniqueEmail("server") });
    await page.getByRole("checkbox", { name: "Lawn Mowing" }).click();
    await page.getByLabel("Preferred date").fill(daysFromToday(3));
    await page.route("**/api/quotes", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "validation_failed",
            message: "We don't serve this ZIP code yet.",
            fields: { zipCode: "We don't serve this ZIP code yet." },
          },
        }),
      }),
    );
    await submitButton(page).click();
    await page.getByText("Error submitting request").first().waitFor();
    await page
      .getByRole("region", { name: /Notification/ })
      .getByText("We don't serve this ZIP code yet.")
      .first()
      .waitFor();
    expect(await page.getByLabel("ZIP code").getAttribute("aria-invalid")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/instant-quote");
    expect(await page.getByLabel("Full name").inputValue()).toBe("Sam Server");
    expect(await page.getByRole("button", { name: "Submit Request" }).isEnabled()).toBe(true);
  });

  it("takes the ZIP from an address that ends with one, and asks for it apart only otherwise", async () => {
    const { page } = await open(mobile);
    await gotoQuote(page);
    await page.getByLabel("Full name").fill("Zoe Zip");
    await page.getByLabel("Email").fill(uniqueEmail("zip"));
    await page.getByLabel("Phone number").fill("704-555-0148");
    const address = page.getByLabel("Property address");
    await address.fill("1420 Kenilworth Ave, Charlotte");
    expect(await page.getByLabel("ZIP code").isVisible()).toBe(true);
    await address.fill("1420 Kenilworth Ave, Charlotte, NC 28203");
    await page.getByText("ZIP code 28203, from the address.").waitFor();
    expect(await page.getByLabel("ZIP code").count()).toBe(0);
    await page.getByRole("checkbox", { name: "Lawn Mowing" }).click();
    await page.getByLabel("Preferred date").fill(daysFromToday(5));
    await screenshotFromTop(page, "quote-zip-from-address-375");
    await submitButton(page).click();
    await page.waitForURL((url) => url.pathname === "/quote-submitted");
    // The address already says its ZIP: the confirmation does not repeat it.
    await page.getByText("1420 Kenilworth Ave, Charlotte, NC 28203", { exact: true }).waitFor();
  });

  it("refuses a past date typed by hand", async () => {
    const { page } = await open();
    await gotoQuote(page);
    await page.getByLabel("Preferred date").fill(daysFromToday(-2));
    await submitButton(page).click();
    await page.getByText("Please choose today or a later date.", { exact: true }).waitFor();
  });

  it("is prerendered with its fields disabled; hydrated, they open and the date's minimum is today", async () => {
    const html = await (
      await fetch(`${baseURL()}/instant-quote`, { headers: { "accept-encoding": "br" } })
    ).text();
    expect(html).toContain("Get Your Instant Quote");
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    // No date in the built HTML: it would be stale the day after the build.
    expect(html).not.toMatch(/type="date"[^>]*min=/);

    const { page } = await open();
    await gotoQuote(page);
    expect(await page.getByLabel("Full name").isEnabled()).toBe(true);
    expect(await page.getByLabel("Preferred date").getAttribute("min")).toBe(todayInCharlotte());
  });

  it("keeps the honeypot out of sight, out of the tab order and out of the accessibility tree", async () => {
    const { page } = await open();
    await gotoQuote(page);
    const honeypot = page.locator('input[name="website"]');
    expect(await honeypot.count()).toBe(1);
    expect(await honeypot.getAttribute("tabindex")).toBe("-1");
    expect(await honeypot.getAttribute("autocomplete")).toBe("off");
    expect(await honeypot.evaluate((element) => element.closest("[aria-hidden='true']") !== null)).toBe(true);
    const box = await honeypot.boundingBox();
    expect(box === null || box.x + box.width <= 0 || box.width <= 1).toBe(true);
    expect(await page.getByRole("textbox", { name: "Website" }).count()).toBe(0);

    // Tabbing from the notes goes straight past it.
    await page.getByLabel("Additional notes (optional)").focus();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).not.toBe("website");
    }
  });

  it("can be completed with the keyboard alone", async () => {
    const { page } = await open();
    await gotoQuote(page);
    // The property first (address, ZIP, size), then the services, how often and the grass, then the date,
    // and who they are last (issue 34: the price shows before the contact details are asked).
    await page.getByLabel("Property address").focus();
    await page.keyboard.type("1 Queens Rd, Charlotte");
    await page.keyboard.press("Tab");
    await page.keyboard.type("28207");
    await page.keyboard.press("Tab");
    // The size question, nothing chosen yet: Tab lands on its first radio, Space chooses it, arrows move on.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe("xs");
    await page.keyboard.press("Space");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("radio", { name: /^15,000–25,000 sq ft/ }).isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("service-lawn-mowing");
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    // Mowing and edging of a 15,000–25,000 sq ft lot, one visit: (5200 + 3400) × 1.35.
    await expect.poll(() => page.getByTestId("firm-total").textContent()).toBe("$116.10");
    // On past the remaining five services, how often and the grass height, to the date.
    for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("date");
    const [year, month, day] = daysFromToday(5).split("-");
    await page.keyboard.type(`${month}${day}${year}`);
    expect(await page.getByLabel("Preferred date").inputValue()).toBe(daysFromToday(5));
    // Past the photo and the notes to the name.
    for (
      let i = 0;
      i < 6 && (await page.evaluate(() => document.activeElement?.getAttribute("name"))) !== "fullName";
      i++
    )
      await page.keyboard.press("Tab");
    await page.keyboard.type("Kim Keys");
    await page.keyboard.press("Tab");
    await page.keyboard.type(uniqueEmail("keys"));
    await page.keyboard.press("Tab");
    await page.keyboard.type("704-555-0188");
    await page.getByRole("button", { name: "Submit Request" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/quote-submitted");
  });

  it("checks the photo in the browser, and a dropped connection is retried into one job", async () => {
    const { context, page, account } = await browsing.as("customer", { name: "Rita Retry" });
    await gotoQuote(page);
    // A signed-in customer starts with their name and email.
    await expect.poll(() => page.getByLabel("Full name").inputValue()).toBe("Rita Retry");
    expect(await page.getByLabel("Email").inputValue()).toBe(account.email);

    const photo = page.getByLabel("Photo of your property (optional)");
    await photo.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByText(photoMessages.notAnImage, { exact: true }).waitFor();
    expect(await photo.getAttribute("aria-invalid")).toBe("true");
    await photo.setInputFiles({ name: "yard.png", mimeType: "image/png", buffer: pngBuffer() });
    await page.getByRole("img", { name: "Preview of your chosen file" }).waitFor();
    expect(await page.getByText(photoMessages.notAnImage, { exact: true }).count()).toBe(0);

    await page.getByLabel("Phone number").fill("704-555-0111");
    await page.getByLabel("Property address").fill("9 Park Rd, Charlotte");
    await page.getByLabel("ZIP code").fill("28209");
    await page.getByRole("checkbox", { name: "Mulch Installation" }).click();
    await page.getByLabel("Preferred date").fill(daysFromToday(4));

    // The first attempt reaches the server, but the browser never hears back.
    let attempts = 0;
    await page.route("**/api/quotes", async (route) => {
      attempts += 1;
      if (attempts === 1) {
        await route.fetch();
        await route.abort("connectionreset");
      } else {
        await route.continue();
      }
    });
    await submitButton(page).click();
    // While it works (and retries), the button says so and cannot be pressed again.
    const busy = page.getByRole("button", { name: "Submitting Request..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await page.waitForURL((url) => url.pathname === "/quote-submitted", { timeout: 15_000 });
    expect(attempts).toBe(2);

    const jobs = await context.request.get("/api/customer/jobs");
    const list = ((await jobs.json()) as { jobs: { services: string[]; hasPhoto: boolean }[] }).jobs;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ services: ["mulch-installation"], hasPhoto: true });
  });

  it("/quote-submitted without state asks to submit the form first", async () => {
    for (const viewport of [desktop, mobile]) {
      const { page } = await open(viewport);
      await page.goto("/quote-submitted");
      await page.getByText("Missing quote details. Please submit the form first.", { exact: true }).waitFor();
      const link = page.getByRole("main").getByRole("link", { name: "Get an Instant Quote" });
      expect(await link.getAttribute("href")).toBe("/instant-quote");
      await expectNoSeriousA11yViolations(page, `quote-submitted-missing-${viewport.width}`);
      await screenshotFromTop(page, `quote-submitted-missing-${viewport.width}`);
    }
  });

  it("looks right at 375 px: the whole form and the confirmation", async () => {
    const { page } = await open(mobile);
    await gotoQuote(page);
    await page.getByRole("checkbox", { name: "Lawn Mowing" }).click();
    await expect.poll(() => estimate(page).textContent()).toBe("$50.00 – $75.00");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, "quote-form-375");
    await screenshotFromTop(page, "quote-form-375");

    await fillContact(page, { name: "Mo Mobile", email: uniqueEmail("mobile") });
    await page.getByLabel("Preferred date").fill(daysFromToday(2));
    await submitButton(page).click();
    await page.waitForURL((url) => url.pathname === "/quote-submitted");
    await page.getByRole("heading", { level: 1, name: "Thank you, Mo!" }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, "quote-submitted-375");
    await screenshotFromTop(page, "quote-submitted-375");
  });
});
