import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../../src/shared/accounts";
import { daysFromToday } from "../../src/shared/dates";
import { okJson, saveTestCard } from "./support/api";
import { defaultPassword, fillSignUp, uniqueEmail, waitForEmail } from "./support/auth";
import { screenshot } from "./support/browser";
import { type SignedInAccount, useBrowser } from "./support/fixtures";
import { reviewApplication, submitApplication } from "./support/landscaper";
import { isolatedZip } from "./support/notifications";
import { uploadJobPhotos } from "./support/photos";
import { submitQuote } from "./support/quotes";

/**
 * Stored XSS: every field people type that another screen shows is saved with markup that would run if
 * it were ever parsed as HTML, then every screen showing it is visited as the role that sees it.
 */

const img = `<img src=x onerror="window.__xss=1">`;
const script = "<script>window.__xss=2</script>";
/** A payload per field, labelled so a failure names the field. */
const payload = (label: string, kind: "img" | "script" = "img") =>
  `${label} ${kind === "img" ? img : script} end`;

const xss = {
  customerName: payload("Cxname"),
  customerStreet: payload("Cxstreet"),
  customerCity: payload("Cxcity", "script"),
  quoteName: payload("Qxname"),
  quoteAddress: payload("Qxaddress"),
  quoteNotes: payload("Qxnotes", "script"),
  cancelReason: payload("Rxreason"),
  ratingComment: payload("Rxcomment"),
  landscaperName: payload("Lxname"),
  landscaperBusiness: payload("Lxbusiness"),
  landscaperStreet: payload("Lxstreet"),
  pendingName: payload("Pxname"),
  pendingBusiness: payload("Pxbusiness", "script"),
  // Browsers percent-encode quotes in multipart file names, so this one runs without them.
  documentName: "Dxdoc <img src=x onerror=window.__xss=3>.pdf",
  reviewNotes: payload("Axnotes"),
};

