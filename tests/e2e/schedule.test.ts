import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, todayInCharlotte } from "../../src/shared/dates";
import { weekStartOf } from "../../src/shared/schedule";
import { wcagAxe } from "./support/a11y";
import { okJson, saveTestCard } from "./support/api";
import { mobile, screenshot, screenshotDir } from "./support/browser";
import { type SignedIn, useBrowser } from "./support/fixtures";
import { submitQuote } from "./support/quotes";

/** "Thursday, Nov 26", as the schedule's day headings say it. */
function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** What the screen shows with a dialog open (a full-page shot would stretch the page behind it). */
async function viewportShot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** A day of the schedule: its section, named by its heading. */
const daySection = (page: Page, date: string) =>
  page.getByRole("region", { name: new RegExp(`^${dayLabel(date)}(?!\\d)`) });

/** The names of a day's visits, in the order the screen lists them. */
async function visitNames(page: Page, date: string): Promise<string[]> {
  return daySection(page, date)
    .getByRole("listitem")
    .getByRole("button")
    .evaluateAll((buttons) => buttons.map((b) => b.textContent ?? ""));
}

/**
 * Issue 17, the landscaper's week: visits booked in several ZIPs come out by day in the suggested driving
 * order from the landscaper's base (Uptown, 28202), each leg measured; the keyboard reaches a visit and opens
 * its job card, and closing it returns to the visit.
 */
