import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { onlyEvent } from "../../src/server/test/ics-reader";
import { addDaysIso, daysFromToday, formatLongDate } from "../../src/shared/dates";
import { cancellationTermsText, freeCancellationEnds } from "../../src/shared/payments";
import { settleAnimations, wcagAxe } from "./support/a11y";
import { saveTestCard } from "./support/api";
import { waitForEmail } from "./support/auth";
import { desktop } from "./support/browser";
import { useBrowser } from "./support/fixtures";
import { submitQuote } from "./support/quotes";

/**
 * Issue 33, items 11 and 12 (and the round-3 review's M5–M8, L1–L6): 'Approve & book' (one name for the
 * card's button, the dialog and its action) shows the offer beside the estimate, saves a typed card and books
 * in one press, says above the card form whatever stopped it (cause first) with the fields to change marked,
 * and stays in view on a 390 px phone, by keyboard alone; the booked card says 'Cancel booking' with until
 * when that is free; the booking is emailed with its rules and a calendar file, which the job card's 'Add to
 * calendar' gives again. The pictures go to docs/screenshots/issue-33/booking.
 */

const shotsDir = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-33/booking");
const phone = { width: 390, height: 844 };

/** What the viewport shows (or the whole page), as a palette PNG so the committed pictures stay small. */
async function shoot(page: Page, name: string, fullPage = false) {
  mkdirSync(shotsDir, { recursive: true });
  await settleAnimations(page);
  const png = await page.screenshot({ fullPage });
  await sharp(png)
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toFile(path.join(shotsDir, `${name}.png`));
}

/** No WCAG A/AA violation, of any impact, inside the open dialog. */
async function expectAccessibleDialog(page: Page, label: string) {
  const result = await wcagAxe(page).include("[role=dialog]").analyze();
  expect(
    result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
    label,
  ).toEqual([]);
}

/** Whether `element` is painted in the viewport and nothing covers its middle (a sticky bar, say). */
async function inViewAndOnTop(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth)
      return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === node || node.contains(top));
  });
}

/** Presses Tab until `target` has focus (at most `max` times): the keyboard's own way to a control. */
async function tabTo(page: Page, target: Locator, max = 15) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the control");
}

/** Scrolls the page so `element`'s top sits just under the sticky header: its first line in the picture. */
async function scrollToTop(element: Locator) {
  await element.evaluate((node) => {
    const header = document.querySelector("header")?.getBoundingClientRect().height ?? 0;
    const top = window.scrollY + node.getBoundingClientRect().top - header - 8;
    window.scrollTo({ top, behavior: "instant" });
  });
}

const isFocused = (element: Locator) => element.evaluate((node) => node === document.activeElement);
const invalid = async (element: Locator) => (await element.getAttribute("aria-invalid")) === "true";

const jobCard = (page: Page, number: number) =>
  page.locator(`[data-testid="job-card"][data-job-number="${number}"]`);