describe("user text is shown as text on every screen (stored XSS)", () => {
  const browsing = useBrowser();
  let admin: BrowserContext;
  let customer: BrowserContext;
  let landscaper: BrowserContext;
  let pending: BrowserContext;
  let customerAccount: SignedInAccount;
  let rated: { id: string; number: number };
  let cancelled: { id: string; number: number };
  let open: { id: string; number: number };
  const zip = isolatedZip();

  beforeAll(async () => {
    ({ context: admin } = await browsing.as("admin"));

    // An approved landscaper covering an isolated ZIP, every profile text field a payload. The admin approves
    // here, not in the fixture, as the approval's notes are a payload too.
    const pro = await browsing.as("pendingLandscaper", {
      name: xss.landscaperName,
      email: uniqueEmail("xss-pro"),
      profile: {
        businessName: xss.landscaperBusiness,
        streetAddress: xss.landscaperStreet,
        zipCode: zip,
        serviceZipCodes: zip,
      },
    });
    landscaper = pro.context;
    await reviewApplication(admin, pro.account, "approve", xss.reviewNotes);

    // A pending applicant whose credentials carry a hostile file name, for the approvals screen.
    ({ context: pending } = await browsing.as("pendingLandscaper", {
      name: xss.pendingName,
      email: uniqueEmail("xss-pending"),
      profile: { businessName: xss.pendingBusiness },
    }));
    await submitApplication(pending, xss.documentName);

    // A customer: name, profile address and every quote field are payloads.
    ({ context: customer, account: customerAccount } = await browsing.as("customer", {
      name: xss.customerName,
      email: uniqueEmail("xss-customer"),
    }));
    await okJson(
      await customer.request.put("/api/customer/profile", {
        data: {
          fullName: xss.customerName,
          streetAddress: xss.customerStreet,
          city: xss.customerCity,
          state: "NC",
          zipCode: "28203",
          phoneNumber: "704-555-0142",
          propertyType: "residential",
        },
      }),
      "customer profile",
    );
    const quote = () =>
      submitQuote({
        as: customer,
        fullName: xss.quoteName,
        email: customerAccount.email,
        address: xss.quoteAddress,
        additionalNotes: xss.quoteNotes,
        zipCode: zip,
        preferredDate: daysFromToday(4),
      });
    rated = await quote();
    cancelled = await quote();
    open = await quote();

    // Through the whole lifecycle, so cancel reasons and rating comments exist too.
    await okJson(
      await landscaper.request.post(`/api/jobs/${rated.id}/accept`, { data: { price: 150 } }),
      "accept",
    );
    await saveTestCard(customer.request);
    await okJson(await customer.request.post(`/api/jobs/${rated.id}/approve`, { data: {} }), "approve");
    await uploadJobPhotos(landscaper.request, rated.id);
    await okJson(
      await landscaper.request.post(`/api/jobs/${rated.id}/complete`, { data: { finalPrice: 150 } }),
      "complete",
    );
    await okJson(
      await customer.request.post(`/api/jobs/${rated.id}/approve-work`, { data: {} }),
      "approve work",
    );
    await okJson(
      await customer.request.post(`/api/jobs/${rated.id}/rate`, {
        data: { rating: 5, punctuality: 5, communication: 5, comment: xss.ratingComment, tip: 10 },
      }),
      "rate",
    );
    // The landscaper's rating of the customer releases the double-blind review (issue 36), so the landscaper's
    // screens show its comment too.
    await okJson(
      await landscaper.request.post(`/api/jobs/${rated.id}/customer-rating`, {
        data: { stars: 5, note: "" },
      }),
      "rate the customer",
    );
    await okJson(
      await customer.request.post(`/api/jobs/${cancelled.id}/cancel`, { data: { reason: xss.cancelReason } }),
      "cancel",
    );
  });

  /**
   * Visits `path`, waits until every expected payload is on screen as text, then checks nothing of it ran
   * or became an element. Answers the page for extra checks.
   */
  async function visit(
    context: BrowserContext,
    path: string,
    expected: string[],
    label: string,
    prepare?: (page: Page) => Promise<void>,
  ) {
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(path);
    await prepare?.(page);
    for (const text of expected) {
      await page
        .getByText(text, { exact: false })
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(async (error) => {
          await screenshot(page, `xss-${label}-missing`);
          throw new Error(`${label}: "${text}" is not shown as text on ${path}`, { cause: error });
        });
    }
    await assertInert(page, label);
    expect(dialogs, label).toEqual([]);
    await screenshot(page, `xss-${label}`);
    return page;
  }

  async function assertInert(page: Page, label: string) {
    // Give an onerror handler time to fire, should an <img> have been created.
    await page.waitForTimeout(300);
    const state = await page.evaluate(() => ({
      flag: (window as unknown as { __xss?: unknown }).__xss,
      images: document.querySelectorAll('img[src="x"]').length,
      scripts: [...document.querySelectorAll("script")].filter((s) => s.textContent?.includes("__xss"))
        .length,
      handlers: document.querySelectorAll("[onerror]").length,
    }));
    expect(state, label).toEqual({ flag: undefined, images: 0, scripts: 0, handlers: 0 });
  }

  let screens = 0;
  const seen = async (...args: Parameters<typeof visit>) => {
    const page = await visit(...args);
    screens++;
    return page;
  };
  const seenAndClosed = async (...args: Parameters<typeof visit>) => (await seen(...args)).close();

  /** Who sees which screen, and the payloads each must show as text: [who, path, payloads, label]. */
  type Screen = ["customer" | "landscaper" | "pending", string, string[], string];
  it.each<[string, Screen[]]>([
    [
      "customer",
      [
        [
          "customer",
          "/dashboard/customer",
          [xss.quoteAddress, xss.quoteNotes, xss.cancelReason, xss.ratingComment, xss.landscaperName],
          "customer-dashboard",
        ],
        [
          "customer",
          "/dashboard/customer?tab=profile",
          [xss.customerName, xss.customerStreet, xss.customerCity],
          "customer-profile",
        ],
        ["customer", "/dashboard/customer-portal", [], "customer-portal"],
        ["customer", "/dashboard/notifications", [], "customer-notifications"],
      ],
    ],
    [
      "landscaper",
      [
        [
          "landscaper",
          // All but cancelled: the rated job is settled, so the default list leaves it to Completed.
          "/landscaper-dashboard?show=all",
          [xss.quoteName, xss.quoteAddress, xss.quoteNotes, xss.ratingComment, xss.landscaperBusiness],
          "landscaper-queue",
        ],
        [
          "landscaper",
          "/landscaper-dashboard?tab=profile",
          [xss.landscaperName, xss.landscaperStreet],
          "landscaper-profile",
        ],
        ["landscaper", "/landscaper-portal", [], "landscaper-portal"],
        ["landscaper", "/dashboard/notifications", [], "landscaper-notifications"],
        ["pending", "/upload-documents", [xss.documentName], "pending-documents"],
        ["pending", "/landscaper-dashboard", [xss.pendingBusiness], "pending-dashboard"],
      ],
    ],
  ])("%s screens", async (_, screens) => {
    // The contexts are made in beforeAll, so they are looked up when the test runs.
    const people = { customer, landscaper, pending };
    for (const [who, path, expected, label] of screens)
      await seenAndClosed(people[who], path, expected, label);
  });

  /** The admin lists keep their search in the page, not the URL: type it as an admin would. */
  const searchFor = (term: string, status?: string) => async (page: Page) => {
    const box = page
      .getByRole("main")
      .getByLabel(/^Search/)
      .first();
    await box.waitFor();
    if (status) {
      const select = page.getByRole("main").getByLabel("Status", { exact: true }).first();
      if ((await select.evaluate((element) => element.tagName)) === "SELECT") {
        await select.selectOption({ label: status });
      } else {
        await select.click();
        await page.getByRole("option", { name: status, exact: true }).click();
      }
    }
    await box.fill(term);
  };

  it("admin screens", async () => {
    const approvals = await seen(
      admin,
      "/admin/landscaper-approvals",
      [xss.pendingName, xss.pendingBusiness],
      "admin-approvals",
      searchFor("Pxname"),
    );
    // A long typed word (the payload's onerror="...") once widened the card past a phone's width.
    await approvals.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() => approvals.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await approvals.close();
    await seenAndClosed(
      admin,
      "/admin/landscaper-approvals",
      [xss.landscaperName, xss.landscaperBusiness, xss.reviewNotes],
      "admin-approvals-all",
      searchFor("Lxname", "Approved"),
    );
    await seenAndClosed(
      admin,
      "/admin/users",
      [xss.customerName, xss.landscaperName, xss.pendingName],
      "admin-users",
      searchFor("xss-"),
    );
    await seenAndClosed(
      admin,
      "/admin/jobs",
      [xss.quoteName, xss.cancelReason],
      "admin-jobs",
      searchFor(customerAccount.email),
    );
    await seenAndClosed(admin, "/admin", [], "admin-dashboard");
    await seenAndClosed(
      admin,
      "/dashboard/notifications",
      [`cancelled JOB-${cancelled.number}`],
      "admin-notifications",
    );
  });

  it("each job's own card holds its payloads as text", async () => {
    const page = await customer.newPage();
    await page.goto("/dashboard/customer");
    const cards = {
      rated: [xss.quoteAddress, xss.ratingComment, xss.landscaperName],
      cancelled: [xss.quoteAddress, xss.cancelReason],
      open: [xss.quoteAddress, xss.quoteNotes],
    };
    for (const [which, texts] of Object.entries(cards)) {
      const number = { rated, cancelled, open }[which as keyof typeof cards].number;
      const card = page.locator(`[data-testid="job-card"][data-job-number="${number}"]`);
      await card.waitFor();
      const text = (await card.textContent()) ?? "";
      for (const expected of texts) expect(text, `JOB-${number} (${which})`).toContain(expected);
    }
    await assertInert(page, "customer-job-cards");
    await page.close();
    expect(screens).toBeGreaterThanOrEqual(16);
  });
});

