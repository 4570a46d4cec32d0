import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { HISTORY_PAGE } from "../../src/shared/notifications";
import { signUpAs, uniqueEmail } from "./support/auth";
import { desktop, mobile, screenshot } from "./support/browser";
import { useBrowser } from "./support/fixtures";
import { reviewApplication } from "./support/landscaper";
import {
  approvedMessage,
  bellOf,
  deniedMessage,
  headerHasBell,
  historyOf,
  isolatedZip,
  jobAlertPrefix,
  persistentContext,
  preferencesOf,
  toastWith,
  triggerAdminNotification,
} from "./support/notifications";
import { submitQuote } from "./support/quotes";

const historyPath = "/dashboard/notifications";
const settingsPath = "/dashboard/settings/notifications";

describe("notifications", () => {
  const browsing = useBrowser();
  let admin: BrowserContext;

  beforeAll(async () => {
    ({ context: admin } = await browsing.as("admin"));
  });

  /**
   * An approved landscaper (one 'application' notification) with a page of its own, covering a ZIP code no
   * other test's landscaper covers, so only this test's quotes alert them.
   */
  async function landscaper(viewport = desktop, serviceWorkers: "allow" | "block" = "block") {
    const zip = isolatedZip();
    const signedIn = await browsing.as("landscaper", {
      viewport,
      serviceWorkers,
      email: uniqueEmail("notify-landscaper"),
      profile: { zipCode: zip, serviceZipCodes: zip, travelRadius: 5 },
    });
    return { ...signedIn, zip };
  }

  /** A visitor asks for a quote in `zip`: approved landscapers covering it get a job alert. */
  const visitorQuote = (zip: string) => submitQuote({ fullName: "Vera Visitor", zipCode: zip });

  const items = (page: Page) => page.getByTestId("notification-item");
  const itemWith = (page: Page, text: string) => items(page).filter({ hasText: text });

  /** Marks the notification holding `text` read with its own button, and waits until the list shows it read. */
  async function markRead(page: Page, text: string) {
    await itemWith(page, text)
      .getByRole("button", { name: /^Mark as read/ })
      .click();
    await expect.poll(() => itemWith(page, text).getAttribute("data-read")).toBe("true");
  }

  async function openHistory(page: Page) {
    await page.goto(historyPath);
    await page.getByRole("heading", { level: 1, name: "Notification History" }).waitFor();
    await page.getByText("Loading notifications...").waitFor({ state: "detached" });
  }

  /** Opens `path` and waits until the live stream has answered (the server then delivers to this tab). */
  async function openLive(page: Page, open: (page: Page) => Promise<void>) {
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications/stream");
    await open(page);
    expect((await stream).status()).toBe(200);
  }

  async function openSettings(page: Page) {
    await page.goto(settingsPath);
    await page.getByRole("heading", { level: 1, name: "Notification Settings" }).waitFor();
    await page.getByRole("switch", { name: "Email notifications" }).waitFor();
  }

  async function seriousA11yViolations(page: Page) {
    const axe = await new AxeBuilder({ page }).include("#main").analyze();
    return axe.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`);
  }

  describe("access", () => {
    it.each([historyPath, settingsPath])(
      "sends a visitor from %s to the client login and back",
      async (path) => {
        const { page } = await browsing.open();
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === "/login/client");
        expect(new URL(page.url()).searchParams.get("redirect")).toBe(path);
      },
    );
  });

  describe("history", () => {
    it("lists the user's notifications with type, 'x ago' and a link that opens in a new tab", async () => {
      const { page, zip } = await landscaper();
      await visitorQuote(zip);
      await openHistory(page);
      expect(await page.title()).toBe("Notification History | GreenScape Charlotte");

      await expect.poll(() => items(page).count()).toBe(2);
      // Newest first: the job alert, then the approval.
      expect(await items(page).nth(0).textContent()).toContain(jobAlertPrefix(zip));
      expect(await items(page).nth(1).textContent()).toContain(approvedMessage);

      const job = itemWith(page, jobAlertPrefix(zip));
      expect(await job.getByText("Job", { exact: true }).isVisible()).toBe(true);
      expect(await job.locator("time").textContent()).toBe("just now");
      expect(await job.getAttribute("data-read")).toBe("false");
      const link = job.getByRole("link", { name: /Open/ });
      expect(await link.getAttribute("href")).toBe("/landscaper-dashboard");
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noopener");

      expect(
        await itemWith(page, approvedMessage).getByText("Application", { exact: true }).isVisible(),
      ).toBe(true);
      expect(await page.getByText("2 notifications · 2 unread").isVisible()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    it("filters the loaded notifications by type, read state and search", async () => {
      const { page, zip, context } = await landscaper();
      await visitorQuote(zip);
      await openHistory(page);
      await expect.poll(() => items(page).count()).toBe(2);

      // Read one (the approval) so the read filter has something on each side.
      await markRead(page, approvedMessage);
      expect((await bellOf(context)).unreadCount).toBe(1);

      const type = page.getByLabel("Type");
      const status = page.getByLabel("Status");
      const search = page.getByLabel("Search");

      await type.selectOption("job");
      await expect.poll(() => items(page).count()).toBe(1);
      expect(await items(page).first().textContent()).toContain(jobAlertPrefix(zip));
      expect(await page.getByText("Showing 1 of 2 loaded notifications").isVisible()).toBe(true);

      await type.selectOption("application");
      await expect.poll(() => items(page).count()).toBe(1);
      expect(await items(page).first().textContent()).toContain(approvedMessage);

      await type.selectOption("payment");
      await page.getByText("No notifications found").waitFor();

      await type.selectOption("all");
      await status.selectOption("unread");
      await expect.poll(() => items(page).count()).toBe(1);
      expect(await items(page).first().textContent()).toContain(jobAlertPrefix(zip));
      await status.selectOption("read");
      await expect.poll(() => items(page).count()).toBe(1);
      expect(await items(page).first().textContent()).toContain(approvedMessage);
      await status.selectOption("all");

      // Case-insensitive substring search on the message.
      await search.fill("APPROVED");
      await expect.poll(() => items(page).count()).toBe(1);
      expect(await items(page).first().textContent()).toContain(approvedMessage);
      await search.fill(zip);
      await expect.poll(() => items(page).count()).toBe(1);
      expect(await items(page).first().textContent()).toContain(jobAlertPrefix(zip));

      await search.fill("no such alert");
      await page.getByText("No notifications found").waitFor();
      await page.getByRole("button", { name: "Clear filters" }).click();
      await expect.poll(() => items(page).count()).toBe(2);
      expect(await search.inputValue()).toBe("");
    });

    it("marks all as read with the toast, and the server agrees", async () => {
      const { page, zip, context } = await landscaper();
      await visitorQuote(zip);
      await openHistory(page);
      await expect.poll(() => items(page).count()).toBe(2);
      await page.getByRole("button", { name: "Mark all as read" }).click();
      await toastWith(page, "All notifications marked as read.").waitFor();
      await expect
        .poll(() => page.locator("[data-testid='notification-item'][data-read='false']").count())
        .toBe(0);
      expect(await page.getByRole("button", { name: "Mark all as read" }).isDisabled()).toBe(true);
      expect((await bellOf(context)).unreadCount).toBe(0);
      expect((await historyOf(context)).every((item) => item.read)).toBe(true);
    });

    it("clears the history only after confirmation", async () => {
      const { page, context } = await landscaper();
      await openHistory(page);
      await expect.poll(() => items(page).count()).toBe(1);

      await page.getByRole("button", { name: "Clear History" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Clear notification history?" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await items(page).count()).toBe(1);
      expect(await historyOf(context)).toHaveLength(1);

      await page.getByRole("button", { name: "Clear History" }).click();
      await dialog.getByRole("button", { name: "Clear History" }).click();
      await toastWith(page, "Notification history cleared.").waitFor();
      await page.getByText("No notifications found").waitFor();
      expect(await historyOf(context)).toHaveLength(0);
      expect(await bellOf(context)).toEqual({ items: [], unreadCount: 0 });
      expect(await page.getByRole("button", { name: "Clear History" }).isDisabled()).toBe(true);
    });

    it(`shows the latest ${HISTORY_PAGE} and loads older ones on demand`, async () => {
      const { page, account, context } = await landscaper();
      // Each review decision notifies the landscaper: 1 approval so far, 53 more alternate deny/approve.
      for (let i = 0; i < 53; i++) await reviewApplication(admin, account, i % 2 === 0 ? "deny" : "approve");
      expect(await historyOf(context)).toHaveLength(HISTORY_PAGE);

      await openHistory(page);
      await expect.poll(() => items(page).count()).toBe(HISTORY_PAGE);
      await page.getByRole("button", { name: "Load older" }).click();
      await expect.poll(() => items(page).count()).toBe(54);
      expect(await page.getByRole("button", { name: "Load older" }).count()).toBe(0);
      // The oldest is the first approval; the newest the last decision (a denial).
      expect(await items(page).last().textContent()).toContain(approvedMessage);
      expect(await items(page).first().textContent()).toContain(deniedMessage);
    });
  });

  describe("live delivery", () => {
    it("an admin's open history gets a new notification without a reload, with the toast", async () => {
      const page = await admin.newPage();
      await openLive(page, openHistory);
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });

      const message = await triggerAdminNotification(
        await browsing.as("customer", { name: "Carla Canceller", email: uniqueEmail("notify-customer") }),
      );
      await toastWith(page, "New Notification", message).waitFor({ timeout: 15_000 });
      await itemWith(page, message).first().waitFor();
      expect(await itemWith(page, message).first().getAttribute("data-read")).toBe("false");
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );
      await page.close();
    });

    it("a landscaper's open notification page shows a new job alert live when a visitor asks for a quote", async () => {
      const { page, zip } = await landscaper();
      await openLive(page, openHistory);
      await expect.poll(() => items(page).count()).toBe(1);

      await visitorQuote(zip);
      await toastWith(page, "New Notification", jobAlertPrefix(zip)).waitFor({ timeout: 15_000 });
      await expect.poll(() => items(page).count()).toBe(2);
      expect(await items(page).first().textContent()).toContain(jobAlertPrefix(zip));
    });

    it("a landscaper's open dashboard shows the job alert in the header bell", async (ctx) => {
      const { page, zip } = await landscaper();
      const stream = page
        .waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications/stream")
        .catch(() => null);
      await page.goto("/landscaper-dashboard");
      if (!(await headerHasBell(page))) {
        ctx.skip("The header does not show the notifications bell yet (HeaderBell slot not mounted).");
      }
      const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
      await expect.poll(() => bell.first().getAttribute("aria-label")).toBe("Notifications, 1 unread");
      expect((await stream)?.status()).toBe(200);

      await visitorQuote(zip);
      await toastWith(page, "New Notification", jobAlertPrefix(zip)).waitFor({ timeout: 15_000 });
      await expect.poll(() => bell.first().getAttribute("aria-label")).toBe("Notifications, 2 unread");
      await bell.first().click();
      const menu = page.getByRole("menu");
      await menu.getByRole("menuitem", { name: new RegExp(jobAlertPrefix(zip)) }).waitFor();
    });
  });

  describe("bell", () => {
    it("lists the latest ten with '9+', marks one read on open and follows its link", async (ctx) => {
      const { page, account, context } = await landscaper();
      await page.goto(historyPath);
      if (!(await headerHasBell(page))) {
        ctx.skip("The header does not show the notifications bell yet (HeaderBell slot not mounted).");
      }
      // 1 approval + 11 decisions = 12 unread.
      for (let i = 0; i < 11; i++) await reviewApplication(admin, account, i % 2 === 0 ? "deny" : "approve");
      await page.reload();
      const bell = page
        .getByRole("banner")
        .getByRole("button", { name: /^Notifications/ })
        .first();
      await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications, 9+ unread (12)");
      expect(await bell.textContent()).toContain("9+");

      await bell.click();
      const menu = page.getByRole("menu");
      await menu.waitFor();
      const entries = menu.getByRole("menuitem").filter({ hasText: /ago|just now/ });
      expect(await entries.count()).toBe(10);
      expect(await menu.getByRole("menuitem", { name: "View all" }).getAttribute("href")).toBe(historyPath);
      expect(await menu.getByRole("menuitem", { name: "Settings" }).getAttribute("href")).toBe(settingsPath);
      await screenshot(page, "notifications-bell-1280");

      await entries.first().click();
      await page.waitForURL((url) => url.pathname === "/landscaper-dashboard");
      await expect.poll(async () => (await bellOf(context)).unreadCount).toBe(11);
      await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications, 9+ unread (11)");

      // Phone width: the menu fits the screen.
      const small = await context.newPage();
      await small.setViewportSize(mobile);
      await small.goto(historyPath);
      const smallBell = small
        .getByRole("banner")
        .getByRole("button", { name: /^Notifications/ })
        .first();
      await smallBell.click();
      const box = await small.getByRole("menu").boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= mobile.width).toBe(true);
      await screenshot(small, "notifications-bell-375");
    });
  });

  describe("preferences", () => {
    it("a customer has push and email (on by default), SMS for arrival updates and the message and arrival alerts; changes are saved", async () => {
      const { context, page } = await browsing.as("customer", { email: uniqueEmail("notify-prefs") });
      await openSettings(page);
      expect(await page.title()).toBe("Notification Settings | GreenScape Charlotte");

      expect(
        await page.getByRole("switch", { name: "Push notifications" }).getAttribute("aria-checked"),
      ).toBe("true");
      expect(
        await page.getByRole("switch", { name: "Email notifications" }).getAttribute("aria-checked"),
      ).toBe("true");
      const sms = page.getByRole("switch", { name: "SMS alerts" });
      expect(await sms.getAttribute("aria-checked")).toBe("false");
      expect(await sms.getAttribute("aria-describedby")).toBeTruthy();
      expect(await page.getByText("Text messages for arrival updates.").count()).toBe(1);
      expect(await page.getByLabel("Phone number").count()).toBe(0);
      for (const name of ["New messages", /^Arrival updates/]) {
        expect(await page.getByRole("switch", { name }).getAttribute("aria-checked")).toBe("true");
      }

      await page.getByRole("switch", { name: "Email notifications" }).click();
      await page.getByRole("switch", { name: "New messages" }).click();
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await toastWith(
        page,
        "Preferences Saved",
        "Your notification preferences have been updated.",
      ).waitFor();
      expect(await preferencesOf(context)).toMatchObject({
        emailOptIn: false,
        smsOptIn: false,
        messageAlerts: false,
        arrivalAlerts: true,
        smsAvailable: true,
      });

      await page.reload();
      await page.getByRole("switch", { name: "Email notifications" }).waitFor();
      expect(
        await page.getByRole("switch", { name: "Email notifications" }).getAttribute("aria-checked"),
      ).toBe("false");
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    it("a landscaper's SMS alerts need a phone number, shown only while SMS is on", async () => {
      const { page, context } = await landscaper();
      await openSettings(page);
      const sms = page.getByRole("switch", { name: "SMS alerts" });
      expect(await sms.getAttribute("aria-checked")).toBe("false");
      expect(await page.getByLabel("Phone number").count()).toBe(0);

      await sms.click();
      await toastWith(page, "Phone Number Required", "Please enter your phone number first.").waitFor();
      const phone = page.getByLabel("Phone number");
      await phone.waitFor();
      await expect.poll(() => phone.evaluate((el) => el === document.activeElement)).toBe(true);

      // Saving without the number is refused in the browser.
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await page
        .getByRole("main")
        .getByText("Please enter your phone number first.", { exact: true })
        .waitFor();
      expect(await phone.getAttribute("aria-invalid")).toBe("true");
      expect((await preferencesOf(context)).smsOptIn).toBe(false);

      await phone.fill("704-555-0123");
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await toastWith(page, "Preferences Saved").waitFor();
      expect(await preferencesOf(context)).toMatchObject({
        smsOptIn: true,
        phoneNumber: "704-555-0123",
        smsAvailable: true,
      });

      await page.reload();
      await page.getByRole("switch", { name: "SMS alerts" }).waitFor();
      expect(await page.getByRole("switch", { name: "SMS alerts" }).getAttribute("aria-checked")).toBe(
        "true",
      );
      expect(await page.getByLabel("Phone number").inputValue()).toBe("704-555-0123");
      await screenshot(page, "notifications-settings-1280");

      await page.getByRole("switch", { name: "SMS alerts" }).click();
      await page.getByLabel("Phone number").waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await toastWith(page, "Preferences Saved").waitFor();
      expect((await preferencesOf(context)).smsOptIn).toBe(false);
    });

    it("turning push on without the browser's permission shows 'Permission Required' and keeps it off", async () => {
      const { page, context } = await landscaper();
      await openSettings(page);
      const push = page.getByRole("switch", { name: "Push notifications" });
      // On by default: turn it off first (saved at once), then try to turn it on.
      await push.click();
      await expect.poll(async () => (await preferencesOf(context)).pushOptIn).toBe(false);
      expect(await push.getAttribute("aria-checked")).toBe("false");

      await push.click();
      await toastWith(
        page,
        "Permission Required",
        "Please allow notifications in your browser settings.",
      ).waitFor();
      await expect.poll(() => push.getAttribute("aria-checked")).toBe("false");
      expect((await preferencesOf(context)).pushOptIn).toBe(false);
    });

    it("turning push on with permission registers /sw.js and subscribes through the browser's push service (or reports its error)", async () => {
      const { context, close } = await persistentContext();
      try {
        await context.grantPermissions(["notifications"]);
        // A persistent context is not one of the browser's, so it signs up by hand here.
        await signUpAs(context, "landscaper", { email: uniqueEmail("notify-push") });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("console", (message) => {
          if (message.type() === "error") errors.push(message.text());
        });
        await openSettings(page);
        const push = page.getByRole("switch", { name: "Push notifications" });
        await push.click();
        await expect.poll(() => push.getAttribute("aria-checked")).toBe("false");
        await expect.poll(async () => (await preferencesOf(context)).pushOptIn).toBe(false);

        const stored = page
          .waitForResponse(
            (r) => r.url().endsWith("/api/push/subscriptions") && r.request().method() === "POST",
            {
              timeout: 45_000,
            },
          )
          .then((response) => ({ kind: "stored" as const, status: response.status() }));
        const failed = toastWith(page, "Error", "Failed to update push notification settings.")
          .waitFor({ timeout: 45_000 })
          .then(() => ({ kind: "failed" as const, status: 0 }));
        stored.catch(() => undefined);
        failed.catch(() => undefined);
        await push.click();
        const outcome = await Promise.race([stored, failed]);

        // Either way the service worker is registered at /sw.js.
        const script = await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration("/");
          return registration?.active?.scriptURL ?? registration?.installing?.scriptURL ?? null;
        });
        expect(script).toMatch(/\/sw\.js$/);

        if (outcome.kind === "stored") {
          expect(outcome.status).toBe(200);
          await expect.poll(async () => (await preferencesOf(context)).pushOptIn).toBe(true);
          await page.getByText("This browser receives push alerts.").waitFor();
        } else {
          // No push service reachable (an offline machine): the error is reported and push stays off.
          console.warn(`push: no subscription from the browser's push service (${errors.join(" | ")})`);
          await expect.poll(() => push.getAttribute("aria-checked")).toBe("false");
          expect(await push.isDisabled()).toBe(false);
          expect((await preferencesOf(context)).pushOptIn).toBe(false);
        }
      } finally {
        await close();
      }
    }, 90_000);

    it("with a stubbed push service, push on stores the subscription and push off deletes it", async () => {
      // Push needs the service worker running (other tests block it: decision record 027).
      const { page, context } = await landscaper(desktop, "allow");
      await context.grantPermissions(["notifications"]);
      // Chromium's real push service (FCM) needs the internet; stand in for PushManager only.
      await context.addInitScript(() => {
        let current: PushSubscription | null = null;
        const fake = (options: PushSubscriptionOptionsInit) =>
          ({
            endpoint: "https://push.example.test/send/e2e-subscription",
            options: { applicationServerKey: options.applicationServerKey, userVisibleOnly: true },
            toJSON: () => ({
              endpoint: "https://push.example.test/send/e2e-subscription",
              keys: {
                p256dh:
                  "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
                auth: "tBHItJI5svbpez7KI4CCXg",
              },
            }),
            unsubscribe: async () => {
              current = null;
              return true;
            },
          }) as unknown as PushSubscription;
        PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
          current = fake(options ?? {});
          return current;
        };
        PushManager.prototype.getSubscription = async function getSubscription() {
          return current;
        };
      });
      await openSettings(page);
      const push = page.getByRole("switch", { name: "Push notifications" });
      await page.getByText("Not set up in this browser yet.").waitFor();

      const stored = page.waitForResponse(
        (r) => r.url().endsWith("/api/push/subscriptions") && r.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Enable in this browser" }).click();
      const response = await stored;
      expect(response.status()).toBe(200);
      expect(response.request().postDataJSON()).toMatchObject({
        endpoint: "https://push.example.test/send/e2e-subscription",
        keys: { auth: "tBHItJI5svbpez7KI4CCXg" },
      });
      await page.getByText("This browser receives push alerts.").waitFor();
      expect(await push.getAttribute("aria-checked")).toBe("true");
      expect((await preferencesOf(context)).pushOptIn).toBe(true);

      const deleted = page.waitForResponse(
        (r) => r.url().endsWith("/api/push/subscriptions") && r.request().method() === "DELETE",
      );
      await push.click();
      expect((await deleted).status()).toBe(200);
      expect(await (await deleted).json()).toEqual({ deleted: 1 });
      await expect.poll(async () => (await preferencesOf(context)).pushOptIn).toBe(false);
      expect(await push.getAttribute("aria-checked")).toBe("false");
    });
  });

  describe("screens", () => {
    for (const viewport of [mobile, desktop]) {
      it(`history and settings at ${viewport.width}px`, async () => {
        const { page, zip, account } = await landscaper(viewport);
        await reviewApplication(admin, account, "deny");
        await reviewApplication(admin, account, "approve");
        await visitorQuote(zip);
        await openHistory(page);
        await expect.poll(() => items(page).count()).toBe(4);
        await markRead(page, deniedMessage);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(viewport.width);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `notifications-history-${viewport.width}`);

        await page.getByRole("button", { name: "Clear History" }).click();
        await page.getByRole("alertdialog").waitFor();
        await screenshot(page, `notifications-clear-dialog-${viewport.width}`);
        await page.keyboard.press("Escape");

        await openSettings(page);
        await page.getByRole("switch", { name: "SMS alerts" }).click();
        await page.getByLabel("Phone number").waitFor();
        const settingsWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(settingsWidth).toBeLessThanOrEqual(viewport.width);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `notifications-settings-sms-${viewport.width}`);
      });
    }
  });
});
