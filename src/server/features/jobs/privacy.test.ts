import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import type { JobView } from "../../../shared/jobs.js";
import { job } from "../../db/schema.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { injectAs, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper, samplePng } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { postQuote } from "../../test/quote-helpers.js";

/** A request whose details only the landscaper the customer approves may read. */
function secretQuote() {
  return {
    fullName: "Priya Private",
    email: "priya.private@test.local",
    phone: "704-555-0142",
    address: "1200 East Blvd, Charlotte, NC",
    zipCode: "28203",
    services: ["lawn-mowing"],
    preferredDate: daysFromToday(5),
    additionalNotes: "Gate code 4321, dog in the yard",
  };
}
const contactSecrets = ["priya.private", "555-0142", "East Blvd", "Gate code"];

describe("what a landscaper sees of a job before it is theirs", () => {
  const t = useTestApp();

  const queueOf = async (cookie: string): Promise<JobView[]> =>
    (await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie } })).json().jobs;

  it("shows services, dates, estimate, ZIP and neighbourhood, and the contact details only once the customer approves", async () => {
    const customer = await signUp(t.app);
    await saveCard(t.app, customer.cookie);
    const quote = await postQuote(t.app, secretQuote(), customer.cookie);
    expect(quote.statusCode, quote.body).toBe(200);
    const jobId: string = quote.json().quote.id;

    const first = await createLandscaper(t, { status: "approved", zips: ["28203"] });
    const second = await createLandscaper(t, { status: "approved", zips: ["28203"] });
    for (const pro of [first, second]) {
      const seen = (await queueOf(pro.cookie)).find((j) => j.id === jobId);
      expect(seen).toMatchObject({
        services: ["lawn-mowing"],
        zipCode: "28203",
        area: "Dilworth (28203)",
        contactHidden: true,
        customerName: "",
        customerEmail: "",
        customerPhone: "",
        address: "",
        additionalNotes: null,
      });
      expect(seen!.estimateLowCents).toBeGreaterThan(0);
      const raw = JSON.stringify(await queueOf(pro.cookie));
      for (const secret of ["Priya", "priya.private", "555-0142", "East Blvd", "Gate code"]) {
        expect(raw).not.toContain(secret);
      }
    }

    const accepted = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${jobId}/accept`,
      headers: { cookie: first.cookie },
      payload: { price: 85, scheduledDate: daysFromToday(6) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const approved = await injectAs(t.app, customer.cookie, "POST", `/api/jobs/${jobId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const mine = (await queueOf(first.cookie)).find((j) => j.id === jobId);
    expect(mine).toMatchObject({
      customerName: "Priya Private",
      customerPhone: "704-555-0142",
      address: "1200 East Blvd, Charlotte, NC",
      additionalNotes: "Gate code 4321, dog in the yard",
    });
    expect(mine!.contactHidden).toBeUndefined();
    expect(JSON.stringify(await queueOf(second.cookie))).not.toContain("Priya");
  });

  it("answers an accepted offer without the customer's details, in every view, until the customer approves it", async () => {
    const customer = await signUp(t.app);
    await saveCard(t.app, customer.cookie);
    const quote = await postQuote(t.app, secretQuote(), customer.cookie);
    expect(quote.statusCode, quote.body).toBe(200);
    const jobId: string = quote.json().quote.id;
    const pro = await createLandscaper(t, { status: "approved", zips: ["28203"] });

    // The request came with a photo of the front yard.
    const photoKey = `job-photos/${jobId}.png`;
    await t.app.storage.put(photoKey, samplePng);
    await t.database.db.update(job).set({ photoKey, photoContentType: "image/png" }).where(eq(job.id, jobId));
    const photo = () => injectAs(t.app, pro.cookie, "GET", `/api/jobs/${jobId}/photo`);

    // A price of $1 the customer will never approve, only to read the details: it reveals nothing.
    const accepted = await injectAs(t.app, pro.cookie, "POST", `/api/jobs/${jobId}/accept`, { price: 1 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().job).toMatchObject({
      status: "accepted",
      contactHidden: true,
      area: "Dilworth (28203)",
    });
    expect(accepted.body).not.toContain("Priya");
    // The customer writes to the offer's landscaper: the thread names them "The customer" until they approve.
    const said = await injectAs(t.app, customer.cookie, "POST", `/api/jobs/${jobId}/messages`, {
      body: "Is Tuesday morning fine?",
    });
    expect(said.statusCode, said.body).toBe(200);
    const thread = await injectAs(t.app, pro.cookie, "GET", `/api/jobs/${jobId}/messages`);
    expect(thread.json()).toMatchObject({
      withName: "The customer",
      messages: [{ senderRole: "customer", senderName: "The customer", body: "Is Tuesday morning fine?" }],
    });
    expect(thread.body).not.toContain("Priya");
    const answers = [
      accepted.body,
      JSON.stringify(await queueOf(pro.cookie)),
      (await injectAs(t.app, pro.cookie, "GET", `/api/landscaper/jobs/${jobId}`)).body,
      (await injectAs(t.app, pro.cookie, "GET", "/api/landscaper/schedule")).body,
      (await injectAs(t.app, pro.cookie, "GET", `/api/jobs/${jobId}/messages`)).body,
      (await injectAs(t.app, pro.cookie, "GET", "/api/notifications")).body,
    ];
    for (const answer of answers) {
      for (const secret of contactSecrets) expect(answer).not.toContain(secret);
    }
    const mine = (await queueOf(pro.cookie)).find((j) => j.id === jobId);
    expect(mine).toMatchObject({ status: "accepted", contactHidden: true, customerPhone: "", address: "" });
    expect((await photo()).statusCode).toBe(404);

    // Withdrawn, it is nobody's: still nothing.
    const withdrawn = await injectAs(t.app, pro.cookie, "POST", `/api/jobs/${jobId}/withdraw`, {
      reason: "Changed my mind about this one.",
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    // An offer the customer had not approved: withdrawn as an offer, not as a booked job (the card's two buttons).
    expect(withdrawn.json().message).toBe("You withdrew your offer. The customer has been told.");
    for (const secret of contactSecrets) expect(withdrawn.body).not.toContain(secret);

    // Accepted again and approved by the customer: now the door, the phone and the notes are theirs to see.
    expect(
      (await injectAs(t.app, pro.cookie, "POST", `/api/jobs/${jobId}/accept`, { price: 90 })).statusCode,
    ).toBe(200);
    expect(
      (await injectAs(t.app, customer.cookie, "POST", `/api/jobs/${jobId}/approve`, {})).statusCode,
    ).toBe(200);
    const single = await injectAs(t.app, pro.cookie, "GET", `/api/landscaper/jobs/${jobId}`);
    expect(single.json().job).toMatchObject({
      status: "scheduled",
      customerPhone: "704-555-0142",
      address: "1200 East Blvd, Charlotte, NC",
      additionalNotes: "Gate code 4321, dog in the yard",
    });
    expect(single.json().job.contactHidden).toBeUndefined();
    expect((await photo()).statusCode).toBe(200);
  });
});

describe("accepting and withdrawing over and over", () => {
  // The limits count per account in the shared store; the test app's allow list would skip them.
  const t = useTestApp({ RATE_LIMIT_ALLOW_LIST: "" });

  it("is limited per landscaper account and counted in the record our team reads", async () => {
    const customer = await signUp(t.app);
    const quote = await postQuote(t.app, secretQuote(), customer.cookie);
    const jobId: string = quote.json().quote.id;
    const pro = await createLandscaper(t, { status: "approved", zips: ["28203"] });
    const cycle = async () => {
      const accept = await injectAs(t.app, pro.cookie, "POST", `/api/jobs/${jobId}/accept`, { price: 1 });
      if (accept.statusCode !== 200) return accept;
      return injectAs(t.app, pro.cookie, "POST", `/api/jobs/${jobId}/withdraw`, {
        reason: "Just looking at it again.",
      });
    };
    for (let i = 0; i < policies.jobWithdrawByAccount.max; i++) {
      const answer = await cycle();
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const refused = await cycle();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Per account, not per address: another landscaper on the same connection is not held back.
    const other = await createLandscaper(t, { status: "approved", zips: ["28203"] });
    const another: string = (await postQuote(t.app, secretQuote(), customer.cookie)).json().quote.id;
    for (const step of ["accept", "withdraw"]) {
      const answer = await injectAs(t.app, other.cookie, "POST", `/api/jobs/${another}/${step}`, {
        price: 80,
        reason: "Only checking the limit is mine alone.",
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }

    // Our team sees the withdrawals on the landscaper's line of the users list.
    const admin = await signUpAs(t.app, t.database, "admin");
    const users = await injectAs(
      t.app,
      admin.cookie,
      "GET",
      `/api/admin/users?q=${encodeURIComponent(pro.email)}`,
    );
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json().items[0].reliability).toMatchObject({
      withdrawnJobs: policies.jobWithdrawByAccount.max,
    });
  });
});
