import { describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import type { JobView } from "../../../shared/jobs.js";
import { signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createLandscaper } from "../../test/landscaper-helpers.js";
import { postQuote } from "../../test/quote-helpers.js";

describe("what a landscaper sees of a job before it is theirs", () => {
  const t = useTestApp();

  const queueOf = async (cookie: string): Promise<JobView[]> =>
    (await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie } })).json().jobs;

  it("shows services, dates, estimate, ZIP and neighbourhood, and the contact details only after accepting", async () => {
    const customer = await signUp(t.app);
    const quote = await postQuote(
      t.app,
      {
        fullName: "Priya Private",
        email: "priya.private@test.local",
        phone: "704-555-0142",
        address: "1200 East Blvd, Charlotte, NC",
        zipCode: "28203",
        services: ["lawn-mowing"],
        preferredDate: daysFromToday(5),
        additionalNotes: "Gate code 4321, dog in the yard",
      },
      customer.cookie,
    );
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
});
