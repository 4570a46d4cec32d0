import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { daysFromToday } from "../../src/shared/dates";
import { expectNoSeriousA11yViolations, screenshotFromTop } from "./support/a11y";
import { confirmEmailViaLink, uniqueEmail } from "./support/auth";
import { baseURL, mobile } from "./support/browser";
import { useBrowser } from "./support/fixtures";

/**
 * Issue 33, items 9, 10 and 16: a visitor's quote, then an account, typed once; one customer home that shows
 * the request before the email is confirmed and what waits on the customer after.
 */
describe("from a visitor's quote to a customer's home", () => {
  const browsing = useBrowser();

  async function sendQuote(page: Page, email: string) {
    await page.goto("/instant-quote");
    await expect.poll(() => page.getByLabel("Full name").isEnabled()).toBe(true);
    await page.getByLabel("Full name").fill("Nadia Newcomer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone number").fill("704-555-0188");
    await page.getByLabel("Property address").fill("2215 Selwyn Ave, Charlotte, NC");
    await page.getByLabel("ZIP code").fill("28207");
    await page.getByRole("checkbox", { name: "Lawn Mowing" }).click();
    await page.getByLabel("Preferred date").fill(daysFromToday(6));
    await page.getByRole("button", { name: "Submit Request" }).click();
    await page.waitForURL((url) => url.pathname === "/quote-submitted");
    await page.getByRole("heading", { level: 1, name: "Thank you, Nadia!" }).waitFor();
    const text = (await page.getByRole("main").textContent()) ?? "";
    const number = /JOB-(\d+)/.exec(text)?.[1];
    expect(number).toBeDefined();
    return `JOB-${number}`;
  }

  it("asks nothing twice, shows the request before the email is confirmed, and has one home", async () => {
    const { page } = await browsing.open(mobile);
    const email = uniqueEmail("newcomer");
    const job = await sendQuote(page, email);

    // The account is the first thing offered, before "Return to Home".
    const main = page.getByRole("main");
    const links = main.getByRole("link", { name: /Create an Account|Return to Home/ });
    expect(await links.allTextContents()).toEqual(["Create an Account", "Return to Home"]);
    await links.first().click();
    await page.waitForURL((url) => url.pathname === "/register/client");

    // Name and email come from the quote; only the password is new.
    await expect.poll(() => page.getByLabel("Full Name").inputValue()).toBe("Nadia Newcomer");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await page.getByLabel("Password", { exact: true }).fill("green-lawns-4-charlotte");
    await page.getByLabel("Confirm Password").fill("green-lawns-4-charlotte");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((url) => url.pathname === "/onboarding/client");

    // The address and phone too: the person checks them and continues.
    await expect.poll(() => page.getByLabel("Street address").inputValue()).toBe("2215 Selwyn Ave");
    expect(await page.getByLabel("City").inputValue()).toBe("Charlotte");
    expect(await page.getByLabel("ZIP code").inputValue()).toBe("28207");
    expect(await page.getByLabel("Phone number").inputValue()).toBe("704-555-0188");
    await page.getByRole("button", { name: "Continue to Dashboard" }).click();

    // One home, where signing in also lands: the request shows, waiting for the confirmation.
    await page.waitForURL((url) => url.pathname === "/dashboard/customer-portal");
    const waiting = page.getByRole("region", { name: /confirm your email to manage it/ });
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain(job);
    await expectNoSeriousA11yViolations(page, "portal-unconfirmed-390");
    await screenshotFromTop(page, "portal-unconfirmed-390");

    // The full list says the same instead of "No Project Requests Yet".
    await page.goto("/dashboard/customer");
    await page.getByRole("heading", { name: /confirm your email to manage it/ }).waitFor();
    expect(await page.getByText("No Project Requests Yet").count()).toBe(0);

    // Confirmed, the request is the account's own: a card in the list, no longer a waiting note.
    await confirmEmailViaLink(baseURL(), email);
    await page.reload();
    await page.locator(`[data-testid="job-card"]`).filter({ hasText: job }).waitFor();
    expect(await page.getByRole("heading", { name: /confirm your email to manage it/ }).count()).toBe(0);
  });

  it("signing in lands a customer on the same home", async () => {
    const { page } = await browsing.as("customer", { viewport: mobile });
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/dashboard/customer-portal");
    await page.getByRole("heading", { level: 1, name: /Welcome/ }).waitFor();
  });
});
