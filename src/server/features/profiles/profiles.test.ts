import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProProfile, ProSummary } from "../../../shared/profiles.js";
import type { Db } from "../../db/client.js";
import { job, jobMessage, jobPhoto, landscaper, review, user } from "../../db/schema.js";
import { insertCustomer, insertJob, insertLandscaper } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";
import { listPros, proProfile } from "./reads.js";

const day = (iso: string) => new Date(`${iso}T12:00:00-05:00`);

/** An approved, visible pro with a profile address; `set` writes any other profile column. */
async function pro(
  db: Db,
  options: {
    name: string;
    business?: string;
    slug: string;
    zips?: string[];
    documents?: ("id_proof" | "insurance")[];
    status?: "approved" | "pending";
    set?: Partial<typeof landscaper.$inferInsert>;
  },
) {
  const account = await insertLandscaper(db, {
    fullName: options.name,
    businessName: options.business ?? null,
    status: options.status ?? "approved",
    zips: options.zips ?? ["28203"],
    documents: options.documents ?? [],
  });
  await db
    .update(landscaper)
    .set({ slug: options.slug, streetAddress: "77 Secret Garden Rd", ...options.set })
    .where(eq(landscaper.userId, account.id));
  return account;
}

async function completedJob(db: Db, landscaperId: string, customer: { id: string; name: string }, over = {}) {
  const row = await insertJob(db, {
    status: "completed",
    landscaperId,
    customerId: customer.id,
    customerName: customer.name,
    finalPriceCents: 9000,
    ...over,
  });
  return row;
}

async function addReview(
  db: Db,
  values: { jobId: string; landscaperId: string; quality: number; visibleFrom: Date } & Partial<
    typeof review.$inferInsert
  >,
) {
  const [row] = await db
    .insert(review)
    .values({ authorName: "Olivia B.", body: "Tidy work.", submittedAt: values.visibleFrom, ...values })
    .returning();
  return row!;
}

