import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  adminAccount,
  defaultPassword,
  fillSignUp,
  sessionUserOf,
  signInThroughForm,
  signInViaApi,
  signUpViaApi,
  uniqueEmail,
  waitForEmail,
} from "./support/auth";
import { baseURL, desktop, mobile, screenshot, waitForPath } from "./support/browser";
import { type Role, useBrowser } from "./support/fixtures";
import { toastWith } from "./support/notifications";

describe("accounts", () => {
  const browsing = useBrowser();
  const open = browsing.open;

  function pathOf(page: Page): string {
    return new URL(page.url()).pathname;
  }

  async function isVisible(page: Page, text: string, timeout = 10_000): Promise<boolean> {
    await page.getByText(text, { exact: true }).first().waitFor({ state: "visible", timeout });
    return true;
  }

  describe("sign-up", () => {
    it("signs a client up and lands on /onboarding/client", async () => {
      const { context, page } = await open();
      await page.goto("/register/client");
      expect(await page.getByLabel("I am a:").inputValue()).toBe("customer");
      const email = uniqueEmail("client");
      await fillSignUp(page, { name: "Casey Client", email, password: defaultPassword });
      await page.getByRole("button", { name: "Create Account" }).click();
      await waitForPath(page, "/onboarding/client");
      expect(await isVisible(page, "Account created successfully!")).toBe(true);
      expect(await isVisible(page, "Redirecting to onboarding...")).toBe(true);
      const user = await sessionUserOf(context);
      expect(user?.email).toBe(email);
      expect(user?.role).toBe("customer");
    });

    it("preselects the landscaper role on /register/landscaper and lands on /onboarding/landscaper", async () => {
      const { context, page } = await open();
      await page.goto("/register/landscaper");
      expect(await page.getByLabel("I am a:").inputValue()).toBe("landscaper");
      await fillSignUp(page, {
        name: "Lee Landscaper",
        email: uniqueEmail("landscaper"),
        password: defaultPassword,
      });
      await page.getByRole("button", { name: "Create Account" }).click();
      await waitForPath(page, "/onboarding/landscaper");
      expect((await sessionUserOf(context))?.role).toBe("landscaper");
    });

    it("preselects the client role on /signup and /register, and offers both roles", async () => {
      const { page } = await open();
      for (const path of ["/signup", "/register"]) {
        await page.goto(path);
        expect(await page.getByLabel("I am a:").inputValue()).toBe("customer");
      }
      const options = await page.getByLabel("I am a:").locator("option").allTextContents();
      expect(options).toEqual(["Client (Need Landscaping)", "Landscaper (Provide Services)"]);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Create Your Account");
      await page.getByRole("link", { name: "Sign In", exact: true }).click();
      await waitForPath(page, "/login/client");
    });

    it("shows every sign-up validation message under its field", async () => {
      const { page } = await open();
      await page.goto("/signup");
      await page.getByRole("button", { name: "Create Account" }).click();
      for (const message of [
        "Full name is required",
        "Email is required",
        "Password is required",
        "Confirm your password",
      ]) {
        expect(await isVisible(page, message)).toBe(true);
      }
      // The first invalid field gets focus, and each field points at its message.
      const name = page.getByLabel("Full Name");
      expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await name.getAttribute("aria-describedby")) ?? "";
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Full name is required");

      await fillSignUp(page, {
        name: "Sam",
        email: "not-an-email",
        password: "123",
        confirmPassword: "1234",
      });
      await page.getByRole("button", { name: "Create Account" }).click();
      expect(await isVisible(page, "Enter a valid email")).toBe(true);
      expect(await isVisible(page, "Password must be at least 6 characters")).toBe(true);
      expect(await page.getByText("Full name is required").count()).toBe(0);

      await page.getByLabel("Email").fill(uniqueEmail("client"));
      await page.getByLabel("Password", { exact: true }).fill("long-enough");
      await page.getByLabel("Confirm Password").fill("different-one");
      await page.getByRole("button", { name: "Create Account" }).click();
      expect(await isVisible(page, "Passwords do not match")).toBe(true);
      expect(await page.getByLabel("Confirm Password").getAttribute("aria-invalid")).toBe("true");
      expect(pathOf(page)).toBe("/signup");
    });

    it("shows the 'Signup failed' toast for a taken email, and keeps the refusal in the form until the next try", async () => {
      const existing = await signUpViaApi(baseURL(), { role: "customer" });
      const { page } = await open();
      await page.goto("/register/client");
      await fillSignUp(page, { name: "Second Try", email: existing.email, password: defaultPassword });
      await page.getByRole("button", { name: "Create Account" }).click();
      const taken = "An account with this email already exists. Please sign in instead.";
      await toastWith(page, "Signup failed", taken).waitFor();
      expect(pathOf(page)).toBe("/register/client");
      // The toast goes after 5 seconds; the alert above the button stays, so the form does not look untouched.
      const inForm = page.locator("form").getByRole("alert").filter({ hasText: taken });
      await inForm.waitFor();
      await toastWith(page, "Signup failed").waitFor({ state: "detached", timeout: 10_000 });
      expect(await inForm.isVisible()).toBe(true);
      // It offers the way in: the login of the role chosen on the form.
      expect(await inForm.getByRole("link", { name: "Go to sign in" }).getAttribute("href")).toBe(
        "/login/customer",
      );
      // The next try clears it.
      await page.getByLabel("Email").fill(uniqueEmail("client"));
      await page.getByRole("button", { name: "Create Account" }).click();
      await waitForPath(page, "/onboarding/client");
    });

    it("can be completed with the keyboard alone", async () => {
      const { context, page } = await open();
      await page.goto("/signup");
      await page.getByLabel("I am a:").waitFor();
      // Skip link first, then straight into the form.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        await page.getByLabel("I am a:").getAttribute("id"),
      );
      await page.keyboard.press("ArrowDown");
      expect(await page.getByLabel("I am a:").inputValue()).toBe("landscaper");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Kim Keyboard");
      await page.keyboard.press("Tab");
      await page.keyboard.type(uniqueEmail("keyboard"));
      await page.keyboard.press("Tab");
      await page.keyboard.type(defaultPassword);
      await page.keyboard.press("Tab");
      // The show/hide toggle is reachable and works with Space.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
        "Show password",
      );
      await page.keyboard.press("Space");
      expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-pressed"))).toBe("true");
      await page.keyboard.press("Tab");
      await page.keyboard.type(defaultPassword);
      await page.keyboard.press("Enter");
      await waitForPath(page, "/onboarding/landscaper");
      expect((await sessionUserOf(context))?.name).toBe("Kim Keyboard");
    });
  });

  describe("sign-in", () => {
    it("shows 'Invalid email or password.' for a wrong password at /login/client", async () => {
      const account = await signUpViaApi(baseURL(), { role: "customer" });
      const { context, page } = await open();
      await signInThroughForm(page, { email: account.email, password: "wrong-password" });
      const alert = page.getByRole("alert").filter({ hasText: "Invalid email or password." });
      await alert.waitFor();
      expect(pathOf(page)).toBe("/login/client");
      expect(await sessionUserOf(context)).toBeNull();
      // Focus is back in the password field (the busy button had dropped it to the page).
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("autocomplete")))
        .toBe("current-password");
    });

    it("shows the form's own messages for empty fields", async () => {
      const { page } = await open();
      await page.goto("/login/landscaper");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Landscaper Login");
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      expect(await isVisible(page, "Email is required.")).toBe(true);
      expect(await isVisible(page, "Password is required.")).toBe(true);
      expect(await page.getByLabel("Email").evaluate((element) => element === document.activeElement)).toBe(
        true,
      );
    });

    it("toggles password visibility with an accessible button", async () => {
      const { page } = await open();
      await page.goto("/login/client");
      const password = page.getByLabel("Password", { exact: true });
      await password.fill("secret-value");
      expect(await password.getAttribute("type")).toBe("password");
      await page.getByRole("button", { name: "Show password" }).click();
      expect(await password.getAttribute("type")).toBe("text");
      const hide = page.getByRole("button", { name: "Hide password" });
      expect(await hide.getAttribute("aria-pressed")).toBe("true");
      await hide.click();
      expect(await password.getAttribute("type")).toBe("password");
    });

    // `%s`, not `$title`: Vitest shortens and quotes long `$` values in test names.
    it.each([
      [
        "sends a customer to /dashboard/customer-portal",
        "customer",
        "/login/client",
        "/dashboard/customer-portal",
      ],
      [
        "sends a landscaper to /landscaper-dashboard from the landscaper login",
        "landscaper",
        "/login/landscaper",
        "/landscaper-dashboard",
      ],
    ] as const)("%s", async (_, role, path, to) => {
      // Made outside the browser: the form is what signs in here.
      const account = await signUpViaApi(baseURL(), { role });
      const { page } = await open();
      await signInThroughForm(page, { path, email: account.email, password: account.password });
      await waitForPath(page, to);
    });

    it("rewrites ?redirect=/customer-dashboard and honours other same-site redirects", async () => {
      const account = await signUpViaApi(baseURL(), { role: "customer" });
      const { page } = await open();
      await signInThroughForm(page, {
        path: "/login/client?redirect=/customer-dashboard",
        email: account.email,
        password: account.password,
      });
      await waitForPath(page, "/dashboard/customer-portal");
      // Signed in now: the login page forwards at once, to the requested page.
      await page.goto("/login/client?redirect=/instant-quote");
      await waitForPath(page, "/instant-quote");
      await page.goto("/login/client?redirect=https://evil.test/");
      await waitForPath(page, "/dashboard/customer-portal");
    });

    it("redirects an already signed-in user away from the login pages", async () => {
      const { page } = await browsing.as("newLandscaper");
      await page.goto("/login/landscaper");
      await waitForPath(page, "/landscaper-dashboard");
      await page.goto("/login/client");
      await waitForPath(page, "/landscaper-dashboard");
    });

    it("sends the admin to /admin from /login/admin", async () => {
      const { context, page } = await open();
      await signInThroughForm(page, {
        path: "/login/admin",
        email: adminAccount.email,
        password: adminAccount.password,
      });
      await waitForPath(page, "/admin");
      expect((await sessionUserOf(context))?.isAdmin).toBe(true);
    });

    it("refuses a customer at /login/admin and leaves them signed out", async () => {
      const account = await signUpViaApi(baseURL(), { role: "customer" });
      const { context, page } = await open();
      await signInThroughForm(page, {
        path: "/login/admin",
        email: account.email,
        password: account.password,
      });
      await page.getByRole("alert").filter({ hasText: "Access Denied: Admin access required" }).waitFor();
      expect(pathOf(page)).toBe("/login/admin");
      expect(await sessionUserOf(context)).toBeNull();
    });

    it("shows 'Login Failed' with the server's message for wrong admin credentials", async () => {
      const { page } = await open();
      await signInThroughForm(page, {
        path: "/login/admin",
        email: uniqueEmail("nobody"),
        password: "nope-nope",
      });
      expect(await isVisible(page, "Login Failed")).toBe(true);
      expect(await isVisible(page, "Invalid email or password.")).toBe(true);
    });

    it("logs out from the header menu and returns to /", async () => {
      const { context, page, account } = await browsing.as("customer", { name: "Olive Out" });
      await page.goto("/dashboard/customer-portal");
      await page.getByRole("button", { name: /My Account/ }).click();
      await page.getByRole("menuitem", { name: "Logout" }).click();
      await waitForPath(page, "/");
      expect(await sessionUserOf(context)).toBeNull();
      // And the login page shows its form again.
      await page.goto("/login/client");
      await page.getByLabel("Email").fill(account.email);
    });
  });

  describe("/dashboard", () => {
    it("sends a visitor home", async () => {
      await browsing.expectRedirect("visitor", "/dashboard", "/");
    });

    it("sends each role to its own page", async () => {
      const cases: { role: Role; to: string }[] = [
        { role: "customer", to: "/dashboard/customer-portal" },
        { role: "newLandscaper", to: "/landscaper-dashboard" },
        { role: "admin", to: "/admin" },
      ];
      for (const { role, to } of cases) await browsing.expectRedirect(role, "/dashboard", to);
    });
  });

  describe("password recovery", () => {
    it("shows 'Check Your Email' after the forgot-password form", async () => {
      const { page } = await open();
      await page.goto("/forgot-password/client");
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      expect(await isVisible(page, "Please enter a valid email address")).toBe(true);
      await page.getByLabel("Email").fill(uniqueEmail("nobody"));
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      expect(await isVisible(page, "Check Your Email")).toBe(true);
      expect(await isVisible(page, "A password reset link has been sent to your email address.")).toBe(true);
      await page.getByRole("link", { name: "Back to Login" }).click();
      await waitForPath(page, "/login/client");
    });

    it("links the landscaper form back to /landscaper-login, which opens /login/landscaper", async () => {
      const { page } = await open();
      await page.goto("/forgot-password/landscaper");
      expect(await page.getByRole("link", { name: "Back to Login" }).getAttribute("href")).toBe(
        "/landscaper-login",
      );
      await page.getByRole("link", { name: "Back to Login" }).click();
      await waitForPath(page, "/login/landscaper");
    });

    it("shows the invalid-link text without a token and moves to /request-reset", async () => {
      const { page } = await open();
      await page.goto("/reset-password/client");
      expect(await isVisible(page, "This link is invalid or has expired.")).toBe(true);
      await waitForPath(page, "/request-reset", 5000);
    });

    it("reports an unknown token with each variant's message", async () => {
      const { page } = await open();
      for (const [path, message] of [
        ["/reset-password/landscaper?token=bogus-token", "Invalid or expired link."],
        ["/lux-reset-password?token=bogus-token", "This link is invalid or has expired."],
      ] as const) {
        await page.goto(path);
        await page.getByRole("button", { name: "Update Password" }).click();
        expect(await isVisible(page, "Please fill in both password fields.")).toBe(true);
        await page.getByLabel("New Password").fill("short");
        await page.getByLabel("Confirm Password").fill("shorter");
        await page.getByRole("button", { name: "Update Password" }).click();
        expect(await isVisible(page, "Passwords do not match.")).toBe(true);
        await page.getByLabel("Confirm Password").fill("short");
        await page.getByRole("button", { name: "Update Password" }).click();
        expect(await isVisible(page, "Password must be at least 6 characters long.")).toBe(true);
        await page.getByLabel("New Password").fill("long-enough-1");
        await page.getByLabel("Confirm Password").fill("long-enough-1");
        await page.getByRole("button", { name: "Update Password" }).click();
        await page.getByRole("alert").filter({ hasText: message }).waitFor();
      }
    });

    it("answers the request-reset form with toasts", async () => {
      const { page } = await open();
      await page.goto("/request-reset");
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      expect(await isVisible(page, "Email Required")).toBe(true);
      expect(await isVisible(page, "Please enter your email address.")).toBe(true);
      await page.getByLabel("Email").fill(uniqueEmail("nobody"));
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      expect(await isVisible(page, "Check your inbox for a reset link.")).toBe(true);
    });

    it("resets a password through the emailed link", async () => {
      const account = await signUpViaApi(baseURL(), { role: "customer" });
      const newPassword = "brand-new-pass-456";
      const { page } = await open();
      const since = Date.now() - 1000;
      await page.goto("/forgot-password/client");
      await page.getByLabel("Email").fill(account.email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      expect(await isVisible(page, "Check Your Email")).toBe(true);

      const mail = await waitForEmail(inject("dataDir"), { to: account.email, since, subject: /reset/i });
      const link = mail.links.find((href) => href.includes("token="));
      expect(link).toBeDefined();
      const url = new URL(link!);
      expect(url.pathname).toBe("/reset-password/client");
      expect(url.searchParams.get("email")).toBe(account.email);

      await page.goto(`${url.pathname}${url.search}`);
      expect(await isVisible(page, account.email)).toBe(true);
      await page.getByLabel("New Password").fill(newPassword);
      await page.getByLabel("Confirm Password").fill(newPassword);
      await page.getByRole("button", { name: "Update Password" }).click();
      expect(await isVisible(page, "Your password has been updated successfully.")).toBe(true);
      await waitForPath(page, "/login/client", 6000);

      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("alert").filter({ hasText: "Invalid email or password." }).waitFor();

      await page.getByLabel("Password", { exact: true }).fill(newPassword);
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, "/dashboard/customer-portal");

      // The link works once.
      const again = await open();
      await again.page.goto(`${url.pathname}${url.search}`);
      await again.page.getByLabel("New Password").fill("another-pass-789");
      await again.page.getByLabel("Confirm Password").fill("another-pass-789");
      await again.page.getByRole("button", { name: "Update Password" }).click();
      await again.page
        .getByRole("alert")
        .filter({ hasText: "This link is invalid or has expired." })
        .waitFor();
      expect((await signInViaApi(baseURL(), account.email, newPassword)).status).toBe(200);
    });
  });

  describe("landscaper portal", () => {
    it("sends visitors to /login/landscaper", async () => {
      await browsing.expectRedirect("visitor", "/landscaper-portal", "/login/landscaper");
    });

    it("welcomes a landscaper by first name with links onward", async () => {
      const { page } = await browsing.as("newLandscaper", { name: "Rowan Greenleaf" });
      await page.goto("/landscaper-portal");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome, Rowan!");
      expect(await isVisible(page, "Not started")).toBe(true);
      for (const [name, href] of [
        ["Finish your application", "/onboarding/landscaper"],
        ["Go to your dashboard", "/landscaper-dashboard"],
        ["Upload documents", "/upload-documents"],
        ["Notification settings", "/dashboard/settings/notifications"],
      ] as const) {
        expect(await page.getByRole("link", { name: new RegExp(name) }).getAttribute("href")).toBe(href);
      }
    });
  });

  describe("screenshots", () => {
    // One test per width: each visits every screen, which on a loaded 2-core machine takes a while.
    for (const viewport of [mobile, desktop]) {
      it(`captures each account screen at ${viewport.width} px, free of serious axe violations`, {
        timeout: 120_000,
      }, async () => {
        const {
          context,
          page,
          account: landscaper,
        } = await browsing.as("newLandscaper", { viewport, name: "Rowan Greenleaf" });
        // Signed in for the portal, signed out (these cookies cleared) for every other screen.
        const cookies = await context.cookies();
        const screens: {
          name: string;
          path: string;
          signedIn?: boolean;
          before?: (page: Page) => Promise<void>;
        }[] = [
          { name: "login-client", path: "/login/client" },
          { name: "login-landscaper", path: "/login/landscaper" },
          { name: "login-admin", path: "/login/admin" },
          { name: "sign-up", path: "/register/client" },
          {
            name: "sign-up-errors",
            path: "/signup",
            before: async (page) => {
              await page.getByRole("button", { name: "Create Account" }).click();
              await page.getByText("Full name is required").waitFor();
            },
          },
          {
            name: "login-client-error",
            path: "/login/client",
            before: async (page) => {
              await page.getByLabel("Email").fill(landscaper.email);
              await page.getByLabel("Password", { exact: true }).fill("wrong-password");
              await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
              await page.getByRole("alert").waitFor();
            },
          },
          {
            name: "login-admin-denied",
            path: "/login/admin",
            before: async (page) => {
              await page.getByLabel("Email").fill(landscaper.email);
              await page.getByLabel("Password", { exact: true }).fill(landscaper.password);
              await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
              await page.getByRole("alert").waitFor();
            },
          },
          {
            name: "sign-up-duplicate",
            path: "/register/landscaper",
            before: async (page) => {
              await fillSignUp(page, {
                name: "Rowan Again",
                email: landscaper.email,
                password: defaultPassword,
              });
              await page.getByRole("button", { name: "Create Account" }).click();
              await page.getByText("Signup failed", { exact: true }).waitFor();
            },
          },
          { name: "forgot-password", path: "/forgot-password/landscaper" },
          {
            name: "forgot-password-sent",
            path: "/forgot-password/client",
            before: async (page) => {
              await page.getByLabel("Email").fill("nobody-shot@e2e.test");
              await page.getByRole("button", { name: "Send Reset Link" }).click();
              await page.getByText("Check Your Email").waitFor();
            },
          },
          { name: "request-reset", path: "/request-reset" },
          { name: "reset-password", path: "/reset-password/client?token=demo&email=casey%40example.com" },
          { name: "reset-password-missing-token", path: "/reset" },
          { name: "landscaper-portal", path: "/landscaper-portal", signedIn: true },
        ];
        for (const screen of screens) {
          if (!screen.signedIn) await context.clearCookies();
          else await context.addCookies(cookies);
          await page.goto(screen.path);
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          await screen.before?.(page);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${screen.name} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
          const axe = await new AxeBuilder({ page }).include("#main").analyze();
          const serious = axe.violations
            .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
            .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`);
          expect(serious, `${screen.name} at ${viewport.width}px`).toEqual([]);
          // Full-page shots are taken from the top, or the sticky header lands mid-page.
          await page.evaluate(() => window.scrollTo(0, 0));
          await screenshot(page, `accounts-${screen.name}-${viewport.width}`);
        }
      });
    }
  });
});
