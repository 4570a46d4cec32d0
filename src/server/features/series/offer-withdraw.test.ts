import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { job, notification } from "../../db/schema.js";
import { useTestApp } from "../../test/build-test-app.js";
import { type JobParties, jobParties } from "../../test/cast-helpers.js";
import { offerWeeklySeries, postAs } from "../../test/series-helpers.js";

/**
 * A series offer still waiting for the customer's approval has no visits booked: leaving it withdraws the
 * offer (its one accepted visit goes back to the queue as the request), worded as such for both sides.
 */
describe("withdrawing a series offer", () => {
  const t = useTestApp();
  let parties: JobParties;

  beforeAll(async () => {
    parties = await jobParties(t, "Marcus Carter");
  });

  it("puts the request back in the queue and tells the customer the offer was withdrawn", async () => {
    const { customer, pro } = parties;
    const jobId = await offerWeeklySeries(t, parties, { fullName: "Marcus Carter", phone: "(704) 555-0123" });
    const [offered] = await t.database.db.select().from(job).where(eq(job.id, jobId));
    expect(offered!.status).toBe("accepted");

    const left = await postAs(t, pro, `/api/series/${offered!.seriesId}/leave`, {
      reason: "My route changed.",
    });
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
