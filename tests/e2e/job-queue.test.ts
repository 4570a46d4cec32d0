import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { daysFromToday } from "../../src/shared/dates";
import { QUEUE_PAGE_SIZE } from "../../src/shared/job-queue";
import { wcagAxe } from "./support/a11y";
import { mobile, screenshot } from "./support/browser";
import { useBrowser } from "./support/fixtures";
import { submitQuote } from "./support/quotes";

/**
 * The landscaper's job queue (issue 19, items 5 and 6) in the browser: tiles that add up, filters, sort,
 * 'Load more', the distance on each card, and a decline that moves the job aside with an Undo. The
 * landscaper works around Cornelius (28031), north of every other browser test's jobs, so the counts are
 * this test's own.
 */
describe("the landscaper's job queue", () => {
  const browsing = useBrowser();
  const zips = ["28031", "28036", "28078", "28117"];
  const services = ["lawn-mowing", "mulch-installation", "leaf-removal"] as const;
  const JOBS = 45;

  async function seeToast(page: Page, title: string) {
    await page
      .getByRole("region", { name: /Notification/ })
      .getByText(title, { exact: true })
      .first()
      .waitFor({ state: "visible", timeout: 10_000 });
  }

  const tile = (page: Page, label: string) => page.locator("dl > div", { hasText: label }).locator("dd");
  const cards = (page: Page) => page.getByRole("region", { name: "Job Queue" }).getByRole("article");
  const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();
  const listName = (page: Page) => page.locator("p", { hasText: /^New requests and open work/ });

  async function tiles(page: Page) {
    const read = async (label: string) => Number(await tile(page, label).textContent());
    return {
      total: await read("Total Jobs"),
      pending: await read("Pending"),
      accepted: await read("Accepted"),
      completed: await read("Completed"),
    };
  }

  it("filters, sorts and pages 45 requests, with tiles that add up and a decline that can be undone", async () => {
    const pro = await browsing.as("landscaper", {
      name: "Quinn Queue",
      profile: {
        businessName: "North Lake Lawns",
        zipCode: "28031",
        serviceZipCodes: "28031",
        travelRadius: 10,
      },
    });
    const made: { zip: string; service: string; date: string }[] = [];
    for (let i = 0; i < JOBS; i++) {
      const job = {
        zip: zips[i % zips.length]!,
        service: services[i % services.length]!,
        date: daysFromToday(2 + (i % 20)),
      };
      await submitQuote({
        address: `${100 + i} Catawba Ave, Cornelius, NC`,
        zipCode: job.zip,
        services: [job.service],
        preferredDate: job.date,
      });
      made.push(job);
    }

    const { page } = pro;
    await page.goto("/landscaper-dashboard");
    await shown(page, `Showing ${QUEUE_PAGE_SIZE} of ${JOBS} jobs.`);
    expect(await tiles(page)).toEqual({ total: JOBS, pending: JOBS, accepted: 0, completed: 0 });
    expect(await cards(page).count()).toBe(QUEUE_PAGE_SIZE);
    // The list says which list it is and in what order, above its count (issue 33, M20).
    expect(await listName(page).textContent()).toBe("New requests and open work · newest request first");
    // Newest request first: the last one asked for leads, and the job numbers (made in order) go down.
    const numbers = (await cards(page).locator("p").filter({ hasText: /^JOB-/ }).allTextContents()).map(
      (text) => Number(/^JOB-(\d+)/.exec(text)![1]),
    );
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    // Each card says how far it is, and names its area once (in the heading), not twice.
    const first = cards(page).first();
    await first.getByText(/^(\d+\.\d mi from your base|In your base ZIP)$/).waitFor();
    expect(await first.getByText(/^Request in .+ \(\d{5}\)$/).count()).toBe(1);
    await first
      .getByText("Exact address, contact details and any notes show once the customer approves your offer")
      .waitFor();

    // Load more, twice: all 45, then no more button.
    await page.getByRole("button", { name: "Load more" }).click();
    await shown(page, `Showing ${2 * QUEUE_PAGE_SIZE} of ${JOBS} jobs.`);
    await page.getByRole("button", { name: "Load more" }).click();
    await shown(page, `Showing ${JOBS} of ${JOBS} jobs.`);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    expect(new Set(await cards(page).locator("p").filter({ hasText: /^JOB-/ }).allTextContents()).size).toBe(
      JOBS,
    );

    // A service: the count is over every page, the tiles do not move.
    await page.getByLabel("Service").selectOption("mulch-installation");
    const mulch = made.filter((m) => m.service === "mulch-installation").length;
    await shown(page, `Showing ${mulch} of ${mulch} jobs.`);
    for (const text of await cards(page)
      .getByText(/^Mulch Installation/)
      .allTextContents())
      expect(text).toContain("Mulch Installation");
    expect(await cards(page).count()).toBe(mulch);
    expect((await tiles(page)).total).toBe(JOBS);

    // Nearest first within 5 miles: the base's own ZIP leads, distances never go down.
    await page.getByLabel("Service").selectOption("");
    await page.getByLabel("Distance from base").selectOption("5");
    await page.getByLabel("Sort by").selectOption("nearest");
    await cards(page).first().getByText("In your base ZIP").waitFor();
    const readMiles = async () =>
      (
        await cards(page)
          .getByText(/^(\d+\.\d mi from your base|In your base ZIP)$/)
          .allTextContents()
      ).map((t) => (t === "In your base ZIP" ? 0 : Number.parseFloat(t)));
    // The list before the filters (and the one with the distance but not yet the sort) can also start in the
    // base ZIP: wait until the cards are the nearest-first list within 5 miles, or fail after 15 s.
    await expect
      .poll(
        async () => {
          const shown = await readMiles();
          const sorted = shown.every((m, i) => i === 0 || shown[i - 1]! <= m);
          return shown.length > 0 && sorted && Math.max(...shown) <= 5;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const miles = await readMiles();
    expect(miles.length).toBeGreaterThan(0);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(Math.max(...miles)).toBeLessThanOrEqual(5);
    expect(await page.evaluate(() => new URL(location.href).searchParams.get("sort"))).toBe("nearest");

    // Dates the wrong way round: said beside the field, and not sent.
    await page.getByLabel("Visit date from").fill(daysFromToday(15));
    await page.getByLabel("Visit date to").fill(daysFromToday(5));
    await shown(page, "'Visit date to' is before 'Visit date from'.");
    expect(await page.getByLabel("Visit date to").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "landscaper-queue-filters-1280");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await shown(page, `Showing ${QUEUE_PAGE_SIZE} of ${JOBS} jobs.`);
    expect(await page.getByText("'Visit date to' is before 'Visit date from'.").count()).toBe(0);

    // Decline the newest: out of the list and the tiles (which still add up), into 'Declined by you'.
    const declined = cards(page).first();
    const label = (await declined.locator("p").filter({ hasText: /^JOB-/ }).textContent())!.split(" ")[0]!;
    await declined.getByRole("button", { name: "Decline" }).click();
    await seeToast(page, "Job declined. It stays open for other landscapers.");
    await shown(page, `Showing ${QUEUE_PAGE_SIZE} of ${JOBS - 1} jobs.`);
    expect(await tiles(page)).toEqual({ total: JOBS - 1, pending: JOBS - 1, accepted: 0, completed: 0 });
    const summary = page.getByText("Declined by you (1)");
    // Collapsed: the job is out of the way until asked for; by keyboard, Enter opens it.
    const undo = page.getByRole("button", { name: new RegExp(`^Undo decline of ${label}, `) });
    expect(await undo.isVisible()).toBe(false);
    await summary.focus();
    await page.keyboard.press("Enter");
    await undo.waitFor();
    // The decline's toast has gone: its small close button, over a card's buttons, is what axe would judge.
    await page
      .getByRole("region", { name: /Notification/ })
      .getByText("Job declined. It stays open for other landscapers.", { exact: true })
      .waitFor({ state: "detached", timeout: 15_000 });
    expect((await wcagAxe(page).analyze()).violations.map((v) => v.id)).toEqual([]);
    await screenshot(page, "landscaper-queue-declined-1280");
    await undo.click();
    await seeToast(page, "The job is back in your new requests.");
    await shown(page, `Showing ${QUEUE_PAGE_SIZE} of ${JOBS} jobs.`);
    expect((await tiles(page)).total).toBe(JOBS);
    expect(await page.getByText(/^Declined by you/).count()).toBe(0);
    await cards(page).filter({ hasText: label }).waitFor();

    // On a phone the filters fold behind one button, which says how many are set.
    const phone = await browsing.open(mobile);
    await phone.context.addCookies(await pro.context.cookies());
    await phone.page.goto("/landscaper-dashboard?service=leaf-removal");
    const toggle = phone.page.getByRole("button", { name: "Filters (1)" });
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await phone.page.getByLabel("Service").isVisible()).toBe(false);
    // The list's name stays in sight with the filters folded away.
    expect(await listName(phone.page).isVisible()).toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await phone.page.getByLabel("Service").inputValue()).toBe("leaf-removal");
    const leaves = made.filter((m) => m.service === "leaf-removal").length;
    await shown(phone.page, `Showing ${Math.min(leaves, QUEUE_PAGE_SIZE)} of ${leaves} jobs.`);
    expect((await wcagAxe(phone.page).analyze()).violations.map((v) => v.id)).toEqual([]);
    await screenshot(phone.page, "landscaper-queue-filters-375");
    // 45 requests made through the API, then three pages and a phone: 36 s alone, about 55 s on a busy machine.
  }, 120_000);
});