describe("a common password is refused with the server's message under the field", () => {
  const browsing = useBrowser();

  /** The message sits under the field the way zod messages do: aria-invalid and described by it. */
  async function expectFieldMessage(page: Page, label: string | RegExp) {
    const field =
      typeof label === "string" ? page.getByLabel(label, { exact: true }) : page.getByLabel(label);
    await page.getByText(messages.passwordTooCommon, { exact: true }).first().waitFor();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    const texts = await Promise.all(
      describedBy
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(texts).toContain(messages.passwordTooCommon);
  }

  it("on sign-up", async () => {
    const { context, page } = await browsing.open();
    await page.goto("/signup");
    await fillSignUp(page, { name: "Common Carl", email: uniqueEmail("common"), password: "Password1" });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectFieldMessage(page, "Password");
    expect(new URL(page.url()).pathname).toBe("/signup");
    await context.close();
  });

  it("on a password reset, which keeps the link usable", async () => {
    const { context, page, account } = await browsing.as("customer", { name: "Reset Rhea" });
    const since = Date.now();
    await context.request.post("/api/auth/request-password-reset", { data: { email: account.email } });
    const mail = await waitForEmail(inject("dataDir"), { to: account.email, since, subject: /reset/i });
    const link = mail.links.find((href) => href.includes("token="));
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByLabel("New Password").fill("qwerty123");
    await page.getByLabel("Confirm Password").fill("qwerty123");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expectFieldMessage(page, "New Password");
    expect(await page.getByText("invalid or has expired").count()).toBe(0);
    await page.getByLabel("New Password").fill("fresh-lawn-4471");
    await page.getByLabel("Confirm Password").fill("fresh-lawn-4471");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Your password has been updated successfully.").waitFor();
    await context.close();
  });

  it("on the settings' password change", async () => {
    const { context, page } = await browsing.as("pendingLandscaper", { name: "Setting Sam" });
    await page.goto("/landscaper-dashboard?tab=settings");
    await page.getByLabel("Current password").fill(defaultPassword);
    await page.getByLabel("New Password").fill("iloveyou");
    await page.getByLabel("Confirm Password").fill("iloveyou");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectFieldMessage(page, /^New Password/);
    // The current password was right: it is not the field blamed.
    expect(await page.getByLabel("Current password").getAttribute("aria-invalid")).toBeNull();
    await context.close();
  });
});