describe("booking an offer (issue 33, items 11 and 12)", () => {
  const browsing = useBrowser();

  it("on a 390 px phone, by keyboard: one press saves the card and books; refusals say why above the card form", async () => {
    const pro = await browsing.as("landscaper", { name: "Lee Landscaper" });
    const customer = await browsing.as("customer", { viewport: phone, name: "Bea Booker" });
    const date = daysFromToday(3);
    const quote = await submitQuote({
      as: customer.context,
      fullName: "Bea Booker",
      email: customer.account.email,
      zipCode: "28202",
      address: "415 Hawthorne Ln, Charlotte, NC 28202",
      preferredDate: date,
    });
    const accept = await pro.context.request.post(`/api/jobs/${quote.id}/accept`, { data: { price: 120 } });
    expect(accept.status(), await accept.text()).toBe(200);

    const { page } = customer;
    await page.goto("/dashboard/customer");
    const card = jobCard(page, quote.number);
    // One name for one action: the card's button, the dialog and its main button.
    const opener = card.getByRole("button", { name: "Approve & book" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Approve & book" });
    const number = dialog.getByLabel("Card number");
    const expiry = dialog.getByLabel("Expiry (MM/YY)");
    const cvc = dialog.getByLabel("Security code");
    await number.waitFor();
    const approve = dialog.getByRole("button", { name: "Approve & book" });
    const notNow = dialog.getByRole("button", { name: "Not now" });

    // Focus starts on the card to pay with (here the new card's number), not on 'Not now'; the terms stay at
    // the top, but for what it takes to show the field. The placeholders are words, never a card that looks
    // typed; the test-mode notice says what to type.
    await expect.poll(() => isFocused(number)).toBe(true);
    expect(await isFocused(notNow)).toBe(false);
    // At most the little scroll that brings the focused field out from under the sticky bar on a phone.
    expect(await dialog.evaluate((box) => box.scrollTop)).toBeLessThan(80);
    expect(await inViewAndOnTop(number), "focused card number in view").toBe(true);
    expect([
      await number.getAttribute("placeholder"),
      await expiry.getAttribute("placeholder"),
      await cvc.getAttribute("placeholder"),
    ]).toEqual(["Card number", "MM / YY", "CVC"]);
    await dialog.getByTestId("test-mode-notice").getByText("Use the test card 4242 4242 4242 4242").waitFor();
    // The offer beside the estimate, in plain words; the hold now (3 days away) and the cancellation rule.
    expect(await dialog.getByTestId("offer-vs-estimate").textContent()).toMatch(
      /^Your instant estimate was \$[\d.,]+ – \$[\d.,]+\. This offer is \$[\d.,]+ \(\d+%\) more than the top of it\.$/,
    );
    const terms = cancellationTermsText({
      freeUntil: freeCancellationEnds(date).toISOString(),
      feeCents: 2500,
    });
    expect(await dialog.getByTestId("hold-explanation").textContent()).toBe(
      `We'll hold $120.00 on your card now. It is charged after the work: when you approve it, or 48 hours after it is marked complete if you don't answer. You're never charged more than $120.00 unless you say yes to a higher final price. ${terms}`,
    );
    // What 'Not now' does, as the server has it: an offer has no expiry.
    await dialog
      .getByTestId("not-now-hint")
      .getByText(
        "Not now closes this and changes nothing: the offer stays open on your dashboard until you approve it or cancel the request, or the landscaper withdraws it.",
      )
      .waitFor();

    // The action is in view from the start, never disabled; the card form is reachable above it.
    expect(await approve.isEnabled()).toBe(true);
    expect(await inViewAndOnTop(approve), "Approve & book in view").toBe(true);
    await expectAccessibleDialog(page, "approve dialog at 390");
    // The picture from the top; then back where the person was (the focused card number in view), as the
    // scroll for the picture is the test's, not theirs.
    const scrolled = await dialog.evaluate((box) => box.scrollTop);
    await dialog.evaluate((box) => box.scrollTo(0, 0));
    await shoot(page, "approve-dialog-390-top");
    await dialog.evaluate((box, top) => box.scrollTo(0, top), scrolled);

    // Keyboard: in the card number, a short number and Enter: the field says why, and the message above the
    // card form says it first and what did not happen. Nothing is booked.
    await tabTo(page, number);
    expect(await inViewAndOnTop(number), "card number in view, not under the bar").toBe(true);
    await page.keyboard.type("4242");
    await page.keyboard.press("Enter");
    await dialog.getByText("A card number is 13 to 19 digits.").waitFor();
    const fieldProblem = dialog.getByRole("alert").filter({
      hasText: "A card detail needs fixing, so nothing was saved or booked. Check the fields marked below.",
    });
    await fieldProblem.waitFor();
    // Focus went to the field that needs fixing; it and the message are in view, clear of the buttons' bar.
    expect(await isFocused(number)).toBe(true);
    expect(await inViewAndOnTop(number), "the field to fix in view").toBe(true);
    expect(await inViewAndOnTop(fieldProblem), "the message in view").toBe(true);
    await expectAccessibleDialog(page, "approve dialog with a field error at 390");
    await shoot(page, "approve-dialog-390-field-error");

    // A card the bank declines when it is saved: cause first, nothing saved or booked; all three fields are
    // marked (another card altogether), and each is in view above the bar.
    await page.keyboard.press("Control+A");
    await page.keyboard.type("4000 0000 0000 0002");
    await page.keyboard.press("Tab");
    await page.keyboard.type("12/34");
    await page.keyboard.press("Tab");
    await page.keyboard.type("123");
    await tabTo(page, approve);
    await page.keyboard.press("Enter");
    const refusal = dialog.getByRole("alert").filter({
      hasText: "Your card was declined, so nothing was saved or booked. Please use a different card.",
    });
    await refusal.waitFor();
    await dialog.getByText("Type another card's number.").waitFor();
    await dialog.getByText("Type the other card's expiry.").waitFor();
    await dialog.getByText("Type the other card's security code.").waitFor();
    for (const [name, field] of [
      ["number", number],
      ["expiry", expiry],
      ["security code", cvc],
    ] as const) {
      expect(await invalid(field), `${name} marked`).toBe(true);
      expect(await inViewAndOnTop(field), `${name} in view`).toBe(true);
    }
    expect(await inViewAndOnTop(refusal), "the refusal in view").toBe(true);
    expect(await isFocused(number)).toBe(true);
    expect(await dialog.getByRole("radio").count()).toBe(0);
    await card.getByText("Waiting for you", { exact: true }).waitFor();
    await expectAccessibleDialog(page, "approve dialog after a decline at 390");
    await shoot(page, "approve-dialog-390-declined");

    // A good card, Enter in a field: saved and booked in the one press.
    await number.focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("4242 4242 4242 4242");
    await page.keyboard.press("Enter");
    await page.getByText("Booking confirmed. Your landscaper has been notified.").first().waitFor();
    await dialog.waitFor({ state: "detached" });
    await card.getByText("$120.00 held on Visa •••• 4242").waitFor();
    await card.getByText(`Booked for ${formatLongDate(date)}`, { exact: false }).waitFor();

    // The job card offers the visit for a calendar: the same file the email carries.
    const addToCalendar = card.getByRole("link", { name: "Add to calendar" });
    const [download] = await Promise.all([page.waitForEvent("download"), addToCalendar.click()]);
    expect(download.suggestedFilename()).toBe(`GreenScape-JOB-${quote.number}.ics`);
    const ics = await readFile((await download.path())!, "utf8");
    expect(ics).toContain(`UID:job-${quote.id}@greenscapecharlotte.com`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${date.replaceAll("-", "")}`);
    // Booked: 'Cancel booking', with until when that is free and the fee after, as the dialog said it.
    await card.getByTestId("cancel-terms").getByText(terms).waitFor();
    expect(await card.getByRole("button", { name: "Cancel request" }).count()).toBe(0);
    // The cancel dialog says what the server does: free now, the hold released.
    await card.getByRole("button", { name: "Cancel booking" }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel this booking?" });
    await cancel
      .getByText(
        "Cancelling now is free: nothing is charged to your card, and the $120.00 held on it is released.",
      )
      .waitFor();
    expect(await cancel.getByRole("button", { name: "Cancel booking" }).count()).toBe(1);
    await cancel.getByRole("button", { name: "Keep booking" }).click();
    await cancel.waitFor({ state: "detached" });
    // A signed-in customer's dashboard has no 'Request a Quote' bar over its rows.
    expect(await page.getByTestId("floating-quote").count()).toBe(0);
    // The picture starts at the card's top (number, title), once the confirmation toast has gone.
    await page
      .getByText("Booking confirmed. Your landscaper has been notified.")
      .first()
      .waitFor({ state: "detached", timeout: 15_000 });
    await scrollToTop(card);
    expect(await inViewAndOnTop(card.getByText(`JOB-${quote.number}`, { exact: true }))).toBe(true);
    await shoot(page, "job-card-booked-390");

    // The confirmation email, with the calendar file, as the customer reads it on a phone and a desktop.
    const mail = await waitForEmail(inject("dataDir"), {
      to: customer.account.email,
      subject: /^Booked: /,
    });
    expect(mail.subject).toBe(`Booked: Lawn Mowing on ${formatLongDate(date)} (JOB-${quote.number})`);
    const text = mail.text.replace(/\s+/g, " ");
    expect(text).toContain("$120.00 is held on Visa •••• 4242. A hold is not a charge.");
    expect(text).toContain("Landscaper: Lee's Lawns · Lee Landscaper");
    const parsed = await simpleParser(await readFile(mail.file));
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`GreenScape-JOB-${quote.number}.ics`, "text/calendar"],
    ]);
    const { DTSTAMP: _mailed, ...mailed } = onlyEvent(parsed.attachments[0]!.content.toString("utf8"));
    const { DTSTAMP: _downloaded, ...downloaded } = onlyEvent(ics);
    expect(downloaded).toEqual(mailed);
    for (const viewport of [phone, desktop]) {
      const { page: reader } = await browsing.open(viewport);
      await reader.setContent(parsed.html || "");
      await shoot(reader, `email-${viewport.width}`, true);
    }
  });

  it("at 1280 px with a saved card: the card chosen, and 'Use a different card' saves and books in one press", async () => {
    const pro = await browsing.as("landscaper", { name: "Lee Landscaper" });
    const customer = await browsing.as("customer", { viewport: desktop, name: "Dora Desk" });
    await saveTestCard(customer.context.request);
    const quote = await submitQuote({
      as: customer.context,
      fullName: "Dora Desk",
      email: customer.account.email,
      zipCode: "28202",
      preferredDate: daysFromToday(12),
    });
    const accept = await pro.context.request.post(`/api/jobs/${quote.id}/accept`, { data: { price: 95 } });
    expect(accept.status(), await accept.text()).toBe(200);

    const { page } = customer;
    await page.goto("/dashboard/customer");
    const card = jobCard(page, quote.number);
    await card.getByRole("button", { name: "Approve & book" }).click();
    const dialog = page.getByRole("dialog", { name: "Approve & book" });
    const saved = dialog.getByRole("radio", { name: "Visa •••• 4242" });
    await saved.waitFor();
    expect(await saved.isChecked()).toBe(true);
    await expectAccessibleDialog(page, "approve dialog at 1280");
    await shoot(page, "approve-dialog-1280");

    // 12 days away: the hold is placed later, on the date it says, and what happens if it fails.
    const holdDay = formatLongDate(addDaysIso(daysFromToday(12), -2));
    expect(await dialog.getByTestId("hold-explanation").textContent()).toContain(
      `We'll hold $95.00 on your card on ${holdDay}, 2 days before the visit. If the card refuses the hold then, we'll tell you and your landscaper, and the visit waits until you add a card that accepts it.`,
    );
    expect(await dialog.getByTestId("offer-vs-estimate").textContent()).toMatch(
      /^Your instant estimate was /,
    );

    await dialog.getByRole("button", { name: "Use a different card" }).click();
    await dialog.getByTestId("new-card-hint").waitFor();
    await dialog.getByLabel("Card number").fill("5555 5555 5555 4444");
    await dialog.getByLabel("Expiry (MM/YY)").fill("11/33");
    await dialog.getByLabel("Security code").fill("321");
    await expectAccessibleDialog(page, "approve dialog with a new card at 1280");
    await shoot(page, "approve-dialog-1280-new-card");
    await dialog.getByRole("button", { name: "Approve & book" }).click();
    await dialog.waitFor({ state: "detached" });
    // 12 days away: nothing held yet; the email says when, on the new card (now the default).
    await card.getByText(/^Booked for/).waitFor();
    const mail = await waitForEmail(inject("dataDir"), { to: customer.account.email, subject: /^Booked: / });
    expect(mail.text.replace(/\s+/g, " ")).toContain(
      "We'll hold $95.00 on your default card (now Mastercard •••• 4444) on",
    );
  });
});