describe("the landscaper's schedule", () => {
  const browsing = useBrowser();
  let customer: SignedIn;
  let pro: SignedIn;

  beforeAll(async () => {
    customer = await browsing.as("customer", { name: "Sasha Schedule" });
    await saveTestCard(customer.context.request);
  });

  /** A visit booked with the landscaper for `date`: asked for, accepted at a price, approved by the customer. */
  async function book(fullName: string, zipCode: string, address: string, date: string) {
    const quote = await submitQuote({
      as: customer.context,
      email: customer.account.email,
      fullName,
      zipCode,
      address,
      services: ["lawn-mowing"],
      preferredDate: date,
    });
    await okJson(
      await pro.context.request.post(`/api/jobs/${quote.id}/accept`, {
        data: { price: 70, scheduledDate: date },
      }),
      "accept",
    );
    await okJson(
      await customer.context.request.post(`/api/jobs/${quote.id}/approve`, { data: {} }),
      "approve",
    );
    return quote;
  }

  it("lists this week by day in the suggested driving order; the keyboard opens a visit's job", async () => {
    // A landscaper of this attempt's own (a retry starts with an empty week), based at 100 N Tryon St, 28202
    // (the test profile's address), with the visits' ZIPs listed so they are covered.
    pro = await browsing.as("landscaper", {
      name: "Wes Weekly",
      profile: { serviceZipCodes: "28202, 28203, 28210, 28277" },
    });
    const today = todayInCharlotte();
    // Today: three visits, booked farthest first. From Uptown the order is Dilworth, SouthPark, Ballantyne.
    const ballantyne = await book("Bea Ballantyne", "28277", "9800 Rea Rd, Charlotte, NC", today);
    const southPark = await book("Sam SouthPark", "28210", "4400 Sharon Rd, Charlotte, NC", today);
    const dilworth = await book("Dana Dilworth", "28203", "1500 East Blvd, Charlotte, NC", today);
    // Another day: tomorrow, this week's Sunday at the latest (or next week's Monday on a Sunday).
    const later = addDaysIso(today, 1);
    const laterWeek = weekStartOf(later) === weekStartOf(today) ? "this" : "next";
    const tomorrow = await book("Tom Tomorrow", "28203", "400 Kenilworth Ave, Charlotte, NC", later);

    const page = pro.page;
    await page.goto("/landscaper-dashboard");
    // The tab, as a person finds it: the Schedule tab of the dashboard, which the URL then remembers.
    await page.getByRole("tab", { name: "Schedule" }).click();
    await page.waitForURL(/[?&]tab=schedule/);
    const todays = daySection(page, today);
    await todays.getByRole("listitem").first().waitFor();

    // Today is marked, with its three visits in order, numbered, each leg measured, and the day's total.
    await expect.poll(() => todays.getAttribute("aria-current")).toBe("date");
    await todays.getByText("Today", { exact: true }).waitFor();
    expect(await visitNames(page, today)).toEqual([
      `Stop 1: Dana Dilworth · JOB-${dilworth.number}`,
      `Stop 2: Sam SouthPark · JOB-${southPark.number}`,
      `Stop 3: Bea Ballantyne · JOB-${ballantyne.number}`,
    ]);
    const rows = todays.getByRole("listitem");
    expect(await rows.nth(0).textContent()).toMatch(/^1\..*Dilworth \(28203\).*\d+\.\d mi from your base/);
    expect(await rows.nth(1).textContent()).toMatch(
      /^2\..*SouthPark \(28210\).*\d+\.\d mi from the previous stop/,
    );
    expect(await rows.nth(2).textContent()).toMatch(
      /^3\..*Ballantyne \(28277\).*\d+\.\d mi from the previous stop/,
    );
    await todays
      .getByText(
        /^3 visits · about \d+\.\d mi from your base to the last stop \(not counting the drive home\)$/,
      )
      .waitFor();

    // Booked farthest first, the suggested order saves driving: the minutes the server worked out, and the
    // whole day in Google Maps from the base through the stops in the shown order.
    const answer = await okJson<{
      weeks: Record<string, { days: { date: string; minutesSaved: number }[] }>;
    }>(await page.request.get("/api/landscaper/schedule"), "schedule");
    const saved = Object.values(answer.weeks)
      .flatMap((week) => week.days)
      .find((day) => day.date === today)!.minutesSaved;
    expect(saved).toBeGreaterThanOrEqual(1);
    await todays
      .getByText(`Suggested order saves about ${saved} min against the order the visits were booked in`)
      .waitFor();
    const maps = new URL(
      (await todays.getByRole("link", { name: /^Open in Maps/ }).getAttribute("href")) ?? "",
    );
    expect(maps.origin + maps.pathname).toBe("https://www.google.com/maps/dir/");
    expect(maps.searchParams.get("origin")).toMatch(/^100 N Tryon St.*28202$/);
    expect(maps.searchParams.get("waypoints")).toBe(
      "1500 East Blvd, Charlotte, NC 28203|4400 Sharon Rd, Charlotte, NC 28210",
    );
    expect(maps.searchParams.get("destination")).toBe("9800 Rea Rd, Charlotte, NC 28277");

    // The other day's visit is under its own heading, in whichever week holds it; days without one say so.
    if (laterWeek === "next") await page.getByRole("button", { name: /^Next week/ }).click();
    expect(await visitNames(page, later)).toEqual([`Stop 1: Tom Tomorrow · JOB-${tomorrow.number}`]);
    await expect.poll(() => page.getByText("No visits", { exact: true }).count()).toBeGreaterThan(0);
    if (laterWeek === "next") await page.getByRole("button", { name: /^This week/ }).click();

    // Axe on the tab with visits, and the screenshots at 1280 px and on a 375 px phone.
    const result = await wcagAxe(page).include("#main").analyze();
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await screenshot(page, "schedule-week-1280");

    // The keyboard: from the week switch, Tab reaches the first visit of the week; Enter opens its job.
    await page.getByRole("button", { name: /^This week/ }).focus();
    const first = todays.getByRole("button", { name: /^Stop 1: Dana Dilworth/ });
    for (let presses = 0; presses < 40; presses++) {
      if (await first.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    expect(await first.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `JOB-${dilworth.number} · Dana Dilworth` });
    await dialog.waitFor();
    // The job card the queue shows: the address, the customer's phone, the visit's buttons.
    const card = dialog.getByRole("article");
    await card.getByText("1500 East Blvd, Charlotte, NC").waitFor();
    await card.getByRole("button", { name: "On my way" }).waitFor();
    await dialog.getByText(`${dayLabel(today)}, stop 1 of 3`).waitFor();
    const inDialog = await wcagAxe(page).include('[role="dialog"]').analyze();
    expect(inDialog.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await viewportShot(page, "schedule-visit-dialog-1280");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Radix gives focus back in a timeout after the dialog unmounts: on a busy machine that lands a moment
    // after the dialog is gone (CI failed here twice with both cores loaded).
    await expect.poll(() => first.evaluate((button) => button === document.activeElement)).toBe(true);

    // On a phone: the same week as a list.
    const phone = await browsing.as("landscaper", {
      viewport: mobile,
      existing: { email: pro.account.email, password: pro.account.password },
    });
    await phone.page.goto("/landscaper-dashboard?tab=schedule");
    await daySection(phone.page, today).getByRole("listitem").first().waitFor();
    expect(await visitNames(phone.page, today)).toEqual(await visitNames(page, today));
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(phone.page, "schedule-week-375");
    // A tap opens the visit, and its job card acts as in the queue: 'On my way' from inside the dialog, which
    // the schedule then shows on the visit.
    const phoneDay = daySection(phone.page, today);
    await phoneDay.getByRole("button", { name: /^Stop 2: / }).click();
    const visit = phone.page.getByRole("dialog", { name: `JOB-${southPark.number} · Sam SouthPark` });
    await visit.getByText("4400 Sharon Rd, Charlotte, NC").waitFor();
    await viewportShot(phone.page, "schedule-visit-dialog-375");
    await visit.getByRole("button", { name: "On my way" }).click();
    const onWay = phone.page.getByRole("dialog", {
      name: new RegExp(`On your way to JOB-${southPark.number}`),
    });
    await onWay.getByRole("radio", { name: "30 min" }).check();
    await onWay.getByRole("button", { name: "Send" }).click();
    await visit.getByText(/On the way · arriving about/).waitFor();
    await phone.page.keyboard.press("Escape");
    await visit.waitFor({ state: "detached" });
    await phoneDay.getByRole("listitem").nth(1).getByText("On the way", { exact: true }).waitFor();
  });
});
