import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { landscaper } from "../../db/schema.js";
import { signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createJob, createLandscaper, profileInput, putProfile } from "../../test/landscaper-helpers.js";

describe("an approved landscaper's change of service area", () => {
  let admin: { cookie: string };
  const t = useTestApp();
  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
  });

  const queueIds = async (cookie: string): Promise<string[]> =>
    (await t.app.inject({ url: "/api/landscaper/jobs", headers: { cookie } }))
      .json()
      .jobs.map((j: { id: string }) => j.id);
  const pendingChanges = async () =>
    (await t.app.inject({ url: "/api/admin/area-changes", headers: { cookie: admin.cookie } })).json()
      .changes as {
      id: string;
      landscaperId: string;
      current: { serviceZipCodes: string[]; coveredZipCount: number };
      requested: { serviceZipCodes: string[]; travelRadius: number; coveredZipCount: number };
    }[];
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(landscaper).where(eq(landscaper.userId, id)))[0]!;

  it("goes to admin review; the approved area stays in force until an admin approves the new one", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], radius: 10 });
    const before = await rowOf(pro.id);
    const davidson = await createJob(t.app, { zipCode: "28036" });
    expect(await queueIds(pro.cookie)).not.toContain(davidson);

    const saved = await putProfile(
      t.app,
      pro.cookie,
      profileInput({ serviceZipCodes: "28202, 28036", travelRadius: 25 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({
      serviceZipCodes: ["28202"],
      travelRadius: 10,
      pendingAreaChange: { serviceZipCodes: ["28202", "28036"], travelRadius: 25 },
    });
    expect(saved.json().message).toMatch(/goes to our team for review/);
    const during = await rowOf(pro.id);
    expect(during.coveredZipCodes).toEqual(before.coveredZipCodes);
    expect(await queueIds(pro.cookie)).not.toContain(davidson);

    const [change] = (await pendingChanges()).filter((c) => c.landscaperId === pro.id);
    expect(change!.current.serviceZipCodes).toEqual(["28202"]);
    expect(change!.requested.coveredZipCount).toBeGreaterThan(change!.current.coveredZipCount);

    const refused = await t.app.inject({
      method: "POST",
      url: `/api/admin/area-changes/${change!.id}/approve`,
      headers: { cookie: pro.cookie },
    });
    expect(refused.statusCode).toBe(403);

    const approved = await t.app.inject({
      method: "POST",
      url: `/api/admin/area-changes/${change!.id}/approve`,
      headers: { cookie: admin.cookie },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await rowOf(pro.id);
    expect(after.serviceZipCodes).toEqual(["28202", "28036"]);
    expect(after.travelRadius).toBe(25);
    expect(await queueIds(pro.cookie)).toContain(davidson);
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/area-changes/${change!.id}/deny`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it("keeps the old area when denied, and withdraws a request when the landscaper goes back to their area", async () => {
    const pro = await createLandscaper(t, { status: "approved", zips: ["28203"], radius: 5 });
    await putProfile(t.app, pro.cookie, profileInput({ serviceZipCodes: "28203, 28277", travelRadius: 5 }));
    const [change] = (await pendingChanges()).filter((c) => c.landscaperId === pro.id);
    const denied = await t.app.inject({
      method: "POST",
      url: `/api/admin/area-changes/${change!.id}/deny`,
      headers: { cookie: admin.cookie },
    });
    expect(denied.statusCode).toBe(200);
    expect((await rowOf(pro.id)).serviceZipCodes).toEqual(["28203"]);

    await putProfile(t.app, pro.cookie, profileInput({ serviceZipCodes: "28203, 28210", travelRadius: 5 }));
    expect((await pendingChanges()).filter((c) => c.landscaperId === pro.id)).toHaveLength(1);
    const back = await putProfile(
      t.app,
      pro.cookie,
      profileInput({ serviceZipCodes: "28203", travelRadius: 5 }),
    );
    expect(back.json().profile.pendingAreaChange).toBeNull();
    expect((await pendingChanges()).filter((c) => c.landscaperId === pro.id)).toHaveLength(0);
  });

  it("lets an applicant who is not approved yet set their area directly", async () => {
    const applicant = await createLandscaper(t, { status: "pending", zips: ["28202"] });
    const saved = await putProfile(
      t.app,
      applicant.cookie,
      profileInput({ serviceZipCodes: "28205", travelRadius: 15 }),
    );
    expect(saved.json().profile).toMatchObject({
      serviceZipCodes: ["28205"],
      travelRadius: 15,
      pendingAreaChange: null,
    });
  });
});
