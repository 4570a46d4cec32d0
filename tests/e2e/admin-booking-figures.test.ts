import { rmSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../src/shared/dates";
import { okJson, saveTestCard } from "./support/api";
import { desktop } from "./support/browser";
import { useBrowser } from "./support/fixtures";
import { reviewApplication } from "./support/landscaper";
import { submitQuote } from "./support/quotes";
import { type AppServer, startAheadOf, startAppServer } from "./support/server-process";
import { expectAxeClean, savePng, scrollUnderHeader } from "./support/shots";

/**
 * Issue 35's booking figures on Admin → Analytics, beside the firm-price figures. A server of the file's own
 * (no demo data, so every figure is this file's): two instant-bookable pros, a customer who books two
 * requests at once (the pro releases one, and the platform books the other pro) and books a pro's offer for
 * a third, and a visitor's request nobody books. The page is then read from a second process on the same data
 * whose clock runs 26 hours ahead, so all four requests have had their 24 hours for the fill rate. Pictures at
 * 1280 and 390 px in docs/screenshots/issue-35/admin-figures.
 */
const shotsDir = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-35/admin-figures");
const admin = { email: "admin@e2e-booking-figures.test", password: "e2e-booking-figures-password" };
const env = { SEED_DEMO: "false", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
const ZIP = "28203";
const AHEAD_MS = 26 * 3_600_000;

describe("Admin → Analytics: booking figures (issue 35)", () => {
  const browsing = useBrowser();
  let today: AppServer | undefined;
  let ahead: AppServer | undefined;

  /** An approved landscaper covering ZIP who can be booked at once for mowing, any day, without notice. */
  async function instantPro(adminContext: BrowserContext, name: string) {
    const pro = await browsing.as("pendingLandscaper", {
      baseURL: today!.baseURL,
      name,
      profile: { serviceZipCodes: ZIP, travelRadius: 5 },
    });
    await reviewApplication(adminContext, pro.account, "approve");
    await okJson(
      await pro.context.request.put("/api/landscaper/availability", {
        data: {
          weekdays: [0, 1, 2, 3, 4, 5, 6],
          visitsPerDay: 4,
          noticeHours: 0,
          instantServices: ["lawn-mowing"],
          priceAdjustPercent: 0,
        },
      }),
      "availability",
    );
    return { context: pro.context, id: pro.account.user!.id };
  }

  beforeAll(async () => {
    today = await startAppServer({ label: "e2e-booking-figures", env, keepData: true });
    const desk = await browsing.as("admin", { baseURL: today.baseURL, existing: admin });
    const first = await instantPro(desk.context, "Fran First");
    const next = await instantPro(desk.context, "Ned Next");
    const customer = await browsing.as("customer", { baseURL: today.baseURL });
    const { card } = await saveTestCard(customer.context.request);
    const firm = { zipCode: ZIP, services: ["lawn-mowing" as const], sizeTier: "m" as const };
    const ask = () => submitQuote({ ...firm, as: customer.context, preferredDate: daysFromToday(9) });
    const post = async (context: BrowserContext, url: string, data: object, what: string) =>
      okJson(await context.request.post(url, { data }), what);

    // Two requests booked at once; the pro gives the second back and the platform books the next pro.
    for (const [index, date] of [daysFromToday(9), daysFromToday(10)].entries()) {
      const quote = await ask();
      await post(
        customer.context,
        `/api/quotes/${quote.id}/book`,
        { landscaperId: first.id, date, cardId: card.id },
        "book",
      );
      if (index === 1)
        await post(
          first.context,
          `/api/jobs/${quote.id}/release`,
          { reason: "My trailer broke." },
          "release",
        );
    }
    // A third by a pro's offer, which the customer books from their dashboard's list of offers.
    const offered = await ask();
    await post(next.context, `/api/jobs/${offered.id}/accept`, { scheduledDate: daysFromToday(11) }, "offer");
    const { jobs } = await okJson<{ jobs: { id: string; offers?: { offerId: string }[] }[] }>(
      await customer.context.request.get("/api/customer/jobs"),
      "customer jobs",
    );
    const offerId = jobs.find((job) => job.id === offered.id)?.offers?.[0]?.offerId;
    expect(offerId, "the pro's offer waits on the customer's request").toBeDefined();
    await post(
      customer.context,
      `/api/jobs/${offered.id}/offers/${offerId}/book`,
      { cardId: card.id },
      "book offer",
    );
    // A visitor's request nobody books.
    await submitQuote({ ...firm, baseURL: today.baseURL });

    ahead = await startAheadOf(today, { label: "e2e-booking-figures-ahead", env, aheadMs: AHEAD_MS });
  });
  afterAll(async () => {
    await ahead?.stop();
    await today?.stop();
    // The first server keeps its data for the second, which removes it; without a second, it goes here.
    if (today && !ahead) rmSync(today.dataDir, { recursive: true, force: true });
  });

  async function openAnalytics(viewport: { width: number; height: number }): Promise<Page> {
    const { page } = await browsing.as("admin", { baseURL: ahead!.baseURL, existing: admin, viewport });
    await page.goto("/admin/analytics");
    await page.getByRole("heading", { level: 1, name: "Analytics & Performance Insights" }).waitFor();
    await page.getByTestId("booking-figures").waitFor();
    await page.getByTestId("pricing-figures").waitFor();
    return page;
  }

  /** The figure named `label` in the Booking panel: its value and its definition. */
  async function figure(page: Page, label: string) {
    const box = page
      .getByRole("region", { name: "Booking" })
      .getByTestId("booking-figures")
      .locator("div")
      .filter({ has: page.getByText(label, { exact: true }) });
    const [value, note] = await box.locator("dd").allInnerTexts();
    return { value, note };
  }

  it("at 1280 px: the four figures with what each counts, beside the firm prices", async () => {
    const page = await openAnalytics(desktop);
    const panel = page.getByRole("region", { name: "Booking" });
    await panel.getByText("The last 30 days, today included.", { exact: false }).waitFor();
    // Four bookings: two at once, the platform's rebooking after the release, and one booked offer.
    expect(await figure(page, "Instant-booking share")).toEqual({
      value: "3 of 4 (75%)",
      note: "of bookings: a customer booked a chosen pro at once instead of approving an offer. The next pro booked after a release counts as an instant booking too.",
    });
    const median = await figure(page, "Median time from quote to booked");
    // Each booking came seconds after its request here.
    expect(median.value).toMatch(/^(under a minute|\d+ min)$/);
    expect(median.note).toBe(
      "from the request being sent to each booking, over the 4 bookings of these days.",
    );
    // Three of the four requests were booked within 24 hours; the visitor's never was.
    expect((await figure(page, "Filled within 24 hours")).value).toBe("3 of 4 (75%)");
    expect(await figure(page, "Releases per 100 instant bookings")).toEqual({
      value: "33.3",
      note: "1 release and 3 instant bookings in these days: a pro giving a booking back within 2 hours of it.",
    });

    await expectAxeClean(page, "#main", "analytics-figures-1280");
    await scrollUnderHeader(page.getByRole("region", { name: "Firm prices" }));
    await savePng(page, shotsDir, "analytics-figures-1280");

    // The range follows the charts' filter: in 7 days the same figures, said for 7 days.
    await page.getByLabel("Time Range").selectOption("7");
    await panel.getByText("The last 7 days, today included.", { exact: false }).waitFor();
    expect((await figure(page, "Instant-booking share")).value).toBe("3 of 4 (75%)");
  });

  it("at 390 px: the panel's figures one under another, each with its definition", async () => {
    const page = await openAnalytics({ width: 390, height: 844 });
    const panel = page.getByRole("region", { name: "Booking" });
    expect((await figure(page, "Releases per 100 instant bookings")).value).toBe("33.3");
    await expectAxeClean(page, "#main", "analytics-figures-390");
    await scrollUnderHeader(panel);
    await savePng(page, shotsDir, "booking-figures-390");
    await savePng(page, shotsDir, "booking-panel-390", { target: panel });
  });
});
