import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { daysFromToday } from "../../src/shared/dates";
import { okJson, saveTestCard } from "./support/api";
import { desktop } from "./support/browser";
import { type SignedIn, useBrowser } from "./support/fixtures";
import { cameraPhoto } from "./support/photos";
import { submitQuote } from "./support/quotes";
import { expectAxeClean, savePng, scrollUnderHeader, tabTo } from "./support/shots";

/**
 * Issue 34, item 4: a price change before the work. The landscaper of a firm-priced booking asks a new price
 * with a reason and a photo; the customer sees both prices, the reason and the photo, and approves it on one
 * job (the agreed price and the card's hold follow) and declines it on another (the agreed price stands, and
 * the landscaper withdraws with no mark on their record). By keyboard, at 390 and 1280 px, axe on every dialog
 * and card; the pictures go to docs/screenshots/issue-34/price-change.
 */

const shotsDir = path.resolve(import.meta.dirname, "../../docs/screenshots/issue-34/price-change");
const phone = { width: 390, height: 844 };

/** No WCAG A/AA violation, of any impact, inside `scope` (an open dialog, or the page's main). */
const expectAccessible = (page: Page, label: string, scope = "[role=dialog], [role=alertdialog]") =>
  expectAxeClean(page, scope, label);

const proCard = (page: Page, number: number) =>
  page.getByRole("article").filter({ hasText: `JOB-${number}` });
const customerCard = (page: Page, number: number) =>
  page.locator(`[data-testid="job-card"][data-job-number="${number}"]`);

