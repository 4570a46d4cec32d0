import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import { job, notification } from "../../db/schema.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { postQuote } from "../../test/quote-helpers.js";
import { weekdayOf } from "./series-rule.js";

/**
 * A series offer still waiting for the customer's approval has no visits booked: leaving it withdraws the
 * offer (its one accepted visit goes back to the queue as the request), worded as such for both sides.
 */
describe("withdrawing a series offer", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let pro: { id: string; cookie: string };

  beforeAll(async () => {
    customer = await signUp(t.app, { role: "customer", name: "Marcus Carter" });
    await saveCard(t.app, customer.cookie);
    pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });

  it("puts the request back in the queue and tells the customer the offer was withdrawn", async () => {
    const quote = await postQuote(
      t.app,
      {
        fullName: "Marcus Carter",
        email: customer.email,
        phone: "(704) 555-0123",
        address: "1 Main St, Charlotte, NC",
        zipCode: "28202",
        services: ["lawn-mowing"],
        preferredDate: daysFromToday(1),
        frequency: "weekly",
      },
      customer.cookie,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const jobId = quote.json().quote.id as string;
    const accept = await post(pro, `/api/jobs/${jobId}/accept`, {
      price: 45,
      weekday: weekdayOf(daysFromToday(3)),
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const [offered] = await t.database.db.select().from(job).where(eq(job.id, jobId));
    expect(offered!.status).toBe("accepted");

    const left = await post(pro, `/api/series/${offered!.seriesId}/leave`, { reason: "My route changed." });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().message).toBe("You withdrew your offer. The customer has been told.");
    expect(left.json().series).toMatchObject({ status: "requested", weekday: null });
    const visits = await t.database.db.select().from(job).where(eq(job.seriesId, offered!.seriesId!));
    expect(visits.map((v) => [v.id, v.status, v.landscaperId])).toEqual([[jobId, "pending", null]]);
    const told = await t.database.db.select().from(notification).where(eq(notification.userId, customer.id));
    const message = told.map((n) => n.message).find((m) => m.includes("withdrew their offer"));
    expect(message).toMatch(/back in the queue for other landscapers; nothing was charged/);
  });
});