describe("public pro profiles", () => {
  const t = useTestApp();
  const now = day("2027-03-10");
  let olivia: { id: string; name: string; email: string };
  let carlos: { id: string };
  let tasha: { id: string };

  beforeAll(async () => {
    const db = t.database.db;
    olivia = await insertCustomer(db, { name: "Olivia Bennett" });
    carlos = await pro(db, {
      name: "Carlos Mendoza",
      business: "Queen City Lawn Care",
      slug: "queen-city-lawn-care",
      zips: ["28203", "28207"],
      documents: ["id_proof"],
      set: {
        coveredZipCodes: ["28203", "28207", "28209"],
        description: "Family crew since 2012.",
        yearsInBusiness: 12,
        insuranceExpiresOn: "2027-03-31",
      },
    });
    tasha = await pro(db, { name: "Tasha Williams", slug: "tasha-williams", zips: ["28277"] });
    await pro(db, { name: "Hidden Harry", slug: "hidden-harry", set: { profileHiddenAt: now } });
    await pro(db, { name: "Pending Pat", slug: "pending-pat", status: "pending" });
    const banned = await pro(db, { name: "Banned Bo", slug: "banned-bo" });
    await db.update(user).set({ banned: true }).where(eq(user.id, banned.id));

    // Carlos: three completed jobs for Olivia (a repeat customer), reviews 5 and 4, one removed 1-star, one
    // still blind (its visible_from is after `now`).
    const jobs: { id: string }[] = [];
    for (let i = 0; i < 4; i++)
      jobs.push(await completedJob(db, carlos.id, olivia, { services: ["mulch-installation"] }));
    await addReview(db, {
      jobId: jobs[0]!.id,
      landscaperId: carlos.id,
      quality: 5,
      punctuality: 5,
      communication: 4,
      visibleFrom: day("2027-02-01"),
      reply: "Thank you, Olivia!",
      repliedAt: day("2027-02-02"),
    });
    await addReview(db, {
      jobId: jobs[1]!.id,
      landscaperId: carlos.id,
      quality: 4,
      visibleFrom: day("2027-02-10"),
    });
    await addReview(db, {
      jobId: jobs[2]!.id,
      landscaperId: carlos.id,
      quality: 1,
      body: "Rude words here",
      visibleFrom: day("2027-02-20"),
      removedAt: day("2027-02-21"),
      removedReason: "It named a person's phone number.",
    });
    await addReview(db, {
      jobId: jobs[3]!.id,
      landscaperId: carlos.id,
      quality: 2,
      body: "Not yet released",
      visibleFrom: day("2027-03-15"),
    });
    // Tasha: one 5-star review (a thin record counts towards 4 stars).
    const tJob = await completedJob(db, tasha.id, olivia);
    await addReview(db, {
      jobId: tJob.id,
      landscaperId: tasha.id,
      quality: 5,
      visibleFrom: day("2027-01-05"),
    });

    // A conversation: Olivia asks at 9:00 and 9:10, Carlos answers at 9:40 (40 minutes from the first), then
    // Olivia asks at 12:00 and Carlos answers at 12:10 (10 minutes): the median of 40 and 10 is 25.
    const at = (hm: string) => new Date(`2027-02-01T${hm}:00-05:00`);
    const message = (role: "customer" | "landscaper", when: Date) => ({
      jobId: jobs[0]!.id,
      senderId: role === "customer" ? olivia.id : carlos.id,
      senderRole: role,
      senderName: role === "customer" ? "Olivia Bennett" : "Carlos Mendoza",
      body: "hello",
      createdAt: when,
    });
    await db
      .insert(jobMessage)
      .values([
        message("customer", at("09:00")),
        message("customer", at("09:10")),
        message("landscaper", at("09:40")),
        message("customer", at("12:00")),
        message("landscaper", at("12:10")),
      ]);
  });

  const get = (url: string) => t.app.inject({ url });

  it("lists only approved, visible pros with an address, best score first", async () => {
    const response = await get("/api/pros");
    expect(response.statusCode).toBe(200);
    const pros = response.json().pros as ProSummary[];
    expect(pros.map((p) => p.slug).sort()).toEqual(["queen-city-lawn-care", "tasha-williams"]);
  });

  it("orders by the documented score: the stars' Bayesian average (towards 4) and the on-time rate", async () => {
    const { pros: listed, total } = await listPros({ db: t.database.db, now });
    expect(total).toBe(2);
    // Tasha: one 5 → (4·5 + 5) / 6 = 4.17 stars; Carlos: 5 and 4 → (4·5 + 9) / 7 = 4.14 stars (his removed
    // 1-star and the blind 2-star do not count). Neither has 3 visits due: both count 80 % on time.
    expect(listed.map((p) => [p.slug, p.rating, p.score])).toEqual([
      ["tasha-williams", { average: 5, count: 1 }, 82.3],
      ["queen-city-lawn-care", { average: 4.5, count: 2 }, 82],
    ]);
    // One more good review and Carlos's record outweighs Tasha's single 5.
    const extra = await completedJob(t.database.db, carlos.id, olivia);
    await addReview(t.database.db, {
      jobId: extra.id,
      landscaperId: carlos.id,
      quality: 5,
      visibleFrom: day("2027-03-01"),
    });
    const { pros: after } = await listPros({ db: t.database.db, now });
    expect(after.map((p) => [p.slug, p.score])).toEqual([
      ["queen-city-lawn-care", 83.7],
      ["tasha-williams", 82.3],
    ]);
    // The review goes with its visit (a trigger refuses deleting a review on its own, migration 0032).
    await t.database.db.delete(job).where(eq(job.id, extra.id));
  });

  it("searches by neighbourhood (the ZIPs a pro covers) and by service", async () => {
    const names = async (query: string) =>
      ((await get(`/api/pros?${query}`)).json().pros as ProSummary[]).map((p) => p.slug);
    expect(await names("neighbourhood=Montford")).toEqual(["queen-city-lawn-care"]);
    expect(await names("neighbourhood=Ballantyne")).toEqual(["tasha-williams"]);
    expect(await names("neighbourhood=Uptown")).toEqual([]);
    expect(await names("service=mulch-installation")).toEqual(["queen-city-lawn-care"]);
    expect(await names("neighbourhood=Ballantyne&service=mulch-installation")).toEqual([]);
    expect((await get("/api/pros?neighbourhood=Nowhere")).statusCode).toBe(400);
    expect((await get("/api/pros?service=roofing")).statusCode).toBe(400);
  });

  it("answers 404 for a hidden, unapproved, banned or unknown profile", async () => {
    for (const slug of ["hidden-harry", "pending-pat", "banned-bo", "nobody"]) {
      const response = await get(`/api/pros/${slug}`);
      expect(response.statusCode, slug).toBe(404);
    }
    // An address no profile can have is refused by the schema before any read.
    expect((await get("/api/pros/Bad_Slug")).statusCode).toBe(400);
  });

  it("shows released reviews, a removal with its reason and no stars, and the one reply", async () => {
    const profile = await proProfile({ db: t.database.db, slug: "queen-city-lawn-care", now });
    const reviews = profile.reviews.reviews;
    expect(reviews.map((r) => r.quality)).toEqual([null, 4, 5]);
    expect(reviews[0]).toMatchObject({
      removedReason: "It named a person's phone number.",
      body: null,
      punctuality: null,
      authorName: "Olivia B.",
    });
    expect(reviews[2]).toMatchObject({
      punctuality: 5,
      communication: 4,
      reply: { text: "Thank you, Olivia!", date: "2027-02-02" },
    });
    expect(reviews[1]).toMatchObject({ punctuality: null, communication: null });
    // The low removed review and the blind one do not count; nothing else is left out.
    expect(profile.rating).toEqual({ average: 4.5, count: 2 });
    const later = await proProfile({
      db: t.database.db,
      slug: "queen-city-lawn-care",
      now: day("2027-03-16"),
    });
    expect(later.reviews.reviews[0]).toMatchObject({ quality: 2, body: "Not yet released" });
    expect(later.rating).toEqual({ average: 3.7, count: 3 });
  });

  it("computes the badges from the records: ID, insurance until its expiry, repeat customers, reply time", async () => {
    const profile = await proProfile({ db: t.database.db, slug: "queen-city-lawn-care", now });
    expect(profile.badges).toMatchObject({
      idChecked: true,
      insuredUntil: "2027-03-31",
      repeatCustomers: 1,
      medianReplyMinutes: 25,
      replies: 2,
    });
    expect(profile).toMatchObject({ yearsInBusiness: 12, description: "Family crew since 2012." });
    // The last day of the certificate still counts (Charlotte's date); the day after, the badge is gone.
    const lastDay = await proProfile({
      db: t.database.db,
      slug: "queen-city-lawn-care",
      now: new Date("2027-04-01T03:30:00Z"),
    });
    expect(lastDay.badges.insuredUntil).toBe("2027-03-31");
    const lapsed = await proProfile({
      db: t.database.db,
      slug: "queen-city-lawn-care",
      now: day("2027-04-01"),
    });
    expect(lapsed.badges.insuredUntil).toBeNull();
    const tashaProfile = await proProfile({ db: t.database.db, slug: "tasha-williams", now });
    expect(tashaProfile.badges).toMatchObject({
      idChecked: false,
      insuredUntil: null,
      medianReplyMinutes: null,
    });
  });

  it("shows only after-photos of completed jobs whose customer allowed them, and serves no other photo", async () => {
    const db = t.database.db;
    const storage = t.app.storage;
    const photo = async (jobId: string, kind: string, name: string) => {
      await storage.put(`job-photos/${jobId}/${name}.jpg`, Buffer.from(`full ${name}`));
      await storage.put(`job-photos/${jobId}/${name}-thumb.jpg`, Buffer.from(`thumb ${name}`));
      const [row] = await db
        .insert(jobPhoto)
        .values({
          jobId,
          kind,
          visit: 1,
          key: `job-photos/${jobId}/${name}.jpg`,
          thumbKey: `job-photos/${jobId}/${name}-thumb.jpg`,
          width: 800,
          height: 600,
          bytes: 10,
        })
        .returning();
      return row!.id;
    };
    const allowed = await completedJob(db, carlos.id, olivia);
    await db.update(job).set({ photosPublicAt: now }).where(eq(job.id, allowed.id));
    const notAllowed = await completedJob(db, carlos.id, olivia);
    const shown = await photo(allowed.id, "after", "shown");
    const before = await photo(allowed.id, "before", "before");
    const private_ = await photo(notAllowed.id, "after", "private");

    const profile = (await get("/api/pros/queen-city-lawn-care")).json().profile as ProProfile;
    expect(profile.gallery.map((g) => g.id)).toEqual([shown]);
    expect(profile.gallery[0]!.caption).toMatch(/^Lawn Mowing · /);
    const thumb = await get(profile.gallery[0]!.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.body).toBe("thumb shown");
    expect((await get(profile.gallery[0]!.fullUrl)).body).toBe("full shown");
    for (const id of [before, private_]) {
      expect((await get(`/api/pros/queen-city-lawn-care/gallery/${id}`)).statusCode).toBe(404);
    }
    // Another pro's address does not reach Carlos's photo either.
    expect((await get(`/api/pros/tasha-williams/gallery/${shown}`)).statusCode).toBe(404);
    // Consent withdrawn: gone at once.
    await db.update(job).set({ photosPublicAt: null }).where(eq(job.id, allowed.id));
    expect((await get(`/api/pros/queen-city-lawn-care/gallery/${shown}`)).statusCode).toBe(404);
  });

  it("serves a visible profile's own photo and nothing for a hidden one", async () => {
    const db = t.database.db;
    await t.app.storage.put("profile-photos/carlos.jpg", Buffer.from("carlos photo"));
    await db
      .update(landscaper)
      .set({ photoKey: "profile-photos/carlos.jpg", photoContentType: "image/jpeg" })
      .where(eq(landscaper.userId, carlos.id));
    const profile = (await get("/api/pros/queen-city-lawn-care")).json().profile as ProProfile;
    expect(profile.photoUrl).toMatch(/^\/api\/pros\/queen-city-lawn-care\/photo\?v=/);
    const photo = await get(profile.photoUrl!);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/jpeg");
    expect((await get("/api/pros/tasha-williams/photo")).statusCode).toBe(404);
    await db
      .update(landscaper)
      .set({ photoKey: "profile-photos/carlos.jpg" })
      .where(eq(landscaper.slug, "hidden-harry"));
    expect((await get("/api/pros/hidden-harry/photo")).statusCode).toBe(404);
  });

  it("never answers a street address, a ZIP list or a customer's full name", async () => {
    const bodies = [
      (await get("/api/pros")).body,
      (await get("/api/pros/queen-city-lawn-care")).body,
      (await get("/api/pros/queen-city-lawn-care/reviews?page=1")).body,
    ];
    for (const body of bodies) {
      expect(body).not.toContain("Secret Garden");
      expect(body).not.toContain("Tryon");
      expect(body).not.toContain("Bennett");
      expect(body).not.toMatch(/\b28[0-9]{3}\b/);
    }
    const profile = JSON.parse(bodies[1]!).profile as ProProfile;
    expect(profile.neighbourhoods).toEqual(["Dilworth", "Montford", "Myers Park"]);
  });

  it("pages the reviews ten at a time", async () => {
    const page = await get("/api/pros/queen-city-lawn-care/reviews?page=2");
    expect(page.json()).toEqual({ reviews: [], page: 2, nextPage: null });
    expect((await get("/api/pros/queen-city-lawn-care/reviews?page=0")).statusCode).toBe(400);
  });
});
