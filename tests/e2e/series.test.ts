import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitDay } from "../../src/client/features/series/lib/series";
import { addDaysIso, formatLongDate, todayInCharlotte } from "../../src/shared/dates";
import type { CustomerJobsAnswer, JobView } from "../../src/shared/jobs";
import { weekdayNames } from "../../src/shared/recurring";
import { weekStartOf } from "../../src/shared/schedule";
import { wcagAxe } from "./support/a11y";
import { okJson, saveTestCard } from "./support/api";
import { desktop, mobile, screenshot, screenshotDir } from "./support/browser";
import { asDemoLandscaper, demoLandscaper, startDemoServer } from "./support/demo-server";
import { type SignedIn, useBrowser } from "./support/fixtures";
import { uploadJobPhotos } from "./support/photos";
import { submitQuote } from "./support/quotes";
import type { AppServer } from "./support/server-process";

/** What the screen shows with a dialog open (a full-page shot would stretch the page behind it). */
async function viewportShot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * The same screen at 375 px and at 1280 px (a dialog as the viewport shows it, a page whole), back at the
 * width the page had.
 */
async function shots(page: Page, name: string, { dialog = false } = {}) {
  const before = page.viewportSize() ?? mobile;
  for (const [size, width] of [
    [mobile, 375],
    [desktop, 1280],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    if (dialog) await viewportShot(page, `${name}-${width}`);
    else {
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `${name}-${width}`);
    }
  }
  await page.setViewportSize(before);
}

/** Closes the open toasts, so a screenshot shows the page (a toast floats over the viewport's corner). */
async function dismissToasts(page: Page) {
  const close = page.getByRole("button", { name: "Dismiss notification" });
  for (let i = 0; i < 5 && (await close.count()) > 0; i++)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await expect.poll(() => close.count()).toBe(0);
}

