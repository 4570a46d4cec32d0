import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { job, notification, pushSubscription, user } from "../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "./accounts-helpers.js";
import { useTestApp } from "./build-test-app.js";
import { snapshot } from "./db-snapshot.js";
import {
  createJob,
  createLandscaper,
  type Landscaper,
  postMultipart,
  samplePdf,
  samplePng,
  uploadFile,
} from "./landscaper-helpers.js";
import { quoteParts } from "./quote-helpers.js";

/**
 * Ownership, across features: a signed-in user whose role may call a route still cannot read or change
 * what belongs to someone else. Services answer 404 for another user's row (its existence is not
 * confirmed either), and the database is unchanged after each refusal.
 */
describe("nobody reads or changes what belongs to someone else", () => {
  let owner: SignedUp;
  let stranger: SignedUp;
  let ownerLandscaper: Landscaper;
  let otherLandscaper: Landscaper;
  let admin: SignedUp;
  let ownerJob: string;
  let photoJob: string;
  let ownerDocument: string;
  let ownerNotification: string;

  async function call(
    cookie: string,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ) {
    return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  /** The refusal, then proof it changed nothing. */
  async function expectRefused(
    request: () => Promise<{ statusCode: number; json(): unknown }>,
    label: string,
  ) {
    const before = await snapshot(t.database);
    const response = await request();
    expect(response.statusCode, label).toBe(404);
    expect((response.json() as { error: { code: string } }).error.code, label).toBe("not_found");
    expect(await snapshot(t.database), label).toEqual(before);
  }

  // The owner's browser subscribes at a push host this test names; no DNS on this machine.
  const t = useTestApp(
    { PUSH_ENDPOINT_HOSTS: "push.example.com", PUSH_ALLOW_PRIVATE_ADDRESSES: "true" },
    180_000,
  );
  // Building the app and hashing passwords is slow on a busy 2-core machine.
  beforeAll(async () => {
    owner = await signUp(t.app, { role: "customer" });
    stranger = await signUp(t.app, { role: "customer" });
    admin = await signUpAs(t.app, t.database, "admin");
    ownerLandscaper = await createLandscaper(t, { status: "approved", zips: ["28202"] });
    otherLandscaper = await createLandscaper(t, { status: "approved", zips: ["28202"] });

    ownerJob = await createJob(t.app, { cookie: owner.cookie, zipCode: "28202" });
    const quote = await postMultipart(
      t.app,
      "/api/quotes",
      [
        ...quoteParts({
          fullName: "Olivia Bennett",
          email: owner.email,
          phone: "(704) 555-0199",
          address: "415 Hawthorne Ln, Charlotte, NC",
          zipCode: "28202",
          services: "lawn-mowing",
          preferredDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        }),
        { name: "photo", value: samplePng, filename: "yard.png", contentType: "image/png" },
      ],
      owner.cookie,
    );
    expect(quote.statusCode).toBe(200);
    photoJob = quote.json().quote.id;

    const uploaded = await uploadFile(t.app, ownerLandscaper.cookie, "insurance", {
      data: samplePdf,
      filename: "insurance.pdf",
      contentType: "application/pdf",
    });
    expect(uploaded.statusCode).toBe(200);
    ownerDocument = uploaded.json().document.id;

    // The owner's landscaper accepts the photo job: the owner now has a notification to protect.
    const accepted = await call(ownerLandscaper.cookie, "POST", `/api/jobs/${photoJob}/accept`, {
      price: 80,
    });
    expect(accepted.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ id: notification.id })
      .from(notification)
      .where(eq(notification.userId, owner.id));
    ownerNotification = row!.id;

    const subscribed = await call(owner.cookie, "POST", "/api/push/subscriptions", {
      endpoint: "https://push.example.com/owner-browser",
      keys: { p256dh: "p".repeat(40), auth: "a".repeat(16) },
    });
    expect(subscribed.statusCode).toBe(200);
  }, 180_000);
  it("a customer cannot approve, cancel or rate another customer's job, nor see its photo", async () => {
    await expectRefused(() => call(stranger.cookie, "POST", `/api/jobs/${photoJob}/approve`), "approve");
    await expectRefused(
      () => call(stranger.cookie, "POST", `/api/jobs/${ownerJob}/cancel`, { reason: "Not mine" }),
      "cancel",
    );
    await expectRefused(
      () => call(stranger.cookie, "POST", `/api/jobs/${ownerJob}/rate`, { rating: 1, comment: "x", tip: 0 }),
      "rate",
    );
    await expectRefused(() => call(stranger.cookie, "GET", `/api/jobs/${photoJob}/photo`), "photo");

    const list = await call(stranger.cookie, "GET", "/api/customer/jobs");
    expect(list.json().jobs).toEqual([]);
    const next = await call(stranger.cookie, "GET", "/api/customer/jobs/next");
    expect(next.json().job).toBeNull();

    // The owner and admins do see the photo; the assigned landscaper once the customer approves their offer
    // (it is only accepted here: a photo of the house is an address).
    for (const cookie of [owner.cookie, admin.cookie]) {
      expect((await call(cookie, "GET", `/api/jobs/${photoJob}/photo`)).statusCode).toBe(200);
    }
    await expectRefused(() => call(ownerLandscaper.cookie, "GET", `/api/jobs/${photoJob}/photo`), "offer");
  });

  it("a landscaper cannot see a job's photo or complete a job assigned to another landscaper", async () => {
    await expectRefused(() => call(otherLandscaper.cookie, "GET", `/api/jobs/${photoJob}/photo`), "photo");
    await t.database.db.update(job).set({ status: "scheduled" }).where(eq(job.id, photoJob));
    expect((await call(ownerLandscaper.cookie, "GET", `/api/jobs/${photoJob}/photo`)).statusCode).toBe(200);
    await expectRefused(
      () => call(otherLandscaper.cookie, "POST", `/api/jobs/${photoJob}/complete`, { finalPrice: 80 }),
      "complete",
    );
  });

  it("a landscaper's documents are readable by that landscaper and admins alone", async () => {
    await expectRefused(
      () => call(otherLandscaper.cookie, "GET", `/api/documents/${ownerDocument}`),
      "other",
    );
    await expectRefused(() => call(stranger.cookie, "GET", `/api/documents/${ownerDocument}`), "customer");
    const listed = await call(otherLandscaper.cookie, "GET", "/api/landscaper/documents");
    expect(listed.json().documents).toEqual([]);

    expect((await call(ownerLandscaper.cookie, "GET", `/api/documents/${ownerDocument}`)).statusCode).toBe(
      200,
    );
    expect((await call(admin.cookie, "GET", `/api/documents/${ownerDocument}`)).statusCode).toBe(200);
  });

  it("nobody reads, marks or clears another user's notifications", async () => {
    await expectRefused(
      () => call(stranger.cookie, "POST", `/api/notifications/${ownerNotification}/read`),
      "mark one",
    );
    await expectRefused(
      () => call(ownerLandscaper.cookie, "POST", `/api/notifications/${ownerNotification}/read`),
      "mark one as a landscaper",
    );

    const ownersRows = () =>
      t.database.db
        .select()
        .from(notification)
        .where(eq(notification.userId, owner.id))
        .orderBy(notification.id);
    const before = await ownersRows();
    for (const [method, url] of [
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/history"],
      ["POST", "/api/notifications/read-all"],
      ["DELETE", "/api/notifications"],
    ] as const) {
      const response = await call(stranger.cookie, method, url);
      expect(response.statusCode, url).toBe(200);
      expect(JSON.stringify(response.json()), url).not.toContain(ownerNotification);
    }
    expect(await ownersRows()).toEqual(before);
    expect(before.every((row) => !row.read)).toBe(true);
  });

  it("preferences and push subscriptions are one's own, whatever the body claims", async () => {
    const prefs = () =>
      t.database.db
        .select({ push: user.pushOptIn, sms: user.smsOptIn, email: user.emailOptIn, phone: user.phoneNumber })
        .from(user)
        .where(eq(user.id, owner.id));
    const before = await prefs();
    const changed = await call(stranger.cookie, "PUT", "/api/notifications/preferences", {
      pushOptIn: false,
      smsOptIn: false,
      emailOptIn: false,
      userId: owner.id,
    });
    expect(changed.statusCode).toBe(200);
    expect(await prefs()).toEqual(before);

    const ownerSubscriptions = () =>
      t.database.db.select().from(pushSubscription).where(eq(pushSubscription.userId, owner.id));
    expect(await ownerSubscriptions()).toHaveLength(1);
    const removed = await call(stranger.cookie, "DELETE", "/api/push/subscriptions");
    expect(removed.json().deleted).toBe(0);
    expect(await ownerSubscriptions()).toHaveLength(1);
    // The stranger's own preference change (push off) dropped none of the owner's subscriptions either.
    const [subscription] = await t.database.db
      .select()
      .from(pushSubscription)
      .where(
        and(
          eq(pushSubscription.userId, owner.id),
          eq(pushSubscription.endpoint, "https://push.example.com/owner-browser"),
        ),
      );
    expect(subscription).toBeDefined();
  });
});
