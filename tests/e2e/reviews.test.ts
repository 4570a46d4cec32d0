import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { todayInCharlotte } from "../../src/shared/dates";
import { expectNoSeriousA11yViolations, screenshotFromTop } from "./support/a11y";
import { okJson, saveTestCard } from "./support/api";
import { useBrowser } from "./support/fixtures";
import { uploadJobPhotos } from "./support/photos";
import { submitQuote } from "./support/quotes";
import { chooseStars } from "./support/stars";

const phone = { width: 390, height: 844 };
const ZIP = "28205";

const customerCard = (page: Page, number: number): Locator =>
  page.locator(`[data-testid="job-card"][data-job-number="${number}"]`);

/**
 * Issue 36's double-blind reviews in the browser: the customer reviews a completed, charged visit on a phone
 * (390 px); the landscaper is told a review is in but not what it says, rates the customer, which shows both
 * sides each other's at once; the landscaper replies. Each screen is checked with axe.
 */
describe("verified reviews", () => {
  const browsing = useBrowser();

  it("a customer reviews a charged visit, the landscaper rates them, and both then see each other's", async () => {
    const pro = await browsing.as("landscaper", {
      name: "Rosa Reviewed",
      profile: { businessName: "Plaza Midwood Mowing", serviceZipCodes: ZIP },
    });
    const customer = await browsing.as("customer", { name: "Olivia Bennett", viewport: phone });
    await saveTestCard(customer.context.request);
    const quote = await submitQuote({
      as: customer.context,
      fullName: "Olivia Bennett",
      email: customer.account.email,
      zipCode: ZIP,
      services: ["lawn-mowing"],
      preferredDate: todayInCharlotte(),
    });
    const id = quote.id;
    await okJson(
      await pro.context.request.post(`/api/jobs/${id}/accept`, {
        data: { price: 90, scheduledDate: todayInCharlotte() },
      }),
      "accept",
    );
    await okJson(await customer.context.request.post(`/api/jobs/${id}/approve`, { data: {} }), "approve");
    await uploadJobPhotos(pro.context.request, id);
    await okJson(
      await pro.context.request.post(`/api/jobs/${id}/complete`, { data: { finalPrice: 90 } }),
      "complete",
    );
    await okJson(
      await customer.context.request.post(`/api/jobs/${id}/approve-work`, { data: {} }),
      "approve work",
    );

    // The customer's review, at 390 px: the three stars are asked for, and the form says when it shows.
    const page = customer.page;
    await page.goto("/dashboard/customer");
    const card = customerCard(page, quote.number);
    const form = card.getByRole("form", { name: `Rate job ${quote.number}` });
    await form.getByTestId("review-terms").waitFor();
    expect(await form.getByTestId("review-terms").textContent()).toContain(
      "Your review is published on Rosa's profile as Olivia B., once Rosa has rated this visit or 7 days after you send it",
    );
    await form.getByRole("button", { name: "Submit review" }).click();
    await form.getByText("Choose punctuality from 1 to 5 stars.").waitFor();
    const stars = (group: string, n: number) => chooseStars(form.getByRole("group", { name: group }), n);
    await stars("Quality of the work", 4);
    await stars("Punctuality", 5);
    await stars("Communication", 3);
    await form
      .getByLabel("Your review (optional)")
      .fill("Crisp edges; the clippings on the walk were swept.");
    await expectNoSeriousA11yViolations(page, "review-form-390");
    await screenshotFromTop(page, "review-form-390");
    await form.getByRole("button", { name: "Submit review" }).click();
    await page.getByText("Thank you for your review!").first().waitFor();
    const visibility = card.getByTestId("review-visibility");
    await visibility.waitFor();
    expect(await visibility.textContent()).toMatch(
      /^Rosa and visitors to their profile see it on .+, or as soon as Rosa rates this visit\.$/,
    );
    await card.getByText("Crisp edges; the clippings on the walk were swept.").waitFor();

    // The landscaper is told a review is in, not its words or stars.
    await pro.page.goto("/landscaper-dashboard?show=completed");
    const proCard = pro.page.getByRole("article").filter({ hasText: `JOB-${quote.number}` });
    const reviews = proCard.getByTestId("landscaper-reviews");
    await reviews.getByText("Olivia has reviewed this visit.").waitFor();
    expect(await proCard.textContent()).not.toContain("Crisp edges");
    await expectNoSeriousA11yViolations(pro.page, "landscaper-review-blind-1280");

    // They rate the customer: both are released at once.
    const rate = reviews.getByRole("form", { name: "Rate Olivia" });
    await chooseStars(rate, 5);
    await rate.getByLabel("Note (optional)").fill("Clear notes about the gate.");
    await rate.getByRole("button", { name: "Rate Olivia" }).click();
    await reviews.getByText("Crisp edges; the clippings on the walk were swept.").waitFor();
    await reviews.getByTestId("your-rating").waitFor();
    await reviews.getByLabel("Your public reply").fill("Thank you, Olivia!");
    await expectNoSeriousA11yViolations(pro.page, "landscaper-review-released-1280");
    await screenshotFromTop(pro.page, "landscaper-review-released-1280");
    await reviews.getByRole("button", { name: "Publish reply" }).click();
    await reviews.getByText("You replied").waitFor();

    // The customer now sees the landscaper's rating of them, and their review is published with its reply.
    await page.reload();
    const theirs = card.getByTestId("rating-of-you");
    await theirs.waitFor();
    expect(await theirs.textContent()).toContain("Clear notes about the gate.");
    await card.getByText("Released: it shows in Rosa's reviews and counts in their rating.").waitFor();
    await card.getByText("Thank you, Olivia!").waitFor();
    await expectNoSeriousA11yViolations(page, "review-released-390");
    await screenshotFromTop(page, "review-released-390");
  });
});
