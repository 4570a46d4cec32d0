import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday, formatCharlotteClock } from "../../../shared/dates.js";
import { notification, outbox, user } from "../../db/schema.js";
import type { SignedUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { jobCast } from "../../test/cast-helpers.js";
import { createJob, postMultipart } from "../../test/landscaper-helpers.js";
import { addPhotos, cameraJpeg } from "../../test/photo-helpers.js";

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Proof of work and arrival: photos re-encoded without EXIF, private to the job's people, needed to
 * complete; the landscaper's arrival steps told to the customer.
 */
describe("proof of work and arrival", () => {
  const t = useTestApp();
  let customer: SignedUp;
  let stranger: SignedUp;
  let pro: { id: string; cookie: string };
  let rival: { id: string; cookie: string };
  let admin: SignedUp;

  beforeAll(async () => {
    ({ admin, customer, stranger, pro, rival } = await jobCast(t));
  });

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
  const get = (who: { cookie: string } | null, url: string) =>
    t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });

  /** A job of the customer, booked with the pro for `day` days from today. */
  async function scheduled(day = 0) {
    const id = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
    const accept = await post(pro, `/api/jobs/${id}/accept`, {
      price: 120,
      scheduledDate: daysFromToday(day),
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
    return id;
  }

  const jobOf = async (who: { cookie: string }, id: string) => {
    const url = who === customer ? "/api/customer/jobs" : "/api/landscaper/jobs?status=all";
    const list = (await get(who, url)).json() as { jobs: { id: string }[] };
    return list.jobs.find((j) => j.id === id) as Record<string, unknown> & { id: string };
  };

  it("re-encodes photos: no EXIF stored, at most 2048 px with a 400 px thumbnail, the capture time kept", async () => {
    const id = await scheduled();
    const big = await cameraJpeg({ width: 3000, height: 2000, takenAt: "2026:11:20 10:42:05" });
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const upload = await postMultipart(
      t.app,
      `/api/jobs/${id}/photos`,
      [
        { name: "kind", value: "after" },
        { name: "photo1", value: big, filename: "IMG_0001.jpg", contentType: "image/jpeg" },
        { name: "photo2", value: await cameraJpeg(), filename: "IMG_0002.jpg", contentType: "image/jpeg" },
      ],
      pro.cookie,
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const photos = upload.json().photos as {
      id: string;
      takenAt: string;
      width: number;
      thumbUrl: string;
      fullUrl: string;
    }[];
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({ kind: "after", visit: 1, width: 2048, height: 1365 });
    // 10:42:05 on Charlotte's clock (EST in November).
    expect(photos[0]!.takenAt).toBe("2026-11-20T15:42:05.000Z");

    // The stored bytes themselves: read from the storage, not through a route that could filter them.
    const rows = await t.database.db.query.jobPhoto.findMany({ where: (p, { eq }) => eq(p.jobId, id) });
    for (const row of rows) {
      for (const key of [row.key, row.thumbKey]) {
        const file = await t.app.storage.get(key);
        const bytes = await bytesOf(file!.stream);
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe("jpeg");
        expect(meta.exif).toBeUndefined();
        expect(bytes.includes(Buffer.from("TestCam"))).toBe(false);
        expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(key === row.thumbKey ? 400 : 2048);
      }
    }

    // Customer, landscaper and admins see them; nobody else (404, as for a job that does not exist).
    for (const who of [customer, pro, admin]) {
      const thumb = await get(who, photos[0]!.thumbUrl);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers["content-type"]).toBe("image/jpeg");
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
      expect((await get(who, photos[0]!.fullUrl)).statusCode).toBe(200);
    }
    for (const who of [stranger, rival]) {
      const refused = await get(who, photos[0]!.fullUrl);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe("Job not found.");
    }
    expect((await get(null, photos[0]!.fullUrl)).statusCode).toBe(401);
    // A photo is found only under its own job: another job of the same people, or no such photo, says so.
    const other = await scheduled(1);
    for (const url of [
      `/api/jobs/${other}/photos/${photos[0]!.id}?size=thumb`,
      `/api/jobs/${id}/photos/${crypto.randomUUID()}?size=full`,
    ]) {
      const missing = await get(customer, url);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe("Photo not found.");
    }
    expect(
      (await get(customer, `/api/jobs/${crypto.randomUUID()}/photos/${photos[0]!.id}`)).json().error.message,
    ).toBe("Job not found.");
    expect(((await jobOf(customer, id)).photos as unknown[]).length).toBe(2);
    // Admins see them on the job history too.
    const history = (await get(admin, "/api/admin/jobs")).json() as {
      items: { id: string; photos: unknown[] }[];
    };
    expect(history.items.find((j) => j.id === id)?.photos).toHaveLength(2);
  });

  it("needs a photo of the work to complete, takes at most 6 per kind, and refuses what is not a photo", async () => {
    const id = await scheduled();
    const bare = await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 120 });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields.photos).toBe(
      "Add at least one photo of the finished work before completing the job.",
    );
    const notImage = await postMultipart(
      t.app,
      `/api/jobs/${id}/photos`,
      [
        { name: "kind", value: "after" },
        {
          name: "photo1",
          value: Buffer.from("%PDF-1.4 not a photo at all"),
          filename: "a.jpg",
          contentType: "image/jpeg",
        },
      ],
      pro.cookie,
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.message).toBe("Please choose a photo (JPEG, PNG or WebP).");
    // A rival landscaper and the customer cannot add the work's photos.
    await expect(addPhotos(t.app, rival.cookie, id)).rejects.toThrow(/404/);
    await expect(addPhotos(t.app, customer.cookie, id)).rejects.toThrow(/404/);

    await addPhotos(t.app, pro.cookie, id, { count: 5 });
    await expect(addPhotos(t.app, pro.cookie, id, { count: 2 })).rejects.toThrow(/At most 6 photos/);
    const withSixth = await addPhotos(t.app, pro.cookie, id);
    expect(withSixth.photos).toHaveLength(6);
    // Before photos are their own six.
    await addPhotos(t.app, pro.cookie, id, { kind: "before" });
    // A wrong shot can be taken back before completing.
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/jobs/${id}/photos/${withSixth.photos[0]!.id}`,
      headers: { cookie: pro.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().photos).toHaveLength(6);
    expect((await post(pro, `/api/jobs/${id}/complete`, { finalPrice: 120 })).statusCode).toBe(200);
    // Once completed, the work's photos are fixed.
    await expect(addPhotos(t.app, pro.cookie, id)).rejects.toThrow(/409/);
  });

  it("tells the customer 'on my way', 'arrived' and 'work started', keeping the times", async () => {
    const id = await scheduled();
    const later = await scheduled(3);
    const early = await post(pro, `/api/jobs/${later}/on-my-way`, { etaMinutes: 30 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/Arrival updates open on the day of the visit/);
    expect((await post(rival, `/api/jobs/${id}/on-my-way`, { etaMinutes: 30 })).statusCode).toBe(404);
    expect((await post(pro, `/api/jobs/${id}/on-my-way`, { etaMinutes: 25 })).statusCode).toBe(400);
    expect((await post(pro, `/api/jobs/${id}/on-my-way`, {})).statusCode).toBe(400);

    const before = Date.now();
    const onWay = await post(pro, `/api/jobs/${id}/on-my-way`, { etaMinutes: 30 });
    expect(onWay.statusCode, onWay.body).toBe(200);
    const eta = new Date(onWay.json().job.arrival.etaAt as string);
    expect(eta.getTime() - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(onWay.json().job.arrival.stage).toBe("on_the_way");
    const sentence = `Carlos from Queen City Lawn Care is on the way — arriving about ${formatCharlotteClock(eta)}.`;
    const alerts = await t.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, customer.id));
    expect(alerts.find((n) => n.message === sentence)?.type).toBe("arrival");
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, customer.email));
    expect(mails.some((m) => m.subject === "Carlos from Queen City Lawn Care is on the way")).toBe(true);
    // On the way, the visit can't be cancelled or skipped by the customer any more (issue 33), and nothing moves.
    const whileOnWay = await post(customer, `/api/jobs/${id}/cancel`, {
      reason: "Changed my mind",
      acceptedFeeCents: 2500,
    });
    expect(whileOnWay.statusCode).toBe(409);
    expect(whileOnWay.json().error.message).toBe(
      "Your landscaper is already on the way, so this visit can no longer be cancelled or skipped. Message them if something has changed.",
    );
    expect((await jobOf(customer, id)).status).toBe("scheduled");

    expect((await post(pro, `/api/jobs/${id}/arrived`)).statusCode).toBe(200);
    expect((await post(pro, `/api/jobs/${id}/arrived`)).statusCode).toBe(409);
    expect((await post(pro, `/api/jobs/${id}/on-my-way`, { etaMinutes: 15 })).statusCode).toBe(409);
    const started = await post(pro, `/api/jobs/${id}/start-work`);
    expect(started.statusCode).toBe(200);
    const arrival = (await jobOf(customer, id)).arrival as Record<string, string | null>;
    expect(arrival.stage).toBe("working");
    expect(arrival.onTheWayAt && arrival.arrivedAt && arrival.workStartedAt).toBeTruthy();
    // With the crew at the door the customer can no longer cancel (a late fee would not cover the work done).
    const cancel = await post(customer, `/api/jobs/${id}/cancel`, {
      reason: "Changed my mind",
      acceptedFeeCents: 2500,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toMatch(/already arrived/);
  });

  it("emails arrival updates only to customers who keep them on", async () => {
    const id = await scheduled();
    await t.database.db.update(user).set({ arrivalAlerts: false }).where(eq(user.id, customer.id));
    try {
      const mailsBefore = (await t.database.db.select().from(outbox).where(eq(outbox.to, customer.email)))
        .length;
      expect((await post(pro, `/api/jobs/${id}/arrived`)).statusCode).toBe(200);
      const alerts = await t.database.db
        .select()
        .from(notification)
        .where(eq(notification.userId, customer.id));
      expect(alerts.some((n) => n.type === "arrival" && n.message.includes("has arrived"))).toBe(true);
      const mailsAfter = (await t.database.db.select().from(outbox).where(eq(outbox.to, customer.email)))
        .length;
      expect(mailsAfter).toBe(mailsBefore);
    } finally {
      await t.database.db.update(user).set({ arrivalAlerts: true }).where(eq(user.id, customer.id));
    }
  });
});
