import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { addDaysIso, daysFromToday, todayInCharlotte } from "../../../shared/dates.js";
import { profileSettingsMessages, slugBase } from "../../../shared/profile-settings.js";
import { job, landscaper, notification } from "../../db/schema.js";
import { signUp, signUpAs } from "../../test/accounts-helpers.js";
import { firmQuote, instantPro, prosOf } from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import {
  createJob,
  createLandscaper,
  postMultipart,
  profileInput,
  putProfile,
  samplePdf,
} from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { addPhotos, cameraJpeg } from "../../test/photo-helpers.js";
import { galleryMessages } from "../proof/index.js";
import { runInsuranceWarnings } from "./public-profile.js";

/** The landscaper's own public-profile settings, the insurance expiry and its warning, and the gallery consent. */
describe("public profile settings", () => {
  const t = useTestApp();
  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: "PUT", url: "/api/landscaper/public-profile", headers: { cookie }, payload });
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(landscaper).where(eq(landscaper.userId, id)))[0]!;

  it("gives each new landscaper a lasting profile address, -2 for a second of the same name", async () => {
    expect(slugBase("  Queen City Lawn & Garden, LLC ")).toBe("queen-city-lawn-garden-llc");
    expect(slugBase("Ünïcödé!!")).toBe("n-c-d");
    expect(slugBase("!!!")).toBe("pro");
    const newPro = async () => {
      const account = await signUp(t.app, { role: "landscaper", name: "Avery Stone" });
      const saved = await putProfile(
        t.app,
        account.cookie,
        profileInput({ businessName: "Avery Stone Lawns" }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      return account;
    };
    const first = await newPro();
    const second = await newPro();
    expect((await rowOf(first.id)).slug).toBe("avery-stone-lawns");
    expect((await rowOf(second.id)).slug).toBe("avery-stone-lawns-2");
    // Renaming the business keeps the address (links and search engines keep it).
    const renamed = await putProfile(t.app, first.cookie, profileInput({ businessName: "Stone & Sons" }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await rowOf(first.id)).slug).toBe("avery-stone-lawns");
  });

  it("gives five landscapers of one name signing up at the same moment five different addresses", async () => {
    const accounts = await Promise.all(
      Array.from({ length: 5 }, () => signUp(t.app, { role: "landscaper", name: "Twin Oaks" })),
    );
    const saved = await Promise.all(
      accounts.map((a) => putProfile(t.app, a.cookie, profileInput({ businessName: "Twin Oaks Lawn" }))),
    );
    for (const response of saved) expect(response.statusCode, response.body).toBe(200);
    const slugs = await Promise.all(accounts.map(async (a) => (await rowOf(a.id)).slug));
    expect(new Set(slugs).size).toBe(5);
    for (const slug of slugs) expect(slug).toMatch(/^twin-oaks-lawn(-[0-9a-f]+)?$/);
  });

  it("saves the description and years, refuses bad input unchanged, and only for the landscaper", async () => {
    const pro = await createLandscaper(t, { status: "approved", name: "Dana Fields" });
    const saved = await put(pro.cookie, {
      description: "  Hedges and lawns.  ",
      yearsInBusiness: "6",
      hidden: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({
      description: "Hedges and lawns.",
      yearsInBusiness: 6,
      hidden: false,
      hasPhoto: false,
    });
    const bad = await put(pro.cookie, { description: "x".repeat(601), yearsInBusiness: 200, hidden: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      description: "Keep it under 600 characters.",
      yearsInBusiness: "Enter whole years from 0 to 80, or leave it empty.",
    });
    const row = await rowOf(pro.id);
    expect([row.description, row.yearsInBusiness]).toEqual(["Hedges and lawns.", 6]);
    // Empty years means "not said".
    const cleared = await put(pro.cookie, { description: "", yearsInBusiness: "", hidden: false });
    expect(cleared.json().settings).toMatchObject({ description: "", yearsInBusiness: null });

    const customer = await signUp(t.app, { role: "customer" });
    expect(
      (await put(customer.cookie, { description: "", yearsInBusiness: "", hidden: false })).statusCode,
    ).toBe(403);
    const visitor = await t.app.inject({ method: "PUT", url: "/api/landscaper/public-profile", payload: {} });
    expect(visitor.statusCode).toBe(401);
  });

  it("takes a photo through the image pipeline (no EXIF, at most 800 px), refuses a PDF, removes it", async () => {
    const pro = await createLandscaper(t, { status: "approved", name: "Photo Pro" });
    const upload = (value: Buffer, contentType: string) =>
      postMultipart(
        t.app,
        "/api/landscaper/public-profile/photo",
        [{ name: "photo", value, filename: "me.jpg", contentType }],
        pro.cookie,
      );
    const pdf = await upload(samplePdf, "application/pdf");
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe(profileSettingsMessages.photoType);
    expect((await rowOf(pro.id)).photoKey).toBeNull();

    const ok = await upload(await cameraJpeg({ width: 2400, height: 1600 }), "image/jpeg");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().settings.hasPhoto).toBe(true);
    const first = (await rowOf(pro.id)).photoKey!;
    const own = await t.app.inject({
      url: "/api/landscaper/public-profile/photo",
      headers: { cookie: pro.cookie },
    });
    expect(own.statusCode).toBe(200);
    const meta = await sharp(own.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(800);
    expect(meta.exif).toBeUndefined();

    // A new photo replaces the old file; removing deletes it.
    await upload(await cameraJpeg({ color: "#884400" }), "image/jpeg");
    const second = (await rowOf(pro.id)).photoKey!;
    expect(second).not.toBe(first);
    expect(await t.app.storage.get(first)).toBeNull();
    const removed = await t.app.inject({
      method: "DELETE",
      url: "/api/landscaper/public-profile/photo",
      headers: { cookie: pro.cookie },
    });
    expect(removed.json().settings.hasPhoto).toBe(false);
    expect(await t.app.storage.get(second)).toBeNull();
  });

  it("takes a hidden profile out of instant booking, and back when shown", async () => {
    const pro = await instantPro(t, { name: "Hidden Pro" });
    const quote = await firmQuote(t);
    const ids = async () =>
      ((await prosOf(t, quote.id, quote.token)).json().pros as { landscaperId: string }[]).map(
        (p) => p.landscaperId,
      );
    expect(await ids()).toContain(pro.id);
    const hide = await put(pro.cookie, { description: "", yearsInBusiness: "", hidden: true });
    expect(hide.json().message).toBe(profileSettingsMessages.hidden);
    expect(await ids()).not.toContain(pro.id);
    await put(pro.cookie, { description: "", yearsInBusiness: "", hidden: false });
    expect(await ids()).toContain(pro.id);
  });

  it("lets only admins record the insurance expiry, and warns the landscaper and admins once, 30 days before", async () => {
    const admin = await signUpAs(t.app, t.database, "admin");
    const pro = await createLandscaper(t, { status: "approved", name: "Insured Pro" });
    const setExpiry = (cookie: string, expiresOn: string | null) =>
      t.app.inject({
        method: "PUT",
        url: `/api/admin/landscapers/${pro.id}/insurance`,
        headers: { cookie },
        payload: { expiresOn },
      });
    expect((await setExpiry(pro.cookie, "2030-01-01")).statusCode).toBe(403);
    const bad = await setExpiry(admin.cookie, "2030-02-30");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.expiresOn).toBe("Enter the date as YYYY-MM-DD.");
    expect((await rowOf(pro.id)).insuranceExpiresOn).toBeNull();

    const now = new Date();
    const today = todayInCharlotte(now);
    expect((await setExpiry(admin.cookie, addDaysIso(today, 45))).statusCode).toBe(200);
    const warningsTo = async (userId: string) =>
      (
        await t.database.db
          .select()
          .from(notification)
          .where(and(eq(notification.userId, userId), eq(notification.type, "system")))
      ).filter((n) => n.message.includes("insurance"));

    // 45 days out: nothing yet. 15 days later (30 left): told once, however often the pass runs.
    expect(await runInsuranceWarnings({ db: t.database.db, env: t.app.env, now })).toBe(0);
    const later = new Date(now.getTime() + 15 * 86_400_000);
    expect(await runInsuranceWarnings({ db: t.database.db, env: t.app.env, now: later })).toBe(1);
    expect(await runInsuranceWarnings({ db: t.database.db, env: t.app.env, now: later })).toBe(0);
    const toPro = await warningsTo(pro.id);
    expect(toPro).toHaveLength(1);
    expect(toPro[0]!.message).toMatch(/^Your liability insurance certificate expires on /);
    expect(await warningsTo(admin.id)).toHaveLength(1);

    // A renewed certificate (a new date) is warned about again when its turn comes.
    await setExpiry(admin.cookie, addDaysIso(today, 20));
    expect(await runInsuranceWarnings({ db: t.database.db, env: t.app.env, now })).toBe(1);
    expect(await warningsTo(pro.id)).toHaveLength(2);
    // A lapsed certificate is not warned about (the badge is already gone).
    await setExpiry(admin.cookie, addDaysIso(today, -1));
    expect(await runInsuranceWarnings({ db: t.database.db, env: t.app.env, now })).toBe(0);
  });

  it("opens the gallery to a job's after-photos only with its customer's yes when approving the work", async () => {
    const customer = await signUp(t.app, { role: "customer", name: "Olivia Bennett" });
    const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Gallery Pro" });
    await saveCard(t.app, customer.cookie);
    const post = (cookie: string, url: string, payload: object = {}) =>
      t.app.inject({ method: "POST", url, headers: { cookie }, payload });
    async function doneJob() {
      const id = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
      expect(
        (await post(pro.cookie, `/api/jobs/${id}/accept`, { price: 90, scheduledDate: daysFromToday(3) }))
          .statusCode,
      ).toBe(200);
      expect((await post(customer.cookie, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
      await addPhotos(t.app, pro.cookie, id);
      expect((await post(pro.cookie, `/api/jobs/${id}/complete`, { finalPrice: 90 })).statusCode).toBe(200);
      return id;
    }
    const consentOf = async (id: string) =>
      (await t.database.db.select({ at: job.photosPublicAt }).from(job).where(eq(job.id, id)))[0]!.at;
    const shown = await doneJob();
    const approved = await post(customer.cookie, `/api/jobs/${shown}/approve-work`, { showPhotos: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await consentOf(shown)).toBeInstanceOf(Date);
    const kept = await doneJob();
    expect((await post(customer.cookie, `/api/jobs/${kept}/approve-work`)).statusCode).toBe(200);
    expect(await consentOf(kept)).toBeNull();
    // The customer may change their mind afterwards, only on their own approved job.
    const consent = (who: string, id: string, show: boolean) =>
      post(who, `/api/jobs/${id}/gallery-consent`, { show });
    expect((await consent(pro.cookie, shown, false)).statusCode).toBe(403);
    const stranger = await signUp(t.app, { role: "customer" });
    expect((await consent(stranger.cookie, shown, false)).statusCode).toBe(404);
    const off = await consent(customer.cookie, shown, false);
    expect(off.json().message).toBe(galleryMessages.hidden);
    expect(await consentOf(shown)).toBeNull();
    expect((await consent(customer.cookie, kept, true)).statusCode).toBe(200);
    expect(await consentOf(kept)).toBeInstanceOf(Date);
    const list = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: customer.cookie } });
    const views = list.json().jobs as { id: string; photosShown: boolean }[];
    expect(views.find((j) => j.id === kept)!.photosShown).toBe(true);
    expect(views.find((j) => j.id === shown)!.photosShown).toBe(false);
    const open = await doneJob();
    const early = await consent(customer.cookie, open, true);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(galleryMessages.notYet);
    const badType = await post(customer.cookie, `/api/jobs/${open}/approve-work`, { showPhotos: "yes" });
    expect(badType.statusCode).toBe(400);
  });
});