describe("a price change before the work (issue 34)", () => {
  const browsing = useBrowser();

  /** A one-time mow of a 10,000–15,000 sq ft lawn ($56.70 firm), taken by the pro and booked 3 days ahead. */
  async function bookedFirm(customer: SignedIn, pro: SignedIn) {
    const quote = await submitQuote({
      as: customer.context,
      fullName: "Bea Booker",
      email: customer.account.email,
      zipCode: "28202",
      address: "415 Hawthorne Ln, Charlotte, NC 28202",
      services: ["lawn-mowing"],
      sizeTier: "m",
      preferredDate: daysFromToday(3),
    });
    // The pro's offer (the request stays open for others: issue 35), booked by the customer.
    await okJson(await pro.context.request.post(`/api/jobs/${quote.id}/accept`, { data: {} }), "accept");
    const { jobs } = (await okJson(await customer.context.request.get("/api/customer/jobs"), "jobs")) as {
      jobs: { id: string; offers?: { offerId: string }[] }[];
    };
    const offerId = jobs.find((j) => j.id === quote.id)!.offers![0]!.offerId;
    await okJson(
      await customer.context.request.post(`/api/jobs/${quote.id}/offers/${offerId}/book`, { data: {} }),
      "book the offer",
    );
    return quote;
  }

  /** Fills and sends 'Ask for a price change' by keyboard: the price, the reason, one photo from the chooser. */
  async function askByKeyboard(page: Page, card: Locator, number: number, shot: string) {
    // Playwright starts catching the page's file chooser when a listener first appears, asynchronously: one
    // added well before the key press makes sure a chooser opened by Enter is caught, not shown natively.
    page.on("filechooser", () => undefined);
    const opener = card.getByRole("button", { name: "Ask for a price change" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Ask for a price change on JOB-${number}` });
    const price = dialog.getByLabel("New price (USD)");
    await price.waitFor();
    await dialog
      .getByText(
        "Agreed: $56.70 (you receive $42.52). At most $85.05 (1.5 × the agreed price); lower is allowed.",
        {
          exact: false,
        },
      )
      .waitFor();
    await tabTo(page, price);
    await page.keyboard.type("70");
    // Weighed in the landscaper's own money: 75% of the asked price.
    await dialog.getByText("At $70.00 you would receive $52.50.", { exact: false }).waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.type(
      "The back lawn runs down to the creek: about twice the area the quote described.",
    );
    const choose = dialog.getByRole("button", { name: "Choose photos" });
    await tabTo(page, choose);
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Enter");
    await (await chooser).setFiles([
      { name: "IMG_1.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto() },
    ]);
    await dialog.getByRole("img", { name: "Chosen (1): IMG_1.jpg" }).waitFor();
    await expectAccessible(page, `${shot} dialog`);
    await dialog.evaluate((box) => box.scrollTo(0, 0));
    await savePng(page, shotsDir, shot);
    const send = dialog.getByRole("button", { name: "Send to the customer" });
    await tabTo(page, send);
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
  }

  it("is approved on one job (by keyboard on a phone) and declined on another, the landscaper then withdrawing with no mark", {
    timeout: 240_000,
  }, async () => {
    const pro = await browsing.as("landscaper", { name: "Lee Landscaper" });
    const proPhone = await browsing.as("landscaper", {
      viewport: phone,
      existing: { email: pro.account.email, password: pro.account.password },
    });
    const customer = await browsing.as("customer", { viewport: phone, name: "Bea Booker" });
    const customerDesk = await browsing.as("customer", {
      viewport: desktop,
      existing: { email: customer.account.email, password: customer.account.password },
    });
    await saveTestCard(customer.context.request);

    // Job 1: asked at 1280 px by keyboard, approved on a phone by keyboard.
    const first = await bookedFirm(customer, pro);
    await pro.page.goto("/landscaper-dashboard");
    const card = proCard(pro.page, first.number);
    await card.waitFor();
    await askByKeyboard(pro.page, card, first.number, "ask-dialog-1280");
    const status = card.getByTestId("price-change-status");
    await status
      .getByText(
        "You asked $70.00 instead of the agreed $56.70. Waiting for Bea Booker to answer; until then the agreed $56.70 stands, on the visit day too: work done before a yes is charged at it.",
      )
      .waitFor();
    // Asked once: the button is gone until it is answered or taken back.
    expect(await card.getByRole("button", { name: "Ask for a price change" }).count()).toBe(0);
    await scrollUnderHeader(card);
    await expectAccessible(pro.page, "landscaper card, asked", "#main");
    await savePng(pro.page, shotsDir, "landscaper-asked-1280", { target: card });

    // The customer's home lists it; the card shows both prices, the reason, the photo, and what silence does.
    const { page } = customer;
    await page.goto("/dashboard/customer-portal");
    const waiting = page.getByRole("region", { name: /Waiting for you/ });
    await waiting.getByText(`JOB-${first.number}`, { exact: true }).waitFor();
    await waiting.getByText("$70.00 asked instead of $56.70; nothing changes until you answer").waitFor();
    await waiting.getByRole("link", { name: `Answer the price change for JOB-${first.number}` }).waitFor();
    await scrollUnderHeader(waiting);
    await savePng(page, shotsDir, "customer-waiting-for-you-390");
    await page.goto("/dashboard/customer");
    const mine = customerCard(page, first.number);
    const ask = mine.getByTestId("price-change");
    await ask.getByText(/asks \$70\.00 instead of the agreed \$56\.70, before the work/).waitFor();
    await ask
      .getByText("If you don't answer, nothing changes: the agreed $56.70 stands, on the visit day too.", {
        exact: false,
      })
      .waitFor();
    const thumb = ask.getByRole("button", { name: /^Price change photo 1 of 1/ });
    await thumb.waitFor();
    await scrollUnderHeader(ask);
    await expectAccessible(page, "customer card, asked", "#main");
    await savePng(page, shotsDir, "customer-asked-390");

    // The photo opens full size by keyboard, and Escape returns to it.
    await thumb.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog", { name: /Price change photo 1 of 1/ });
    await viewer.getByRole("img").waitFor();
    await expectAccessible(page, "photo viewer");
    await savePng(page, shotsDir, "customer-photo-390");
    await page.keyboard.press("Escape");
    await expect.poll(() => thumb.evaluate((node) => node === document.activeElement)).toBe(true);

    // Approve by keyboard: the confirmation opens on Cancel; Tab, Enter approves.
    const approveButton = ask.getByRole("button", { name: "Approve $70.00" });
    await approveButton.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Approve $70.00?" });
    await confirm.getByText("The amount held on your card changes to match.", { exact: false }).waitFor();
    await expectAccessible(page, "approve dialog");
    await savePng(page, shotsDir, "approve-dialog-390");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await mine.getByText("You approved the new price: $70.00 is the agreed price now.").waitFor();
    await mine.getByText("$70.00 held on Visa •••• 4242").waitFor();
    await scrollUnderHeader(mine);
    await savePng(page, shotsDir, "customer-approved-390");

    await proPhone.page.goto("/landscaper-dashboard");
    const approvedCard = proCard(proPhone.page, first.number);
    await approvedCard
      .getByText("Bea Booker approved your new price: $70.00 is the agreed price now.")
      .waitFor();
    await scrollUnderHeader(approvedCard);
    await savePng(proPhone.page, shotsDir, "landscaper-approved-390");

    // Job 2: asked on a phone, declined at 1280 px by keyboard; the landscaper withdraws with no mark.
    const second = await bookedFirm(customer, pro);
    await proPhone.page.reload();
    const phoneCard = proCard(proPhone.page, second.number);
    await phoneCard.waitFor();
    await askByKeyboard(proPhone.page, phoneCard, second.number, "ask-dialog-390");
    await phoneCard.getByText(/^You asked \$70\.00 instead of the agreed \$56\.70/).waitFor();
    await scrollUnderHeader(phoneCard);
    await savePng(proPhone.page, shotsDir, "landscaper-asked-390");

    const desk = customerDesk.page;
    await desk.goto("/dashboard/customer");
    const deskCard = customerCard(desk, second.number);
    const deskAsk = deskCard.getByTestId("price-change");
    await deskAsk.getByRole("button", { name: /^Price change photo 1 of 1/ }).waitFor();
    await scrollUnderHeader(deskCard);
    await expectAccessible(desk, "customer card at 1280", "#main");
    await savePng(desk, shotsDir, "customer-asked-1280");
    await deskAsk.getByRole("button", { name: "Decline" }).focus();
    await desk.keyboard.press("Enter");
    const declineDialog = desk.getByRole("alertdialog", { name: "Decline $70.00?" });
    await declineDialog
      .getByText("The agreed $56.70 stands, and Lee's Lawns · Lee Landscaper is told.", { exact: false })
      .waitFor();
    await expectAccessible(desk, "decline dialog");
    await savePng(desk, shotsDir, "decline-dialog-1280");
    await desk.keyboard.press("Tab");
    await desk.keyboard.press("Enter");
    await deskCard
      .getByText("You declined the new price of $70.00: the agreed $56.70 stands.", { exact: false })
      .waitFor();
    await scrollUnderHeader(deskCard);
    await savePng(desk, shotsDir, "customer-declined-1280");

    // The landscaper: declined, and the way out says it leaves no mark.
    await pro.page.reload();
    const declinedCard = proCard(pro.page, second.number);
    await declinedCard
      .getByText(
        "Bea Booker declined your price change ($70.00): the agreed $56.70 stands. Keep the job at that price, or withdraw from it: that leaves no mark on your record.",
      )
      .waitFor();
    const leave = declinedCard.getByRole("button", { name: "Withdraw (no mark on your record)" });
    expect(await declinedCard.getByRole("button", { name: "Withdraw from job" }).count()).toBe(0);
    await scrollUnderHeader(declinedCard);
    await expectAccessible(pro.page, "landscaper card, declined", "#main");
    await savePng(pro.page, shotsDir, "landscaper-declined-1280", { target: declinedCard });
    await proPhone.page.reload();
    const phoneDeclined = proCard(proPhone.page, second.number);
    await phoneDeclined.getByRole("button", { name: "Withdraw (no mark on your record)" }).waitFor();
    await scrollUnderHeader(phoneDeclined);
    await savePng(proPhone.page, shotsDir, "landscaper-declined-390");

    await leave.focus();
    await pro.page.keyboard.press("Enter");
    const withdraw = pro.page.getByRole("dialog", { name: `Withdraw from JOB-${second.number}?` });
    await withdraw
      .getByText("Bea Booker declined your price change, so withdrawing leaves no mark on your record.", {
        exact: false,
      })
      .waitFor();
    await pro.page.keyboard.type("I can't do it at the agreed price.");
    await expectAccessible(pro.page, "withdraw dialog");
    await savePng(pro.page, shotsDir, "withdraw-no-mark-dialog-1280");
    await tabTo(pro.page, withdraw.getByRole("button", { name: "Withdraw" }));
    await pro.page.keyboard.press("Enter");
    await pro.page
      .getByText("It leaves no mark on your record: they declined your price change.", { exact: false })
      .first()
      .waitFor();
    const kept = await okJson<{ job: { status: string } }>(
      await pro.context.request.get(`/api/landscaper/jobs/${first.id}`),
      "job 1",
    );
    expect(kept.job.status).toBe("scheduled");
  });
});
