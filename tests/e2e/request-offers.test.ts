import path from "node:path";
import { describe, expect, it } from "vitest";
import { daysFromToday, formatLongDate } from "../../src/shared/dates";
import { okJson, saveTestCard } from "./support/api";
import { desktop, mobile } from "./support/browser";
import { useBrowser } from "./support/fixtures";
import { expectAxeClean, savePng } from "./support/shots";

/**
 * Issue 35, item 6 in the browser: nobody is free to book at once, so pros offer on the request from their
 * queue; the customer compares the offers on their dashboard (each pro's record, distance, price and day),
 * books one by keyboard, and the request is theirs with that pro. Screenshots in
 * docs/screenshots/issue-35/offers at 390 and 1280 px.
 */
const shotsDir = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-35/offers");
/** Mooresville: far from the ZIPs the other browser tests use, so only this file's pros cover it. */
const ZIP = "28117";

describe("several offers on one request (issue 35)", () => {
  const browsing = useBrowser();

  it("pros offer from their queue, and the customer compares the offers and books one by keyboard", async () => {
    const suffix = Math.random().toString(36).slice(2, 6);
    const first = `Lakeside Lawns ${suffix}`;
    const second = `Norman Green Co ${suffix}`;
    const ana = await browsing.as("landscaper", {
      name: "Ana Alvarez",
      profile: { serviceZipCodes: ZIP, travelRadius: 5, businessName: first },
    });
    const ned = await browsing.as("landscaper", {
      name: "Ned Norman",
      viewport: desktop,
      profile: { serviceZipCodes: ZIP, travelRadius: 5, businessName: second },
    });
    const customer = await browsing.as("customer", { name: "Mona Mooresville", viewport: mobile });
    await saveTestCard(customer.context.request);
    const { quote } = await okJson<{ quote: { id: string; number: number } }>(
      await customer.context.request.post("/api/quotes", {
        data: {
          fullName: "Mona Mooresville",
          email: customer.account.email,
          phone: "704-555-0177",
          address: "140 Lakeshore Dr, Mooresville, NC 28117",
          zipCode: ZIP,
          services: ["lawn-mowing"],
          preferredDate: daysFromToday(9),
          additionalNotes: "",
          website: "",
          frequency: "one_time",
          sizeTier: "s",
          grassHeight: "normal",
        },
      }),
      "quote",
    );
    const label = `JOB-${quote.number}`;

    // The first pro offers through the API; the second finds the request still open in the queue, told
    // that one pro has offered, and offers too from the card.
    await okJson(
      await ana.context.request.post(`/api/jobs/${quote.id}/accept`, {
        data: { scheduledDate: daysFromToday(9) },
      }),
      "first offer",
    );
    await ned.page.goto("/landscaper-dashboard?show=open&sort=newest");
    const card = ned.page.getByRole("article").filter({ hasText: label });
    await card
      .getByText("1 pro has offered already: you can offer too, and the customer books one.")
      .waitFor();
    await card.getByRole("button", { name: "Make an offer", exact: true }).click();
    const offerDialog = ned.page.getByRole("dialog", { name: /at its firm price$/ });
    await offerDialog
      .getByText("sees your offer beside any other pros' offers and books one", { exact: false })
      .waitFor();
    await offerDialog.getByLabel("Service date").fill(daysFromToday(10));
    await offerDialog.getByRole("button", { name: "Send offer" }).click();
    await offerDialog.waitFor({ state: "hidden" });
    await card.getByText("Offer sent — waiting for the customer").waitFor();
    await card
      .getByText(/^You offered .* \(2 pros' offers wait, yours included\): the customer books one/)
      .waitFor();
    await expectAxeClean(ned.page, "#main", "queue-offer-sent-1280", { seriousOnly: true });
    await savePng(ned.page, shotsDir, "1-pro-offer-sent-1280", { target: card });

    // The customer's request lists both offers, oldest first, each with the pro's record and day.
    const { page } = customer;
    await page.goto("/dashboard/customer");
    const offers = page.getByTestId("request-offers");
    await offers.getByRole("heading", { name: "2 offers for you to choose from" }).waitFor();
    await page.getByText("2 offers are waiting for your choice.", { exact: false }).waitFor();
    const items = offers.getByRole("listitem");
    expect(await items.count()).toBe(2);
    await items.nth(0).getByText(first).waitFor();
    await items
      .nth(0)
      .getByText(`Can come ${formatLongDate(daysFromToday(9))}`)
      .waitFor();
    await items
      .nth(1)
      .getByText(`Can come ${formatLongDate(daysFromToday(10))}`)
      .waitFor();
    await items.nth(1).getByText("New on GreenScape", { exact: false }).first().waitFor();
    await expectAxeClean(page, "#main", "customer-offers-390", { seriousOnly: true });
    await offers.scrollIntoViewIfNeeded();
    await savePng(page, shotsDir, "2-customer-offers-390", { target: offers });

    // By keyboard: the second pro's "Book this offer", then the card step's one button.
    const bookNed = offers.getByRole("button", {
      name: `Book this offer: ${second} · Ned Norman, ${formatLongDate(daysFromToday(10))}`,
    });
    await bookNed.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Book ${second}` });
    await dialog
      .getByText(`${label} on ${formatLongDate(daysFromToday(10))}, the day they offered.`)
      .waitFor();
    await dialog.getByText("Card: Visa •••• 4242", { exact: false }).waitFor();
    await expectAxeClean(page, '[role="dialog"]', "customer-book-offer-390", { seriousOnly: true });
    await savePng(page, shotsDir, "3-book-offer-dialog-390", { target: dialog });
    const book = dialog.getByRole("button", { name: new RegExp(`^Book ${second} for \\$`) });
    await book.focus();
    await page.keyboard.press("Enter");
    await page.getByText(`Booked: ${second}`, { exact: false }).first().waitFor();
    await dialog.waitFor({ state: "hidden" });
    // The request is a booking with that pro now; the offers are gone from it.
    await page
      .getByText(`Booked for ${formatLongDate(daysFromToday(10))} with ${second}`, { exact: false })
      .first()
      .waitFor();
    expect(await page.getByTestId("request-offers").count()).toBe(0);
    await savePng(page, shotsDir, "4-customer-booked-390");

    // The other pro's offer closed: the request left their queue, and they were told why.
    const open = await okJson<{ jobs: { id: string }[] }>(
      await ana.context.request.get("/api/landscaper/jobs?show=open"),
      "queue",
    );
    expect(open.jobs.some((j) => j.id === quote.id)).toBe(false);
    const bell = await okJson<{ items: { message: string }[] }>(
      await ana.context.request.get("/api/notifications"),
      "notifications",
    );
    expect(bell.items.map((n) => n.message)).toContain(
      `${label} was booked with another pro, so your offer is closed.`,
    );
  });
});
