import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { todayInCharlotte } from "../../../shared/dates.js";
import { DEFAULT_CANCELLATION_FEE_CENTS, freeCancellationEnds } from "../../../shared/payments.js";
import { job, jobEvent, landscaper, notification, payment } from "../../db/schema.js";
import { type SignedUp, signUp, signUpAs, uniqueEmail } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { expectFieldErrors } from "../../test/field-errors.js";
import { saveCard } from "../../test/payment-helpers.js";
import { addPhotos } from "../../test/photo-helpers.js";
import { postQuote } from "../../test/quote-helpers.js";

const ZIP = "28203";

/**
 * The customer's side of the lifecycle (approve, cancel, rate): each only from the right status, and only
 * on the caller's own job; anyone else gets 404 and the job does not change.
 */
describe("customer actions on a job", () => {
  let pro: SignedUp;
  let owner: SignedUp;
  let stranger: SignedUp;
  let admin: SignedUp;

  const t = useTestApp();
  beforeAll(async () => {
    pro = await signUp(t.app, { role: "landscaper", name: "Carla Cutter" });
    await t.database.db.insert(landscaper).values({
      userId: pro.id,
      fullName: "Carla Cutter",
      businessName: "Cutter Lawns",
      phoneNumber: "704-555-0199",
      streetAddress: "1 Main St",
      city: "Charlotte",
      state: "NC",
      zipCode: ZIP,
      serviceZipCodes: [ZIP],
      coveredZipCodes: [ZIP, "28207"],
      status: "approved",
    });
    owner = await signUp(t.app, { name: "Olive Owner" });
    await saveCard(t.app, owner.cookie);
    stranger = await signUp(t.app, { name: "Sam Stranger" });
    admin = await signUpAs(t.app, t.database, "admin");
  });

  async function newJob(customer: SignedUp = owner): Promise<string> {
    const response = await postQuote(
      t.app,
      {
        fullName: "Olive Owner",
        email: customer.email,
        phone: "704-555-0100",
        address: "600 East Blvd, Charlotte, NC",
        zipCode: ZIP,
        services: ["lawn-mowing"],
        preferredDate: todayInCharlotte(),
        additionalNotes: "",
        website: "",
      },
      customer.cookie,
    );
    expect(response.statusCode).toBe(200);
    return response.json().quote.id;
  }

  const post = (url: string, cookie: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, payload });

  async function accepted(): Promise<string> {
    const id = await newJob();
    const response = await post(`/api/jobs/${id}/accept`, pro.cookie, { price: 120 });
    expect(response.statusCode).toBe(200);
    return id;
  }

  async function scheduled(): Promise<string> {
    const id = await accepted();
    expect((await post(`/api/jobs/${id}/approve`, owner.cookie)).statusCode).toBe(200);
    return id;
  }

  async function completed(): Promise<string> {
    const id = await scheduled();
    await addPhotos(t.app, pro.cookie, id);
    expect((await post(`/api/jobs/${id}/complete`, pro.cookie, { finalPrice: 120 })).statusCode).toBe(200);
    return id;
  }

  /** Completed and its work approved: the price is charged, so the visit can be reviewed (issue 36). */
  async function charged(): Promise<string> {
    const id = await completed();
    expect((await post(`/api/jobs/${id}/approve-work`, owner.cookie)).statusCode).toBe(200);
    return id;
  }

  const stars = { punctuality: 5, communication: 4 };

  const rowOf = async (id: string) => (await t.database.db.select().from(job).where(eq(job.id, id)))[0]!;

  const viewOf = async (id: string) => {
    const list = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: owner.cookie } });
    return list.json().jobs.find((j: { id: string }) => j.id === id);
  };

  describe("approve", () => {
    it("schedules an accepted job with the landscaper's price and date, and tells the landscaper", async () => {
      const id = await accepted();
      const before = await viewOf(id);
      expect(before).toMatchObject({
        status: "accepted",
        quotedPriceCents: 12000,
        scheduledDate: todayInCharlotte(),
        landscaperName: "Cutter Lawns · Carla Cutter",
      });

      const response = await post(`/api/jobs/${id}/approve`, owner.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        job: { id, status: "scheduled" },
        message: "Booking confirmed. Your landscaper has been notified.",
      });
      const alerts = await t.database.db.select().from(notification).where(eq(notification.userId, pro.id));
      expect(alerts.some((a) => a.message.includes("approved"))).toBe(true);

      const next = await t.app.inject({ url: "/api/customer/jobs/next", headers: { cookie: owner.cookie } });
      expect(next.json().job).toMatchObject({ status: "scheduled", scheduledDate: todayInCharlotte() });
    });

    it("is refused with 409 outside 'accepted'", async () => {
      const pending = await newJob();
      const early = await post(`/api/jobs/${pending}/approve`, owner.cookie);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe("This job is pending and can no longer be approved.");

      const done = await scheduled();
      const twice = await post(`/api/jobs/${done}/approve`, owner.cookie);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe("This job is scheduled and can no longer be approved.");
    });

    it("answers 404 to another customer and changes nothing", async () => {
      const id = await accepted();
      const response = await post(`/api/jobs/${id}/approve`, stranger.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe("Job not found.");
      expect((await rowOf(id)).status).toBe("accepted");
    });

    it("answers 404 for an unknown or malformed id", async () => {
      const unknown = await post("/api/jobs/00000000-0000-4000-8000-000000000000/approve", owner.cookie);
      expect(unknown.statusCode).toBe(404);
      const malformed = await post("/api/jobs/not-a-uuid/approve", owner.cookie);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toBe("Job not found.");
    });
  });

  describe("cancel", () => {
    it("cancels from pending, accepted and scheduled, keeping the reason and an event", async () => {
      for (const make of [newJob, accepted, scheduled]) {
        const id = await make();
        const from = (await rowOf(id)).status;
        let response = await post(`/api/jobs/${id}/cancel`, owner.cookie, { reason: "  Moving house  " });
        if (from === "scheduled") {
          // Booked for today: within 24 hours of the visit, so the fee is shown and must be agreed to.
          expect(response.statusCode).toBe(409);
          expect(response.json().error.message).toBe(
            "The visit is less than 24 hours away, so a $25.00 cancellation fee applies. Cancel again to confirm.",
          );
          expect((await rowOf(id)).status).toBe("scheduled");
          response = await post(`/api/jobs/${id}/cancel`, owner.cookie, {
            reason: "  Moving house  ",
            acceptedFeeCents: 2500,
          });
        }
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          job: { status: "cancelled", cancelReason: "Moving house" },
          message: "The job was cancelled.",
        });
        const events = await t.database.db.select().from(jobEvent).where(eq(jobEvent.jobId, id));
        expect(events.some((e) => e.fromStatus === from && e.toStatus === "cancelled")).toBe(true);
      }
    });

    it("shows the late cancellation's fee on the customer's view as the fee taken, from the hold or the card", async () => {
      const id = await scheduled();
      const cancelled = await post(`/api/jobs/${id}/cancel`, owner.cookie, {
        reason: "Away that day",
        acceptedFeeCents: 2500,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // The fee was taken from the visit's hold (the job's own payment), not as a payment of its own.
      const view = await viewOf(id);
      expect(view.payment).toMatchObject({ status: "captured", capturedCents: 2500, feeCents: 2500 });
      expect(view.payment.tipCents).toBe(0);

      // A hold that lapsed: the fee is charged to the card as a payment of its own, and reported the same.
      const lapsed = await scheduled();
      await t.database.db.update(payment).set({ status: "expired" }).where(eq(payment.jobId, lapsed));
      const charged = await post(`/api/jobs/${lapsed}/cancel`, owner.cookie, {
        reason: "Away that day",
        acceptedFeeCents: 2500,
      });
      expect(charged.statusCode, charged.body).toBe(200);
      expect((await viewOf(lapsed)).payment).toMatchObject({ status: "expired", feeCents: 2500 });
    });

    it("needs a reason", async () => {
      const id = await newJob();
      const response = await post(`/api/jobs/${id}/cancel`, owner.cookie, { reason: "   " });
      expectFieldErrors(response, { reason: "Please tell us why you are cancelling." });
      expect((await rowOf(id)).status).toBe("pending");
    });

    it("is refused with 409 once completed or already cancelled", async () => {
      const done = await completed();
      const late = await post(`/api/jobs/${done}/cancel`, owner.cookie, { reason: "Changed my mind" });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe("This job is completed and can no longer be cancelled.");

      const id = await newJob();
      await post(`/api/jobs/${id}/cancel`, owner.cookie, { reason: "Once" });
      const again = await post(`/api/jobs/${id}/cancel`, owner.cookie, { reason: "Twice" });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe("This job is cancelled and can no longer be cancelled.");
      expect((await rowOf(id)).cancelReason).toBe("Once");
    });

    it("answers 404 to another customer and changes nothing", async () => {
      const id = await accepted();
      const response = await post(`/api/jobs/${id}/cancel`, stranger.cookie, { reason: "Not mine" });
      expect(response.statusCode).toBe(404);
      expect(await rowOf(id)).toMatchObject({ status: "accepted", cancelReason: null });
    });

    it("lets an admin cancel any customer's job, and tells the customer", async () => {
      const id = await newJob();
      const response = await post(`/api/jobs/${id}/cancel`, admin.cookie, { reason: "Duplicate request" });
      expect(response.statusCode).toBe(200);
      const alerts = await t.database.db.select().from(notification).where(eq(notification.userId, owner.id));
      expect(alerts.some((a) => a.message.includes("Duplicate request"))).toBe(true);
    });
  });

  describe("rate", () => {
    it("rates a charged visit once, with comment and tip in dollars stored as cents", async () => {
      const id = await charged();
      expect(await viewOf(id)).toMatchObject({ status: "completed", finalPriceCents: 12000, rating: null });

      const response = await post(`/api/jobs/${id}/rate`, owner.cookie, {
        rating: 5,
        ...stars,
        comment: "  Spotless edges  ",
        tip: 12.5,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        job: { rating: 5, ratingComment: "Spotless edges", tipCents: 1250 },
        message: "Thank you for your review!",
      });

      const again = await post(`/api/jobs/${id}/rate`, owner.cookie, { rating: 1, ...stars });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe("You have already rated this job.");
      expect((await rowOf(id)).rating).toBe(5);
    });

    it("asks for all three stars; comment and tip are optional", async () => {
      const id = await charged();
      const missing = await post(`/api/jobs/${id}/rate`, owner.cookie, { rating: 4 });
      expectFieldErrors(missing, {
        punctuality: "Choose punctuality from 1 to 5 stars.",
        communication: "Choose communication from 1 to 5 stars.",
      });
      const response = await post(`/api/jobs/${id}/rate`, owner.cookie, { rating: 4, ...stars });
      expect(response.statusCode).toBe(200);
      expect(response.json().job).toMatchObject({ rating: 4, ratingComment: null, tipCents: 0 });
    });

    it("checks the rating and the tip", async () => {
      const id = await charged();
      for (const rating of [0, 6, 3.5, "", "five"]) {
        const response = await post(`/api/jobs/${id}/rate`, owner.cookie, { rating, ...stars });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields.rating).toBe("Choose a rating from 1 to 5 stars.");
      }
      const negative = await post(`/api/jobs/${id}/rate`, owner.cookie, { rating: 5, ...stars, tip: -1 });
      expect(negative.json().error.fields).toEqual({ tip: "Tip cannot be negative." });
      expect((await rowOf(id)).rating).toBeNull();
    });

    it("is refused with 409 before completion, and before the price is charged", async () => {
      for (const make of [newJob, accepted, scheduled]) {
        const id = await make();
        const response = await post(`/api/jobs/${id}/rate`, owner.cookie, { rating: 5, ...stars });
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toMatch(
          /^This job is (pending|accepted|scheduled) and can no longer be rated\.$/,
        );
      }
      const uncharged = await completed();
      const early = await post(`/api/jobs/${uncharged}/rate`, owner.cookie, { rating: 5, ...stars, tip: 5 });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe("You can review this visit once its payment has gone through.");
      expect(await rowOf(uncharged)).toMatchObject({ rating: null, tipCents: 0 });
    });

    it("answers 404 to another customer and changes nothing", async () => {
      const id = await charged();
      const response = await post(`/api/jobs/${id}/rate`, stranger.cookie, { rating: 1, ...stars, tip: 5 });
      expect(response.statusCode).toBe(404);
      expect(await rowOf(id)).toMatchObject({ rating: null, tipCents: 0 });
    });
  });

  it("a customer's list holds only their own jobs, newest first", async () => {
    const customer = await signUp(t.app, { email: uniqueEmail("lister") });
    const first = await newJob(customer);
    const second = await newJob(customer);
    await newJob(stranger);
    const response = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    expect(response.json().jobs.map((j: { id: string }) => j.id)).toEqual([second, first]);
  });

  it("the list gives an offer's and a booking's cancellation rule: free until 24 hours before 8 AM, the fee after", async () => {
    const offer = await accepted();
    const booked = await scheduled();
    const response = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: owner.cookie } });
    const jobs = response.json().jobs as {
      id: string;
      status: string;
      scheduledDate: string | null;
      cancellation: unknown;
    }[];
    for (const id of [offer, booked]) {
      const view = jobs.find((j) => j.id === id)!;
      expect(view.cancellation).toEqual({
        freeUntil: freeCancellationEnds(view.scheduledDate!).toISOString(),
        feeCents: DEFAULT_CANCELLATION_FEE_CENTS,
      });
    }
    // A request with no day yet has none.
    expect(jobs.filter((j) => j.status === "pending").every((j) => j.cancellation === null)).toBe(true);
  });

  it("a landscaper cannot approve, cancel or rate (403)", async () => {
    const id = await accepted();
    for (const action of ["approve", "rate"]) {
      const response = await post(`/api/jobs/${id}/${action}`, pro.cookie, { rating: 5 });
      expect(response.statusCode).toBe(403);
    }
    const cancel = await post(`/api/jobs/${id}/cancel`, pro.cookie, { reason: "no" });
    expect(cancel.statusCode).toBe(403);
    expect((await rowOf(id)).status).toBe("accepted");
  });
});
