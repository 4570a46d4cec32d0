import { describe, expect, inject, it } from "vitest";
import { waitForEmail } from "./support/auth";
import { mobile } from "./support/browser";
import { useBrowser } from "./support/fixtures";

describe("trust: confirming the email address and changing the password while signed in", () => {
  const browsing = useBrowser();

  it("shows 'Confirm your email' with a resend button until the link is opened and confirmed", async () => {
    const { page, account } = await browsing.as("customer", {
      viewport: mobile,
      name: "Bea Banner",
      confirm: false,
    });
    await page.goto("/dashboard/customer");
    const banner = page.locator('[data-slot="confirm-email-banner"]');
    await banner.getByText("Confirm your email.", { exact: true }).waitFor();
    await expect(banner.textContent()).resolves.toContain(account.email);

    const resentAfter = Date.now();
    await banner.getByRole("button", { name: "Resend email" }).click();
    await banner
      .getByText("We sent a new confirmation link. It works once and expires in 24 hours.")
      .waitFor();

    const mail = await waitForEmail(inject("dataDir"), {
      to: account.email,
      since: resentAfter - 1000,
      subject: /^Confirm your email address$/,
    });
    const link = mail.links.find((url) => url.includes("/verify-email?token="))!;
    await page.goto(new URL(link).pathname + new URL(link).search);
    // Opening the link confirms nothing by itself (mail scanners open links): the button does.
    await page.getByRole("heading", { name: "Confirm your email address" }).waitFor();
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await page.getByRole("heading", { name: "Your email is confirmed." }).waitFor();

    await page.goto("/dashboard/customer");
    await page.locator("#main h1").first().waitFor();
    await expect(banner.count()).resolves.toBe(0);

    // The same link a second time is refused with a clear message.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await page
      .getByText("This confirmation link has already been used. If your email is confirmed, just sign in.")
      .waitFor();
  });

  it("gives a signed-in user 'Update Password' at /reset-password, with the spec's messages word for word", async () => {
    const { context, page, account } = await browsing.as("customer", { name: "Una Update" });
    await page.goto("/reset-password");
    await page.getByRole("heading", { name: "Set a New Password" }).waitFor();
    const submit = page.getByRole("button", { name: "Update Password" });

    await page.getByLabel("Current Password").fill(account.password);
    await submit.click();
    await page.getByText("Please fill in both password fields.", { exact: true }).waitFor();

    await page.getByLabel("New Password").fill("abcdefg1");
    await page.getByLabel("Confirm Password").fill("abcdefg2");
    await submit.click();
    await page.getByText("Passwords do not match.", { exact: true }).waitFor();

    await page.getByLabel("New Password").fill("abc");
    await page.getByLabel("Confirm Password").fill("abc");
    await submit.click();
    await page.getByText("Password must be at least 6 characters long.", { exact: true }).waitFor();

    // Each field has its show/hide toggle.
    await expect(page.getByRole("button", { name: /show password/i }).count()).resolves.toBe(3);

    await page.getByLabel("New Password").fill("brand-new-garden-9");
    await page.getByLabel("Confirm Password").fill("brand-new-garden-9");
    await submit.click();
    await page.getByRole("heading", { name: "Password Updated" }).waitFor();
    const signIn = await context.request.post("/api/auth/sign-in/email", {
      data: { email: account.email, password: "brand-new-garden-9", portal: "client" },
    });
    expect(signIn.status()).toBe(200);
  });

  it("sends a visitor at /reset-password without a token to /login/client", async () => {
    const { page } = await browsing.open();
    await page.goto("/reset-password");
    await page.waitForURL((url) => url.pathname === "/login/client", { timeout: 10_000 });
  });
});