/** No serious or critical axe violation in the open dialog (it is portalled outside <main>). */
async function expectDialogAxeClean(page: Page, label: string) {
  const result = await wcagAxe(page).include('[role="dialog"]').analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target).join(", ")}`);
  expect(serious, label).toEqual([]);
}

const customerCard = (page: Page, number: number): Locator =>
  page.locator(`[data-testid="job-card"][data-job-number="${number}"]`);
const proCard = (page: Page, number: number) =>
  page.getByRole("article").filter({ hasText: `JOB-${number}` });

/**
 * Issue 17, recurring service in the browser: a customer books weekly mowing from the quote form, the
 * landscaper offers the series at a price per visit on a weekday, the customer approves once and 8 visits
 * appear on both sides; the customer skips one and pauses, the landscaper moves one for rain, the customer
 * sees the new day and declines it. A completed job is booked again on a schedule.
 */
describe("recurring series", () => {
  const browsing = useBrowser();
  let server: AppServer;
  let customer: SignedIn;
  let pro: SignedIn;

  const today = todayInCharlotte();
  const preferred = addDaysIso(today, 3);
  // The series' day: the weekday of the day after the preferred date, so the first visit is that day.
  const first = addDaysIso(today, 4);
  const weekday = new Date(`${first}T12:00:00Z`).getUTCDay();
  const visitDates = Array.from({ length: 8 }, (_, i) => addDaysIso(first, 7 * i));

  let jobNumber = 0;
  let seriesNumber = 0;
  /** The series' visits (job numbers) by date, once it is active. */
  const visitByDate = new Map<string, number>();

  beforeAll(async () => {
    server = await startDemoServer({ label: "e2e-series" });
    customer = await browsing.as("customer", {
      baseURL: server.baseURL,
      viewport: mobile,
      name: "Wendy Weekly",
    });
    pro = await browsing.as("landscaper", asDemoLandscaper(server, mobile));
    await saveTestCard(customer.context.request);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function customerJobs(): Promise<JobView[]> {
    const answer = await okJson<CustomerJobsAnswer>(
      await customer.context.request.get("/api/customer/jobs"),
      "customer jobs",
    );
    return answer.jobs;
  }

  it("a customer on a phone asks for weekly mowing from the quote form", async () => {
    const page = customer.page;
    await page.goto("/instant-quote");
    // The account fills in the name (and email) once it has loaded.
    await expect
      .poll(() => page.getByLabel("Full name").inputValue(), { timeout: 15_000 })
      .toBe("Wendy Weekly");
    await page.getByLabel("Phone number").fill("704-555-0142");
    await page.getByLabel("Property address").fill("600 East Blvd, Charlotte, NC 28203");

    // With a service that does not recur, 'One time' only, and why.
    await page.getByRole("checkbox", { name: "Lawn Mowing" }).click();
    await page.getByRole("checkbox", { name: "Leaf Removal" }).click();
    const often = page.getByRole("group", { name: "How often?" });
    await often
      .getByText(/offered for mowing, edging and trimming, and flower bed maintenance only/)
      .waitFor();
    expect(await often.getByRole("radio").count()).toBe(1);
    await page.getByRole("checkbox", { name: "Leaf Removal" }).click();

    // Mowing alone: the four choices.
    await expect.poll(() => often.getByRole("radio").count()).toBe(4);
    await often.getByRole("radio", { name: /^Weekly/ }).check();
    // Only a recurring choice says what the date means.
    await often.getByText("For a repeating service the date is the first visit", { exact: false }).waitFor();
    await page.getByLabel("First visit (preferred date)").waitFor();
    await page.getByLabel(/preferred date/i).fill(preferred);
    await often.scrollIntoViewIfNeeded();
    const result = await wcagAxe(page).include("#main").analyze();
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await shots(page, "series-quote-form");

    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/quotes") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Submit Request" }).click(),
    ]);
    expect(sent.status(), await sent.text()).toBe(200);
    await page.waitForURL(/\/quote-submitted/);
    const request = (await customerJobs()).find((job) => job.series?.status === "requested");
    expect(request?.series?.frequency).toBe("weekly");
    jobNumber = request!.number;
    seriesNumber = request!.series!.number;
  });

  it("the landscaper accepts the series with a price per visit and a weekday", async () => {
    const page = pro.page;
    await page.goto("/landscaper-dashboard?show=open&sort=newest");
    const card = proCard(page, jobNumber);
    await card.waitFor();
    expect(await card.getByTestId("frequency-badge").textContent()).toBe("Weekly");
    await card.getByText("Weekly — you offer a price per visit and a weekday").waitFor();

    await card.getByRole("button", { name: "Make an offer", exact: true }).click();
    // Named by what and where, not by its number (which the description still gives).
    const dialog = page.getByRole("dialog", { name: /^Offer a price for weekly / });
    await dialog.getByText(`(SER-${seriesNumber})`, { exact: false }).waitFor();
    await dialog.getByText("you offer a price per visit and a weekday.", { exact: false }).waitFor();
    // The day starts at the preferred date's weekday; the first visit follows the day chosen.
    const day = dialog.getByLabel("Day of the week");
    expect(await day.inputValue()).toBe(String(new Date(`${preferred}T12:00:00Z`).getUTCDay()));
    await day.selectOption(String(weekday));
    await dialog.getByText(`First visit: ${visitDay(first)}`).waitFor();
    // A price is required.
    await dialog.getByRole("button", { name: "Send offer" }).click();
    await dialog.getByText(/price/i).first().waitFor();
    await dialog.getByLabel("Price per visit (USD)").fill("45");
    await dialog.getByText("Yours is below it; the customer sees both.", { exact: false }).waitFor();
    await expectDialogAxeClean(page, "accept-series");
    await shots(page, "series-accept-dialog", { dialog: true });
    await dialog.getByRole("button", { name: "Send offer" }).click();
    await dialog.waitFor({ state: "hidden" });
    // Accepted, it leaves the open requests: among the landscaper's jobs, the offer waits for the customer.
    await page.goto("/landscaper-dashboard?show=accepted&sort=newest");
    const offered = proCard(page, jobNumber);
    await offered
      .getByText(`SER-${seriesNumber}: weekly, ${weekdayNames[weekday]}s, $45.00 a visit`, { exact: false })
      .waitFor();
    // No visits exist yet: the offer is withdrawn, not a series left (its dialog said visits go back).
    expect(await offered.getByRole("button", { name: "Leave series" }).count()).toBe(0);
    await offered.getByRole("button", { name: "Withdraw offer" }).click();
    const withdraw = page.getByRole("dialog", { name: `Withdraw your offer for SER-${seriesNumber}?` });
    await withdraw
      .getByText("The request goes back to the queue for other landscapers", { exact: false })
      .waitFor();
    await withdraw.getByRole("button", { name: "Keep my offer" }).click();
    await withdraw.waitFor({ state: "hidden" });
  });

  it("the customer approves once and 8 visits appear for both", async () => {
    const page = customer.page;
    await page.goto("/dashboard/customer");
    const card = customerCard(page, jobNumber);
    await card.getByRole("button", { name: "Approve & book" }).click();
    const dialog = page.getByRole("dialog", { name: "Approve & book" });
    // The series' terms as a list: today's hold apart from the later visits', and that it rolls on.
    const terms = dialog.getByTestId("series-terms");
    await terms.getByText(`Every ${weekdayNames[weekday]} · $45.00 a visit`).waitFor();
    await terms.getByText(`Today: $45.00 held for the first visit (${visitDay(first)}).`).waitFor();
    await terms
      .getByText(
        "Later visits: held 2 days before each, charged after you approve the work (or 48 hours after it is marked complete if you don't answer).",
      )
      .waitFor();
    await terms
      .getByText("We keep the next 8 visits booked; the series continues until you cancel.")
      .waitFor();
    await expectDialogAxeClean(page, "approve-series");
    await shots(page, "series-approve-dialog", { dialog: true });
    await dialog.getByRole("button", { name: "Approve & book" }).click();
    await dialog.waitFor({ state: "hidden" });

    // The customer's series panel lists the 8 visits, with their dates.
    const panel = page.locator(`[data-testid="series-panel"][data-series-number="${seriesNumber}"]`);
    const rows = panel.getByTestId("series-visit");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(8);
    expect(await rows.evaluateAll((items) => items.map((item) => item.textContent ?? ""))).toEqual(
      expect.arrayContaining(visitDates.map((date) => expect.stringContaining(visitDay(date)))),
    );
    await panel
      .getByText(new RegExp(`^Every ${weekdayNames[weekday]} · \\$45\\.00 a visit · with .*Carlos Mendoza$`))
      .waitFor();
    const result = await wcagAxe(page).include("#main").analyze();
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    // One label for skipping, in the panel and on the first visit's card; the card names its series.
    await panel.getByRole("button", { name: `Skip this visit, ${visitDay(first)}`, exact: true }).waitFor();
    const firstCard = customerCard(page, jobNumber);
    await firstCard.getByRole("button", { name: "Skip this visit" }).waitFor();
    await firstCard.getByText(`A visit of weekly lawn mowing (SER-${seriesNumber})`).waitFor();
    await dismissToasts(page);
    await shots(page, "series-customer-panel");

    const jobs = await customerJobs();
    for (const job of jobs)
      if (job.series?.number === seriesNumber && job.status === "scheduled")
        visitByDate.set(job.scheduledDate!, job.number);
    expect([...visitByDate.keys()].sort()).toEqual(visitDates);

    // The landscaper's list: the series' first visit, with the other 7 left to the Schedule tab.
    const phone = pro.page;
    await phone.goto(
      `/landscaper-dashboard?show=accepted&sort=soonest&from=${first}&to=${visitDates.at(-1)}`,
    );
    const visits = phone.getByRole("article").filter({ hasText: `SER-${seriesNumber}` });
    await expect.poll(() => visits.count(), { timeout: 15_000 }).toBe(1);
    await visits.getByText(`JOB-${visitByDate.get(first)}`, { exact: false }).waitFor();
    await phone.getByText(`7 more visits of SER-${seriesNumber}`, { exact: false }).waitFor();
    // The Schedule shows two weeks: the card names the later dates itself, and the visit's own date, not
    // the customer's preferred one.
    const shortDay = (date: string) =>
      new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
        month: "short",
        day: "numeric",
        timeZone: "UTC",
      });
    await visits.getByText(`Next: ${shortDay(visitDates[1]!)}, `, { exact: false }).waitFor();
    await visits.getByText(`+ 4 more through ${shortDay(visitDates[7]!)}`, { exact: false }).waitFor();
    await visits.getByText(/^Visit: /).waitFor();
    expect(await visits.getByText("Preferred:", { exact: false }).count()).toBe(0);
    await shots(phone, "series-landscaper-visits");
    // The schedule names the first visit in its week.
    // Which of the two weeks holds it is known from the dates (asking the page before the schedule has
    // loaded would count 0 and pick the wrong week).
    const week = first >= addDaysIso(weekStartOf(today), 7) ? "&week=next" : "";
    await phone.goto(`/landscaper-dashboard?tab=schedule${week}`);
    await phone.getByRole("button", { name: new RegExp(`JOB-${visitByDate.get(first)}$`) }).waitFor();
  });

  it("the customer skips a visit and pauses the series", async () => {
    const page = customer.page;
    await page.goto("/dashboard/customer");
    const panel = page.locator(`[data-testid="series-panel"][data-series-number="${seriesNumber}"]`);
    const rows = panel.getByTestId("series-visit");
    await expect.poll(() => rows.count()).toBe(8);

    // Skip the second visit: a confirmation that opens on its way out, free this far ahead.
    const second = visitDates[1]!;
    await panel.getByRole("button", { name: `Skip this visit, ${visitDay(second)}`, exact: true }).click();
    const skip = page.getByRole("dialog", { name: `Skip ${visitDay(second)}?` });
    await skip
      .getByText("Skipping now is free: nothing is charged to your card.", { exact: false })
      .waitFor();
    expect(
      await skip.getByRole("button", { name: "Keep visit" }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await expectDialogAxeClean(page, "skip-visit");
    await shots(page, "series-skip-dialog", { dialog: true });
    await skip.getByRole("button", { name: "Skip visit" }).click();
    await skip.waitFor({ state: "hidden" });
    await expect.poll(() => rows.count()).toBe(7);
    // It leaves the upcoming visits for the panel's 'Not coming' list.
    const notComing = panel.getByTestId("series-cancelled").getByRole("listitem");
    await notComing
      .filter({ hasText: visitDay(second) })
      .getByText("Skipped", { exact: true })
      .waitFor();
    // Taken back while still more than 48 hours away: the visit is made again; then skipped for good.
    await dismissToasts(page);
    await shots(page, "series-customer-skipped");
    await panel.getByRole("button", { name: `Bring back the visit on ${visitDay(second)}` }).click();
    const back = page.getByRole("dialog", { name: `Bring back the visit on ${visitDay(second)}?` });
    await back.getByText("new visit with its own job number", { exact: false }).waitFor();
    await expectDialogAxeClean(page, "bring-back-visit");
    await shots(page, "series-bring-back-dialog", { dialog: true });
    await back.getByRole("button", { name: "Bring it back" }).click();
    await back.waitFor({ state: "hidden" });
    await expect.poll(() => rows.count()).toBe(8);
    await panel.getByRole("button", { name: `Skip this visit, ${visitDay(second)}`, exact: true }).click();
    await skip.getByRole("button", { name: "Skip visit" }).click();
    await skip.waitFor({ state: "hidden" });
    await expect.poll(() => rows.count()).toBe(7);

    // Pause until the day after the third visit: the visits before then (the first and the third, both more
    // than 48 hours away) are cancelled, later ones stay.
    const until = addDaysIso(visitDates[2]!, 1);
    await panel.getByRole("button", { name: "Pause until…" }).click();
    const pause = page.getByRole("dialog", { name: `Pause SER-${seriesNumber}` });
    // A date is required.
    await pause.getByRole("button", { name: "Pause visits" }).click();
    await pause.getByText("Choose a date.").waitFor();
    await pause.getByLabel("No visits until").fill(until);
    // The result shows as the date changes: the first and third visits go (the first one's hold is released),
    // the fourth is the first back.
    await pause
      .getByRole("status")
      .getByText(
        `First visit back: ${visitDay(visitDates[3]!)} · Cancelled: ${visitDay(first)} ($45.00 hold released) and ${visitDay(visitDates[2]!)}`,
      )
      .waitFor();
    await expectDialogAxeClean(page, "pause-series");
    await shots(page, "series-pause-dialog", { dialog: true });
    await pause.getByRole("button", { name: "Pause visits" }).click();
    await pause.waitFor({ state: "hidden" });
    await panel
      .getByRole("status")
      .getByText(`Visits are paused until ${formatLongDate(until)}.`)
      .waitFor();
    // Later (a reload), the panel says the series is paused until then.
    await page.reload();
    await panel
      .getByText(`Paused until ${visitDay(until)}. Next visit: ${visitDay(visitDates[3]!)}.`)
      .waitFor();
    await expect.poll(() => rows.count()).toBe(5);
    expect(await notComing.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`${visitDay(first)}.*Paused\\$45\\.00 hold released$`)),
      expect.stringMatching(
        new RegExp(`${visitDay(second)}.*SkippedInside your pause: resume first to bring it back.$`),
      ),
      expect.stringMatching(new RegExp(`${visitDay(visitDates[2]!)}.*Paused$`)),
    ]);
    // While paused: 'Resume now' says what comes back (opened and checked, not resumed).
    await panel.getByRole("button", { name: "Resume now" }).click();
    const resume = page.getByRole("dialog", { name: `Resume SER-${seriesNumber} now?` });
    await resume.getByText("Visits come back from", { exact: false }).waitFor();
    await expectDialogAxeClean(page, "resume-series");
    await page.keyboard.press("Escape");
    await resume.waitFor({ state: "hidden" });
    await panel.getByRole("button", { name: "Change pause…" }).waitFor();

    // 'Ask for another day' offers the days of the week (opened and checked, not changed).
    await panel.getByRole("button", { name: "Ask for another day" }).click();
    const change = page.getByRole("dialog", { name: `Ask for another day for SER-${seriesNumber}` });
    expect(await change.getByLabel("Day of the week").inputValue()).toBe(String(weekday));
    await expectDialogAxeClean(page, "change-day");
    await page.keyboard.press("Escape");
    await change.waitFor({ state: "hidden" });
    // The skipped visit now inside the pause says why it has no Bring back.
    await panel
      .getByTestId("series-cancelled")
      .getByRole("listitem")
      .filter({ hasText: visitDay(visitDates[1]!) })
      .getByText("Inside your pause: resume first to bring it back.")
      .waitFor();
    await shots(page, "series-customer-paused");
  });

  it("the landscaper moves a visit for rain; the customer sees the new day and declines it", async () => {
    const date = visitDates[3]!;
    const moved = addDaysIso(date, 1);
    const number = visitByDate.get(date)!;

    const phone = pro.page;
    // The dates run to the new day: the queue lists a visit by the day it happens on.
    await phone.goto(`/landscaper-dashboard?show=accepted&sort=soonest&from=${date}&to=${moved}`);
    const card = proCard(phone, number);
    await card.getByRole("button", { name: "Move visit" }).click();
    const dialog = phone.getByRole("dialog", { name: `Move JOB-${number}` });
    await dialog
      .getByText(`Between ${visitDay(addDaysIso(date, -3))} and ${visitDay(addDaysIso(date, 3))}.`)
      .waitFor();
    await dialog.getByLabel("New date").fill(moved);
    // A reason is required: the customer reads it.
    await dialog.getByRole("button", { name: "Move visit" }).click();
    await dialog.getByText("Tell the customer why the visit moves.").waitFor();
    await dialog.getByRole("button", { name: `Keep ${visitDay(date)}`, exact: true }).waitFor();
    await dialog.getByLabel("Reason (the customer sees this)").fill("Heavy rain forecast all day");
    await expectDialogAxeClean(phone, "move-visit");
    await shots(phone, "series-move-dialog", { dialog: true });
    await dialog.getByRole("button", { name: "Move visit" }).click();
    await dialog.waitFor({ state: "hidden" });
    const line = `Moved from ${visitDay(date)} to ${visitDay(moved)}: Heavy rain forecast all day`;
    await card.getByText(line).waitFor();

    // The customer: the visit's card (a moved visit is never folded into the panel) and 'Moved' in the panel.
    const page = customer.page;
    await page.goto("/dashboard/customer");
    const visit = customerCard(page, number);
    await visit.getByTestId("moved-visit").getByText(line).waitFor();
    const panel = page.locator(`[data-testid="series-panel"][data-series-number="${seriesNumber}"]`);
    await panel
      .getByTestId("series-visit")
      .filter({ hasText: `JOB-${number}` })
      .getByText("Moved")
      .waitFor();
    // One answer on a moved visit (no Skip beside it), and its date from the series is its original one.
    expect(await visit.getByRole("button", { name: "Skip this visit" }).count()).toBe(0);
    await visit.getByText("Original date").waitFor();
    await visit.scrollIntoViewIfNeeded();
    await shots(page, "series-customer-moved");

    await visit.getByRole("button", { name: "Cancel this visit instead" }).click();
    const decline = page.getByRole("dialog", { name: `Cancel the ${visitDay(moved)} visit?` });
    await decline
      .getByText(`The original day, ${visitDay(date)}, is not possible`, { exact: false })
      .waitFor();
    await expectDialogAxeClean(page, "decline-move");
    await shots(page, "series-decline-dialog", { dialog: true });
    await decline.getByRole("button", { name: "Cancel this visit", exact: true }).click();
    await decline.waitFor({ state: "hidden" });
    // The visit will not come: it leaves the cards for the panel's list, and the others stay.
    await panel
      .getByTestId("series-cancelled")
      .getByRole("listitem")
      .filter({ hasText: `JOB-${number}` })
      .getByText("Moved day declined")
      .waitFor();
    await visit.waitFor({ state: "detached" });
    expect(await panel.getByTestId("series-visit").count()).toBe(4);
  });

  it("the customer asks for another weekday; nothing moves until the landscaper agrees", async () => {
    const page = customer.page;
    const wanted = (weekday + 2) % 7;
    const day = `${weekdayNames[wanted]}s`;
    await page.goto("/dashboard/customer");
    const panel = page.locator(`[data-testid="series-panel"][data-series-number="${seriesNumber}"]`);
    await panel.getByRole("button", { name: "Ask for another day" }).click();
    const change = page.getByRole("dialog", { name: `Ask for another day for SER-${seriesNumber}` });
    await change.getByLabel("Day of the week").selectOption(String(wanted));
    await change.getByRole("button", { name: "Ask for this day" }).click();
    await change.waitFor({ state: "hidden" });
    await panel.getByText(`You asked to move the visits to ${day}`, { exact: false }).waitFor();
    await panel.getByRole("button", { name: "Withdraw request" }).waitFor();
    // The banner gives the answer-by time (the ask lapses after 3 days) and the first visit on the new day.
    const asked = (await customerJobs()).find((j) => j.series?.number === seriesNumber)!.series!;
    expect(asked.requestedWeekday).toBe(wanted);
    expect(asked.requestedStartDate).not.toBeNull();
    await panel.getByText("They have until", { exact: false }).waitFor();
    await shots(page, "series-customer-day-request");
    const before = (await customerJobs()).filter((j) => j.seriesId && j.status === "scheduled");
    expect(before.every((j) => new Date(`${j.scheduledDate}T12:00:00Z`).getUTCDay() === weekday)).toBe(true);

    // The landscaper sees the ask at the top of the queue, whatever its filters, and answers there.
    const phone = pro.page;
    await phone.goto("/landscaper-dashboard");
    const top = phone.getByTestId("day-requests");
    await top.getByRole("heading", { name: "A customer is waiting for your answer" }).waitFor();
    const ask = top.getByTestId("weekday-request").first();
    await ask.getByText(`asks to move SER-${seriesNumber}`, { exact: false }).waitFor();
    await ask.getByText("Answer by", { exact: false }).waitFor();
    await phone.getByText(/^Showing \d+ of/).waitFor();
    await shots(phone, "series-landscaper-day-request");
    await ask.getByRole("button", { name: `Agree to ${day}` }).click();
    const agree = phone.getByRole("dialog", { name: `Move SER-${seriesNumber} to ${day}?` });
    await expectDialogAxeClean(phone, "agree-weekday");
    await agree.getByRole("button", { name: `Agree to ${day}` }).click();
    await agree.waitFor({ state: "hidden" });
    await phone.getByTestId("weekday-request").waitFor({ state: "detached" });

    const after = (await customerJobs()).filter((j) => j.seriesId && j.status === "scheduled");
    const moved = after.filter((j) => new Date(`${j.scheduledDate}T12:00:00Z`).getUTCDay() === wanted);
    expect(moved.length).toBeGreaterThan(0);
    // The first visit on the new day is the one both screens named before the answer.
    expect(moved.map((j) => j.scheduledDate).sort()[0]).toBe(asked.requestedStartDate);
    await page.reload();
    await panel.getByText(`You asked to move`, { exact: false }).waitFor({ state: "detached" });
  });

  it("a completed job's card books the same service again, every 2 weeks", async () => {
    // A one-time mowing of this customer's, done today and approved.
    const quote = await submitQuote({
      as: customer.context,
      fullName: "Wendy Weekly",
      email: customer.account.email,
      zipCode: demoLandscaper.zip,
      services: ["lawn-mowing"],
      preferredDate: today,
    });
    const pros = pro.context.request;
    await okJson(
      await pros.post(`/api/jobs/${quote.id}/accept`, { data: { price: 60, scheduledDate: today } }),
      "accept",
    );
    await okJson(
      await customer.context.request.post(`/api/jobs/${quote.id}/approve`, { data: {} }),
      "approve",
    );
    await uploadJobPhotos(pros, quote.id);
    await okJson(await pros.post(`/api/jobs/${quote.id}/complete`, { data: { finalPrice: 60 } }), "complete");
    await okJson(
      await customer.context.request.post(`/api/jobs/${quote.id}/approve-work`, { data: {} }),
      "approve work",
    );

    const page = customer.page;
    await page.goto("/dashboard/customer");
    const card = customerCard(page, quote.number);
    const cards = page.locator('[data-testid="job-card"]');
    await card.getByRole("button", { name: "Book again" }).click();
    const before = await cards.count();
    const dialog = page.getByRole("dialog", { name: "Book Lawn Mowing again" });
    const often = dialog.getByRole("group", { name: "How often?" });
    expect(await often.getByRole("radio").count()).toBe(4);
    await often.getByRole("radio", { name: /^Every 2 weeks/ }).check();
    // A date is required.
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByText("Choose a date.").waitFor();
    // Who gets it and what it repeats, in words (not a job number).
    await dialog
      .getByText(new RegExp(`^Lawn Mowing at .+, like your visit on ${visitDay(today)}\\. Sent to`))
      .waitFor();
    await dialog.getByLabel("First visit (preferred date)").fill(addDaysIso(today, 5));
    await expectDialogAxeClean(page, "book-again");
    await shots(page, "series-book-again-dialog", { dialog: true });
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => cards.count()).toBe(before + 1);
    // The new request is first (newest), a series every 2 weeks waiting for a landscaper.
    const created = (await customerJobs()).filter((job) => job.series?.frequency === "biweekly");
    expect(created).toHaveLength(1);
    expect(created[0]!.series!.status).toBe("requested");
    await customerCard(page, created[0]!.number)
      .getByTestId("frequency-badge")
      .getByText("Every 2 weeks")
      .waitFor();
  });
});
