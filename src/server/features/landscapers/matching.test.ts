import { describe, expect, it } from "vitest";
import { signUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createJob, createLandscaper, profileInput, putProfile } from "../../test/landscaper-helpers.js";
import { bellPage } from "../notifications/index.js";
import { effectiveRadiusMiles, zipDistanceMiles } from "./coverage.js";

/** Uptown Charlotte and Huntersville: real ZIPs whose centroids are about 12 miles apart. */
const UPTOWN = "28202";
const HUNTERSVILLE = "28078";

/** Which landscapers see a job: the ZIPs they list, and every ZIP within their travel radius of those. */
describe("matching jobs to landscapers", () => {
  const t = useTestApp();

  async function queueIds(cookie: string): Promise<string[]> {
    const response = await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return (response.json().jobs as { id: string }[]).map((j) => j.id);
  }

  it("uses ZIP centroids about 12 miles apart", async () => {
    const miles = await zipDistanceMiles(t.database.db, UPTOWN, HUNTERSVILLE);
    expect(miles).not.toBeNull();
    expect(miles!).toBeGreaterThan(10);
    expect(miles!).toBeLessThan(15);
    expect(effectiveRadiusMiles(25)).toBe(40);
  });

  it("matches a job 12 miles away to a 15-mile radius and not to a 10-mile one", async () => {
    const within = await createLandscaper(t, { status: "approved", zips: [UPTOWN], radius: 15 });
    const short = await createLandscaper(t, { status: "approved", zips: [UPTOWN], radius: 10 });
    const jobId = await createJob(t.app, { zipCode: HUNTERSVILLE });

    expect(await queueIds(within.cookie)).toContain(jobId);
    expect(await queueIds(short.cookie)).not.toContain(jobId);

    // The new-job alert follows the same rule: in the bell of one, not the other.
    const alerts = async (userId: string) =>
      (await bellPage(t.database.db, { userId, limit: 10 })).items.filter((n) => n.type === "job");
    expect((await alerts(within.id)).some((n) => n.message.includes(HUNTERSVILLE))).toBe(true);
    expect(await alerts(short.id)).toHaveLength(0);

    // The landscaper with the shorter radius can neither take nor decline it.
    for (const action of ["accept", "decline"]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/jobs/${jobId}/${action}`,
        headers: { cookie: short.cookie },
        payload: { price: 70 },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe("This job is outside your service area.");
    }
  });

  it("matches a ZIP on the landscaper's list whatever the radius", async () => {
    const listed = await createLandscaper(t, { status: "approved", zips: [UPTOWN, HUNTERSVILLE], radius: 5 });
    const jobId = await createJob(t.app, { zipCode: HUNTERSVILLE });
    expect(await queueIds(listed.cookie)).toContain(jobId);
  });

  it("widening the service area brings the job into the queue once an admin approves it", async () => {
    const mover = await createLandscaper(t, { status: "approved", zips: [UPTOWN], radius: 10 });
    const jobId = await createJob(t.app, { zipCode: HUNTERSVILLE });
    expect(await queueIds(mover.cookie)).not.toContain(jobId);
    const widened = await putProfile(
      t.app,
      mover.cookie,
      profileInput({ serviceZipCodes: UPTOWN, travelRadius: 15 }),
    );
    expect(widened.json().profile.status).toBe("approved");
    expect(await queueIds(mover.cookie)).not.toContain(jobId);
    const admin = await signUpAs(t.app, t.database, "admin");
    const { changes } = (
      await t.app.inject({ url: "/api/admin/area-changes", headers: { cookie: admin.cookie } })
    ).json();
    const change = changes.find((c: { landscaperId: string }) => c.landscaperId === mover.id);
    const approved = await t.app.inject({
      method: "POST",
      url: `/api/admin/area-changes/${change.id}/approve`,
      headers: { cookie: admin.cookie },
    });
    expect(approved.statusCode).toBe(200);
    expect(await queueIds(mover.cookie)).toContain(jobId);
  });

  it("shows nothing to a pending applicant, even in their area", async () => {
    const applicant = await createLandscaper(t, { zips: [HUNTERSVILLE], radius: 15 });
    await createJob(t.app, { zipCode: HUNTERSVILLE });
    expect(await queueIds(applicant.cookie)).toEqual([]);
    const customer = await signUp(t.app, { role: "customer" });
    const refused = await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie: customer.cookie } });
    expect(refused.statusCode).toBe(403);
  });
});
