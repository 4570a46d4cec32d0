import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { conversationMessages, MASK, MESSAGE_MAX_LENGTH } from "../../../shared/conversations.js";
import { daysFromToday } from "../../../shared/dates.js";
import { photoMessages } from "../../../shared/proof.js";
import { jobLabel } from "../../../shared/services.js";
import { conversationMember, jobMessage, jobMessageReport, notification, outbox } from "../../db/schema.js";
import { policies } from "../../lib/rate-limit/policies.js";
import { type SignedUp, signUp } from "../../test/accounts-helpers.js";
import { type TestApp, useTestApp } from "../../test/build-test-app.js";
import { type JobParties, jobCast, jobParties } from "../../test/cast-helpers.js";
import { expectFieldErrors } from "../../test/field-errors.js";
import { createJob, createLandscaper, postMultipart, samplePdf } from "../../test/landscaper-helpers.js";
import { saveCard } from "../../test/payment-helpers.js";
import { addPhotos, cameraJpeg } from "../../test/photo-helpers.js";
import { sendUnreadMessageEmails } from "./unread-email.js";

type Item = {
  id: string;
  senderRole: string;
  senderName: string;
  mine: boolean;
  body: string;
  masked: boolean;
  image: { thumbUrl: string; fullUrl: string } | null;
  reportedByMe: boolean;
};

/** The requests every block sends, against the app `t` (read when called, after beforeAll has built it). */
function requests(t: TestApp) {
  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
  const get = (who: { cookie: string } | null, url: string) =>
    t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
  const send = (who: { cookie: string }, id: string, body: string, remoteAddress?: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/jobs/${id}/messages`,
      headers: { cookie: who.cookie },
      payload: { body },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const thread = async (who: { cookie: string }, id: string) => {
    const response = await get(who, `/api/jobs/${id}/messages`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      jobId: string;
      jobNumber: number;
      withName: string;
      messages: Item[];
      canWrite: boolean;
      closedReason: string | null;
      masking: boolean;
      unread: number;
    };
  };
  /** A job of `cast.customer`, accepted by `cast.pro` at $120 for a visit in `visit` days. */
  const accepted = async (cast: JobParties, visit = 3) => {
    const id = await createJob(t.app, { cookie: cast.customer.cookie, zipCode: "28202" });
    const response = await post(cast.pro, `/api/jobs/${id}/accept`, {
      price: 120,
      scheduledDate: daysFromToday(visit),
    });
    expect(response.statusCode, response.body).toBe(200);
    return id;
  };
  const scheduled = async (cast: JobParties) => {
    const id = await accepted(cast);
    const response = await post(cast.customer, `/api/jobs/${id}/approve`);
    expect(response.statusCode, response.body).toBe(200);
    return id;
  };
  const completed = async (cast: JobParties) => {
    const id = await scheduled(cast);
    await addPhotos(t.app, cast.pro.cookie, id);
    const response = await post(cast.pro, `/api/jobs/${id}/complete`, { finalPrice: 120 });
    expect(response.statusCode, response.body).toBe(200);
    return id;
  };
  /** Completed, then the customer reports a problem: the dispute is open. */
  const disputed = async (cast: JobParties) => {
    const id = await completed(cast);
    const response = await post(cast.customer, `/api/jobs/${id}/report-problem`, {
      reason: "partly_done",
      note: "Half the lawn is uncut",
    });
    expect(response.statusCode, response.body).toBe(200);
    return id;
  };
  /** Sends `body` and answers the stored message (failing the test if the send is refused). */
  const said = async (who: { cookie: string }, id: string, body: string): Promise<Item> => {
    const response = await send(who, id, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().message;
  };
  return { post, get, send, thread, accepted, scheduled, completed, disputed, said };
}

/**
 * A job's conversation (issue 16): its customer and assigned landscaper write to each other, our team reads
 * always and writes while a reported problem is open; nobody else learns the job exists. Contact details are
 * hidden until the job is booked, text stays text, unread counts and bell items follow reading, images lose
 * their EXIF, and a flood is refused.
 */
describe("job conversations", () => {
  const t = useTestApp();
  const { post, get, send, thread, accepted, scheduled, completed, disputed, said } = requests(t);
  let customer: SignedUp;
  let stranger: SignedUp;
  let pro: SignedUp;
  let rival: SignedUp;
  let admin: SignedUp;
  let cast: JobParties;

  beforeAll(async () => {
    ({ customer, stranger, pro, rival, admin } = await jobCast(t));
    cast = { customer, pro };
  });

  const messagesOf = (jobId: string) =>
    t.database.db.select().from(jobMessage).where(eq(jobMessage.jobId, jobId)).orderBy(jobMessage.createdAt);
  const notificationsOf = (userId: string, link?: string) =>
    t.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, userId), link ? eq(notification.link, link) : undefined));
  const customerLink = (id: string) => `/dashboard/customer?conversation=${id}`;
  const proLink = (id: string) => `/landscaper-dashboard?conversation=${id}`;
  const adminLink = (id: string) => `/admin/resolutions?conversation=${id}`;

  /** A message with an image from the customer on a booked job: what the access checks are tried on. */
  async function threadWithImage() {
    const id = await scheduled(cast);
    const response = await postMultipart(
      t.app,
      `/api/jobs/${id}/messages`,
      [
        { name: "body", value: "The gate is on the left." },
        { name: "image", value: await cameraJpeg(), filename: "IMG_7.jpg", contentType: "image/jpeg" },
      ],
      customer.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    return { id, message: response.json().message as Item };
  }

  describe("who may take part", () => {
    it("answers 404 to a stranger customer and a stranger landscaper on every route, and changes nothing", async () => {
      const { id, message } = await threadWithImage();
      const notificationsBefore = (await notificationsOf(pro.id)).length;
      const adminsBefore = (await notificationsOf(admin.id)).length;
      for (const who of [stranger, rival]) {
        const routes = [
          await get(who, `/api/jobs/${id}/messages`),
          await send(who, id, "Hello from outside"),
          await postMultipart(
            t.app,
            `/api/jobs/${id}/messages`,
            [
              { name: "body", value: "A photo from outside" },
              { name: "image", value: await cameraJpeg(), filename: "x.jpg", contentType: "image/jpeg" },
            ],
            who.cookie,
          ),
          await post(who, `/api/jobs/${id}/messages/read`),
          await post(who, `/api/jobs/${id}/messages/${message.id}/report`, { reason: "Spam" }),
          await get(who, message.image!.thumbUrl),
          await get(who, message.image!.fullUrl),
        ];
        for (const response of routes) {
          expect(response.statusCode, response.body).toBe(404);
          expect(response.json().error.message).toBe("Job not found.");
        }
      }
      expect((await messagesOf(id)).map((m) => m.body)).toEqual(["The gate is on the left."]);
      expect(await t.database.db.select().from(jobMessageReport)).toEqual([]);
      expect(
        await t.database.db.select().from(conversationMember).where(eq(conversationMember.jobId, id)),
      ).toHaveLength(1); // the sender's own read mark, nobody else's
      expect((await notificationsOf(pro.id)).length).toBe(notificationsBefore);
      expect((await notificationsOf(admin.id)).length).toBe(adminsBefore);

      // Signed out: 401 on reads and writes alike.
      expect((await get(null, `/api/jobs/${id}/messages`)).statusCode).toBe(401);
      expect((await get(null, message.image!.fullUrl)).statusCode).toBe(401);
      const anonymous = await t.app.inject({
        method: "POST",
        url: `/api/jobs/${id}/messages`,
        payload: { body: "hi" },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it("answers 404 for a job or message that does not exist, and 400 for a malformed id", async () => {
      const { id, message } = await threadWithImage();
      const unknown = "00000000-0000-4000-8000-000000000000";
      expect((await get(customer, `/api/jobs/${unknown}/messages`)).statusCode).toBe(404);
      expect((await send(customer, unknown, "hi")).statusCode).toBe(404);
      const noMessage = await post(customer, `/api/jobs/${id}/messages/${unknown}/report`, { reason: "x" });
      expect(noMessage.statusCode).toBe(404);
      expect(noMessage.json().error.message).toBe("Message not found.");
      const noImage = await get(customer, `/api/jobs/${id}/messages/${unknown}/image`);
      expect(noImage.statusCode).toBe(404);
      // A message of this job reached through another job of the same person: not found there.
      const other = await scheduled(cast);
      expect((await get(customer, `/api/jobs/${other}/messages/${message.id}/image`)).statusCode).toBe(404);
      const elsewhere = await post(pro, `/api/jobs/${other}/messages/${message.id}/report`, { reason: "x" });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().error.message).toBe("Message not found.");
      const malformed = await get(customer, "/api/jobs/not-a-uuid/messages");
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toBe("Job not found.");
    });

    it("opens once a landscaper takes the job and closes when it is cancelled", async () => {
      const id = await createJob(t.app, { cookie: customer.cookie, zipCode: "28202" });
      const open = await thread(customer, id);
      expect(open).toMatchObject({ canWrite: false, closedReason: conversationMessages.noLandscaper });
      const early = await send(customer, id, "Anyone there?");
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe(conversationMessages.noLandscaper);
      // The landscaper who sees it in the queue is not on it yet.
      expect((await get(pro, `/api/jobs/${id}/messages`)).statusCode).toBe(404);

      const response = await post(pro, `/api/jobs/${id}/accept`, {
        price: 120,
        scheduledDate: daysFromToday(3),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await thread(customer, id)).toMatchObject({ canWrite: true, closedReason: null });
      await said(customer, id, "Thanks for taking it");

      const cancel = await post(customer, `/api/jobs/${id}/cancel`, { reason: "Moving house" });
      expect(cancel.statusCode, cancel.body).toBe(200);
      for (const who of [customer, pro]) {
        const closed = await send(who, id, "Still there?");
        expect(closed.statusCode).toBe(409);
        expect(closed.json().error.message).toBe(conversationMessages.closed);
      }
      // What was said stays readable.
      expect(await thread(customer, id)).toMatchObject({
        canWrite: false,
        closedReason: conversationMessages.closed,
        messages: [{ body: "Thanks for taking it" }],
      });
      expect(await messagesOf(id)).toHaveLength(1);
    });
  });

  it("does not show a landscaper who takes over a job what was said with the one who withdrew", async () => {
    const id = await scheduled(cast);
    const earlier = await said(customer, id, "Text me on 704-555-0123 when you leave");
    await said(pro, id, "Will do, mine is 980-555-0111");
    const photo = await postMultipart(
      t.app,
      `/api/jobs/${id}/messages`,
      [{ name: "image", value: await cameraJpeg(), filename: "IMG.jpg", contentType: "image/jpeg" }],
      customer.cookie,
    );
    expect(photo.statusCode, photo.body).toBe(200);
    const image = (photo.json().message as Item).image!;
    const withdrawn = await post(pro, `/api/jobs/${id}/withdraw`, { reason: "My mower broke down." });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    // The one who withdrew is off the job: 404, as for any stranger.
    expect((await get(pro, `/api/jobs/${id}/messages`)).statusCode).toBe(404);

    const taken = await post(rival, `/api/jobs/${id}/accept`, {
      price: 130,
      scheduledDate: daysFromToday(4),
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const seen = await thread(rival, id);
    expect(seen).toMatchObject({ masking: true, canWrite: true, messages: [], unread: 0 });
    const list = (await get(rival, "/api/landscaper/jobs?show=accepted")).json().jobs as {
      id: string;
      unreadMessages: number;
    }[];
    expect(list.find((j) => j.id === id)?.unreadMessages).toBe(0);
    // Nor through the routes that take a message's id.
    expect((await get(rival, image.fullUrl)).statusCode).toBe(404);
    const report = await post(rival, `/api/jobs/${id}/messages/${earlier.id}/report`, { reason: "Spam" });
    expect(report.statusCode).toBe(404);
    expect(report.json().error.message).toBe("Message not found.");
    // The new pair's conversation starts here; the customer still has the whole history.
    await said(rival, id, "Hi, I'm taking over your job");
    expect((await thread(rival, id)).messages.map((m) => m.body)).toEqual(["Hi, I'm taking over your job"]);
    expect((await thread(customer, id)).messages).toHaveLength(4);
    expect((await get(customer, image.fullUrl)).statusCode).toBe(200);
  });

  it("lets the customer and the landscaper talk, each seeing who wrote what", async () => {
    const id = await scheduled(cast);
    const view = (await get(customer, "/api/customer/jobs"))
      .json()
      .jobs.find((j: { id: string }) => j.id === id);
    const proName = view.landscaperName as string;
    expect(proName).toContain("Carlos Mendoza");

    const first = await said(customer, id, "Hi! The side gate is unlocked.");
    expect(first).toMatchObject({
      senderRole: "customer",
      senderName: "Olivia Bennett",
      mine: true,
      body: "Hi! The side gate is unlocked.",
      masked: false,
      image: null,
      reportedByMe: false,
    });
    const reply = await said(pro, id, "Great, see you Thursday.");
    expect(reply).toMatchObject({ senderRole: "landscaper", senderName: proName, mine: true });

    const theirs = await thread(pro, id);
    expect(theirs).toMatchObject({
      jobId: id,
      withName: "Olivia Bennett",
      canWrite: true,
      closedReason: null,
    });
    expect(theirs.messages.map((m) => [m.body, m.mine])).toEqual([
      ["Hi! The side gate is unlocked.", false],
      ["Great, see you Thursday.", true],
    ]);
    const mine = await thread(customer, id);
    expect(mine.withName).toBe(proName);
    expect(mine.messages.map((m) => [m.senderRole, m.mine])).toEqual([
      ["customer", true],
      ["landscaper", false],
    ]);
    expect(mine.jobNumber).toBe(view.number);
  });

  describe("contact details", () => {
    const phones = ["704-555-0123", "(704) 555 0123", "+1 704 555 0123", "704.555.0123", "7045550123"];
    const emails = ["me@example.com", "olivia.bennett+lawn@mail.example.co.uk", "me at example dot com"];

    it("are hidden while the job is only accepted, in the message, the stored row and the bell", async () => {
      const id = await accepted(cast);
      expect((await thread(customer, id)).masking).toBe(true);
      for (const contact of [...phones, ...emails]) {
        const message = await said(customer, id, `Call me: ${contact} thanks`);
        expect(message, contact).toMatchObject({ body: `Call me: ${MASK} thanks`, masked: true });
      }
      const both = await said(pro, id, "Text 704-555-0123 or write me@example.com");
      expect(both).toMatchObject({ body: `Text ${MASK} or write ${MASK}`, masked: true });

      // Nothing of the numbers is kept: not in the database, not in what the other side reads or is told.
      const stored = await messagesOf(id);
      expect(stored.every((m) => m.masked && !/0123|example/.test(m.body))).toBe(true);
      const seen = await thread(pro, id);
      expect(seen.messages.every((m) => !/0123|example/.test(m.body))).toBe(true);
      const told = await notificationsOf(pro.id, proLink(id));
      expect(told.length).toBe(phones.length + emails.length);
      expect(told.every((n) => !/0123|example/.test(n.message))).toBe(true);
      const queued = await t.database.db.select().from(outbox);
      expect(queued.some((row) => row.text.includes("555-0123") || row.text.includes("me@example"))).toBe(
        false,
      );

      // Text without contact details is left alone.
      expect(await said(customer, id, "Price is $120.00 for 2 hours")).toMatchObject({
        body: "Price is $120.00 for 2 hours",
        masked: false,
      });
    });

    it("are sent as written once the job is scheduled; earlier messages stay hidden", async () => {
      const id = await accepted(cast);
      await said(customer, id, "Reach me on 704-555-0123");
      expect((await post(customer, `/api/jobs/${id}/approve`)).statusCode).toBe(200);
      expect((await thread(customer, id)).masking).toBe(false);
      for (const contact of [...phones, ...emails]) {
        const message = await said(customer, id, `Call me: ${contact}`);
        expect(message, contact).toMatchObject({ body: `Call me: ${contact}`, masked: false });
      }
      expect(await said(pro, id, "Mine is 704-555-0199")).toMatchObject({
        body: "Mine is 704-555-0199",
        masked: false,
      });
      const seen = await thread(pro, id);
      expect(seen.messages[0]).toMatchObject({ body: `Reach me on ${MASK}`, masked: true });
      expect(seen.messages.at(-1)).toMatchObject({ body: "Mine is 704-555-0199", masked: false });
    });
  });

  it("keeps messages as text: HTML comes back exactly as sent, as JSON", async () => {
    const id = await scheduled(cast);
    const html = `<script>alert("x")</script><img src=x onerror="alert(1)"> & <b>bold</b> &amp; 'quotes'`;
    const sent = await send(customer, id, html);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers["content-type"]).toMatch(/^application\/json/);
    expect(sent.json().message.body).toBe(html);
    const read = await get(pro, `/api/jobs/${id}/messages`);
    expect(read.headers["content-type"]).toMatch(/^application\/json/);
    expect(read.json().messages[0].body).toBe(html);
    expect((await messagesOf(id))[0]!.body).toBe(html);
    // Lines and unicode survive; the ends are trimmed.
    const multiline = "  Line one\nLine two 🌿 — ñ  ";
    expect((await said(customer, id, multiline)).body).toBe("Line one\nLine two 🌿 — ñ");
  });

  it(`takes ${MESSAGE_MAX_LENGTH} characters and refuses more, and refuses an empty message`, async () => {
    const id = await scheduled(cast);
    const longest = "a".repeat(MESSAGE_MAX_LENGTH);
    expect((await said(customer, id, longest)).body).toHaveLength(MESSAGE_MAX_LENGTH);
    // Spaces around the text do not count.
    expect((await said(customer, id, `  ${longest}  `)).body).toBe(longest);

    const limit = { body: `Messages are limited to ${MESSAGE_MAX_LENGTH} characters.` };
    expectFieldErrors(await send(customer, id, `${longest}b`), limit);
    expectFieldErrors(await send(customer, id, "x".repeat(5_000)), limit);
    // Far beyond: the route's 64 KB body limit answers first (413); refused all the same.
    expect((await send(customer, id, "x".repeat(100_000))).statusCode).toBe(413);
    for (const empty of ["", "   \n  "]) {
      const response = await send(customer, id, empty);
      expect(response.statusCode, JSON.stringify(empty)).toBe(400);
      expect(response.json().error.message).toBe(conversationMessages.empty);
    }
    const nobody = await post(customer, `/api/jobs/${id}/messages`, {});
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.message).toBe(conversationMessages.empty);
    expect(await messagesOf(id)).toHaveLength(2);
  });

  describe("our team", () => {
    it("reads any conversation but cannot write without an open dispute (409)", async () => {
      const id = await scheduled(cast);
      await said(customer, id, "See you then");
      const seen = await thread(admin, id);
      expect(seen).toMatchObject({
        canWrite: false,
        closedReason: conversationMessages.adminOnlyInDispute,
        unread: 0,
        messages: [{ body: "See you then", senderRole: "customer", mine: false }],
      });
      expect(seen.withName).toContain("Olivia Bennett and ");
      expect(seen.withName).toContain("Carlos Mendoza");
      const refused = await send(admin, id, "Hello from support");
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(conversationMessages.adminOnlyInDispute);
      expect(await messagesOf(id)).toHaveLength(1);
      // Completed without a report: still not.
      const done = await completed(cast);
      expect((await send(admin, done, "Hello")).statusCode).toBe(409);
    });

    it("writes while a dispute is open, and both sides are told", async () => {
      const id = await disputed(cast);
      expect(await thread(admin, id)).toMatchObject({ canWrite: true, closedReason: null });
      const message = await said(admin, id, "We are looking into this. Can you both send photos?");
      expect(message).toMatchObject({ senderRole: "admin", senderName: "GreenScape support", mine: true });
      const forCustomer = await notificationsOf(customer.id, customerLink(id));
      const forPro = await notificationsOf(pro.id, proLink(id));
      for (const told of [forCustomer, forPro]) {
        expect(told).toMatchObject([{ type: "message", read: false }]);
        expect(told[0]!.message).toContain("GreenScape support");
      }
      expect(await notificationsOf(admin.id, adminLink(id))).toEqual([]);
      // The parties see it as our team's, not their own.
      expect((await thread(customer, id)).messages).toMatchObject([
        { senderRole: "admin", senderName: "GreenScape support", mine: false },
      ]);
      // And the customer can answer in the dispute (the job is completed).
      await said(customer, id, "Photos attached soon");

      // Once the dispute is resolved, our team is back to reading only.
      const resolved = await post(admin, `/api/admin/jobs/${id}/resolve`, {
        resolution: "release_payment",
        note: "The photos show the work was done.",
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
      const after = await send(admin, id, "One more thing");
      expect(after.statusCode).toBe(409);
      expect(after.json().error.message).toBe(conversationMessages.adminOnlyInDispute);
      expect(await thread(admin, id)).toMatchObject({ canWrite: false });
    });
  });

  it("counts unread messages on both job lists; reading resets the count and the bell's message items", async () => {
    const id = await scheduled(cast);
    const other = await scheduled(cast);
    const unreadOn = async (who: SignedUp, jobId: string) => {
      const url = who === customer ? "/api/customer/jobs" : "/api/landscaper/jobs?show=accepted";
      const response = await get(who, url);
      expect(response.statusCode, response.body).toBe(200);
      const found = (response.json().jobs as { id: string; unreadMessages?: number }[]).find(
        (j) => j.id === jobId,
      );
      expect(found, `job ${jobId} on ${url}`).toBeDefined();
      return found!.unreadMessages;
    };
    expect(await unreadOn(pro, id)).toBe(0);
    await said(customer, id, "One");
    await said(customer, id, "Two");
    await said(customer, other, "On the other job");
    expect(await unreadOn(pro, id)).toBe(2);
    expect(await unreadOn(pro, other)).toBe(1);
    // Your own messages are not unread to you.
    expect(await unreadOn(customer, id)).toBe(0);
    // Reading the thread does not mark it read; the answer says how many are waiting.
    expect((await thread(pro, id)).unread).toBe(2);
    expect(await unreadOn(pro, id)).toBe(2);
    expect((await notificationsOf(pro.id, proLink(id))).map((n) => n.read)).toEqual([false, false]);

    const read = await post(pro, `/api/jobs/${id}/messages/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ok: true, message: "Marked as read." });
    expect(await unreadOn(pro, id)).toBe(0);
    expect((await thread(pro, id)).unread).toBe(0);
    expect((await notificationsOf(pro.id, proLink(id))).every((n) => n.read)).toBe(true);
    // Only this conversation: the other job's count and bell item wait.
    expect(await unreadOn(pro, other)).toBe(1);
    expect((await notificationsOf(pro.id, proLink(other))).map((n) => n.read)).toEqual([false]);
    // The bell through its own route agrees.
    const bell = (await get(pro, "/api/notifications")).json() as {
      items: { link: string | null; read: boolean }[];
    };
    expect(bell.items.filter((i) => i.link === proLink(id)).every((i) => i.read)).toBe(true);
    expect(bell.items.some((i) => i.link === proLink(other) && !i.read)).toBe(true);

    // A reply is unread to the customer until they read it; replying moves the landscaper's own mark.
    await said(pro, id, "Got it");
    expect(await unreadOn(customer, id)).toBe(1);
    expect(await unreadOn(pro, id)).toBe(0);
    expect((await post(customer, `/api/jobs/${id}/messages/read`)).statusCode).toBe(200);
    expect(await unreadOn(customer, id)).toBe(0);
    expect((await notificationsOf(customer.id, customerLink(id))).every((n) => n.read)).toBe(true);
    // A message after the read counts again.
    await said(customer, id, "Three");
    expect(await unreadOn(pro, id)).toBe(1);
  });

  it("writes a 'message' bell notification for the other side only, linking to the conversation", async () => {
    const id = await scheduled(cast);
    const number = (await thread(customer, id)).jobNumber;
    await said(customer, id, "Could you also trim the hedge by the driveway?");
    const told = await notificationsOf(pro.id, proLink(id));
    expect(told).toEqual([
      expect.objectContaining({
        type: "message",
        read: false,
        link: `/landscaper-dashboard?conversation=${id}`,
        message: `Olivia Bennett (${jobLabel(number)}): Could you also trim the hedge by the driveway?`,
      }),
    ]);
    expect(await notificationsOf(customer.id, customerLink(id))).toEqual([]);

    await said(pro, id, "Sure, no extra charge.");
    expect(await notificationsOf(customer.id, customerLink(id))).toEqual([
      expect.objectContaining({ type: "message", link: `/dashboard/customer?conversation=${id}` }),
    ]);
    expect(await notificationsOf(pro.id, proLink(id))).toHaveLength(1);
    // A long message is cut in the preview.
    await said(customer, id, "z".repeat(500));
    const latest = (await notificationsOf(pro.id, proLink(id))).find((n) => n.message.includes("zzz"));
    expect(latest!.message.endsWith(`: ${"z".repeat(120)}`)).toBe(true);
  });

  it(`refuses messages past ${policies.messageByAccount.max} a minute from one account (429)`, async () => {
    const chatty = await signUp(t.app, { role: "customer", name: "Chatty Cathy" });
    const id = await accepted({ customer: chatty, pro });
    // app.inject comes from the allow-listed 127.0.0.1: these come from elsewhere, so the limit applies.
    const address = "203.0.113.61";
    for (let i = 0; i < policies.messageByAccount.max; i++) {
      const response = await send(chatty, id, `Message ${i + 1}`, address);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await send(chatty, id, "One too many", address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("too_many_requests");
    expect(refused.json().error.message).toMatch(
      /^Too many requests\. Please try again in \d+ (second|minute)s?\.$/,
    );
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await messagesOf(id)).toHaveLength(policies.messageByAccount.max);
    // Per account: the landscaper, from the same address, still writes.
    expect((await send(pro, id, "I'm here", address)).statusCode).toBe(200);
  });

  describe("images", () => {
    it("stores an attached image without EXIF, at most 2048 px, with a thumbnail of at most 400 px", async () => {
      const id = await scheduled(cast);
      const photo = await cameraJpeg({ width: 3000, height: 2000 });
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const response = await postMultipart(
        t.app,
        `/api/jobs/${id}/messages`,
        [
          { name: "body", value: "This corner here" },
          { name: "image", value: photo, filename: "IMG_0042.jpg", contentType: "image/jpeg" },
        ],
        customer.cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      const message = response.json().message as Item;
      expect(message).toMatchObject({
        body: "This corner here",
        image: {
          thumbUrl: `/api/jobs/${id}/messages/${message.id}/image?size=thumb`,
          fullUrl: `/api/jobs/${id}/messages/${message.id}/image?size=full`,
        },
      });
      for (const who of [customer, pro, admin]) {
        const full = await get(who, message.image!.fullUrl);
        expect(full.statusCode).toBe(200);
        expect(full.headers["content-type"]).toBe("image/jpeg");
        const fullMeta = await sharp(full.rawPayload).metadata();
        expect(fullMeta.format).toBe("jpeg");
        expect(fullMeta.exif).toBeUndefined();
        expect(full.rawPayload.includes(Buffer.from("TestCam"))).toBe(false);
        expect(Math.max(fullMeta.width!, fullMeta.height!)).toBe(2048);

        const thumb = await get(who, message.image!.thumbUrl);
        expect(thumb.statusCode).toBe(200);
        const thumbMeta = await sharp(thumb.rawPayload).metadata();
        expect(thumbMeta.exif).toBeUndefined();
        expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBeLessThanOrEqual(400);
      }
      // Without ?size: the full image.
      const plain = await get(pro, `/api/jobs/${id}/messages/${message.id}/image`);
      expect(plain.statusCode).toBe(200);
      expect((await sharp(plain.rawPayload).metadata()).width).toBe(2048);
      // The stored bytes themselves.
      const [row] = await messagesOf(id);
      for (const key of [row!.imageKey!, row!.imageThumbKey!]) {
        const file = await t.app.storage.get(key);
        const chunks: Buffer[] = [];
        for await (const chunk of file!.stream) chunks.push(Buffer.from(chunk));
        expect((await sharp(Buffer.concat(chunks)).metadata()).exif).toBeUndefined();
      }
    });

    it("sends an image alone, says so in the bell, and answers 404 for a message without one", async () => {
      const id = await scheduled(cast);
      const response = await postMultipart(
        t.app,
        `/api/jobs/${id}/messages`,
        [{ name: "image", value: await cameraJpeg(), filename: "IMG.jpg", contentType: "image/jpeg" }],
        pro.cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toMatchObject({ body: "", image: { thumbUrl: expect.any(String) } });
      const told = await notificationsOf(customer.id, customerLink(id));
      expect(told[0]!.message).toMatch(/: sent a photo$/);

      const text = await said(customer, id, "Thanks");
      const none = await get(customer, `/api/jobs/${id}/messages/${text.id}/image?size=thumb`);
      expect(none.statusCode).toBe(404);
      expect(none.json().error.message).toBe("Image not found.");
    });

    it("refuses a file that is not an image, storing nothing; masks a multipart body before booking", async () => {
      const id = await accepted(cast);
      const pdf = await postMultipart(
        t.app,
        `/api/jobs/${id}/messages`,
        [
          { name: "body", value: "Here is the invoice" },
          { name: "image", value: samplePdf, filename: "invoice.jpg", contentType: "image/jpeg" },
        ],
        customer.cookie,
      );
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().error.message).toBe(photoMessages.notImage);
      expect(await messagesOf(id)).toEqual([]);

      const masked = await postMultipart(
        t.app,
        `/api/jobs/${id}/messages`,
        [
          { name: "body", value: "Text me at (704) 555 0123" },
          { name: "image", value: await cameraJpeg(), filename: "IMG.jpg", contentType: "image/jpeg" },
        ],
        customer.cookie,
      );
      expect(masked.statusCode, masked.body).toBe(200);
      expect(masked.json().message).toMatchObject({ body: `Text me at ${MASK}`, masked: true });
    });
  });

  describe("reporting a message", () => {
    it("tells our team once per person; a second report changes nothing", async () => {
      const id = await scheduled(cast);
      const rude = await said(customer, id, "You people are useless");
      const adminsBefore = (await notificationsOf(admin.id, adminLink(id))).length;
      expect(adminsBefore).toBe(0);

      const report = await post(pro, `/api/jobs/${id}/messages/${rude.id}/report`, {
        reason: "  Abusive language  ",
      });
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json()).toEqual({ ok: true, message: conversationMessages.reported });
      const told = await notificationsOf(admin.id, adminLink(id));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ type: "message", read: false });
      expect(told[0]!.message).toContain("Abusive language");
      expect(told[0]!.message).toContain("Olivia Bennett");
      const reports = await t.database.db
        .select()
        .from(jobMessageReport)
        .where(eq(jobMessageReport.messageId, rude.id));
      expect(reports).toMatchObject([{ reporterId: pro.id, reason: "Abusive language" }]);
      expect((await thread(pro, id)).messages[0]!.reportedByMe).toBe(true);
      expect((await thread(customer, id)).messages[0]!.reportedByMe).toBe(false);

      const again = await post(pro, `/api/jobs/${id}/messages/${rude.id}/report`, { reason: "Still rude" });
      expect(again.statusCode).toBe(200);
      expect(await notificationsOf(admin.id, adminLink(id))).toHaveLength(1);
      expect(
        await t.database.db.select().from(jobMessageReport).where(eq(jobMessageReport.messageId, rude.id)),
      ).toMatchObject([{ reason: "Abusive language" }]);

      // Admin → Users shows the report under both accounts: made by the pro, about the customer's message.
      const reportsOf = async (userId: string) => {
        const response = await get(admin, `/api/admin/users/${userId}/message-reports`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json().reports as {
          jobId: string;
          byThisUser: boolean;
          body: string;
          reason: string;
        }[];
      };
      const byPro = (await reportsOf(pro.id)).filter((r) => r.jobId === id);
      expect(byPro).toMatchObject([
        { byThisUser: true, body: "You people are useless", reason: "Abusive language" },
      ]);
      const aboutCustomer = (await reportsOf(customer.id)).filter((r) => r.jobId === id);
      expect(aboutCustomer).toMatchObject([{ byThisUser: false, reason: "Abusive language" }]);
      expect((await get(customer, `/api/admin/users/${customer.id}/message-reports`)).statusCode).toBe(403);
    });

    it("refuses a report of one's own message, and one without a reason", async () => {
      const id = await scheduled(cast);
      const mine = await said(customer, id, "My own words");
      const own = await post(customer, `/api/jobs/${id}/messages/${mine.id}/report`, { reason: "Oops" });
      expect(own.statusCode).toBe(409);
      expect(own.json().error.message).toBe("You cannot report your own message.");
      expectFieldErrors(await post(pro, `/api/jobs/${id}/messages/${mine.id}/report`, { reason: "   " }), {
        reason: "Tell us what is wrong with this message.",
      });
      expectFieldErrors(
        await post(pro, `/api/jobs/${id}/messages/${mine.id}/report`, { reason: "r".repeat(501) }),
        { reason: "Please keep it under 500 characters." },
      );
      expect(
        await t.database.db.select().from(jobMessageReport).where(eq(jobMessageReport.messageId, mine.id)),
      ).toEqual([]);
      expect(await notificationsOf(admin.id, adminLink(id))).toEqual([]);
    });
  });
});

/**
 * The unread-message email pass, on an app of its own so each pass sees only these tests' conversations
 * (its answer, the number sent, is then exact). Run on PostgreSQL too (TEST_DATABASE_URL), where two
 * passes truly overlap.
 */
describe("unread message emails", () => {
  const t = useTestApp();
  const { post, thread, scheduled, said } = requests(t);
  let cast: JobParties;

  beforeAll(async () => {
    cast = await jobParties(t, "Olivia Bennett");
  });

  const pass = (delayMs = 0) => sendUnreadMessageEmails({ db: t.database.db, env: t.env, delayMs });
  /** The unread-message emails to `who` about job `jobId` (the landscaper is shared across these tests). */
  const emailsTo = (who: SignedUp, jobId: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.channel, "email"),
          eq(outbox.to, who.email),
          sql`${outbox.subject} like '%new message%'`,
          sql`${outbox.text} like ${`%conversation=${jobId}%`}`,
        ),
      )
      .orderBy(outbox.createdAt);
  const setPreferences = async (
    who: SignedUp,
    preferences: { emailOptIn: boolean; messageAlerts: boolean },
  ) => {
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/notifications/preferences",
      headers: { cookie: who.cookie },
      payload: { pushOptIn: false, smsOptIn: false, arrivalAlerts: true, phoneNumber: "", ...preferences },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** A fresh customer (with a card) and the shared landscaper: each test's recipients are its own. */
  const freshCast = async (name = "Nora Newman"): Promise<JobParties> => {
    const customer = await signUp(t.app, { role: "customer", name });
    await saveCard(t.app, customer.cookie);
    return { customer, pro: cast.pro };
  };

  it("emails a waiting message once, with a link to the conversation, and not again within the hour", async () => {
    const people = await freshCast();
    const id = await scheduled(people);
    const number = (await thread(people.customer, id)).jobNumber;
    await said(people.customer, id, "Are you still coming today?");

    // Younger than the delay (10 minutes by default): not yet.
    expect(await pass(10 * 60_000)).toBe(0);
    expect(await emailsTo(people.pro, id)).toEqual([]);

    expect(await pass()).toBe(1);
    const [email, ...more] = await emailsTo(people.pro, id);
    expect(more).toEqual([]);
    expect(email).toMatchObject({
      template: "job_update",
      subject: `A new message about ${jobLabel(number)}`,
      status: "pending",
    });
    expect(email!.text).toContain(`Nora Newman wrote to you about ${jobLabel(number)}`);
    expect(email!.text).toContain(`${t.env.PUBLIC_URL}/landscaper-dashboard?conversation=${id}`);
    // The message itself is not in the email (it may hold what the conversation hides).
    expect(email!.text).not.toContain("Are you still coming today?");
    // The sender is not emailed about their own message.
    expect(await emailsTo(people.customer, id)).toEqual([]);

    // Nothing new: nothing sent. Something new within the hour: still nothing.
    expect(await pass()).toBe(0);
    await said(people.customer, id, "Hello?");
    await said(people.customer, id, "Anyone?");
    expect(await pass()).toBe(0);
    expect(await emailsTo(people.pro, id)).toHaveLength(1);

    // An hour after the last email, what is still unread is emailed again.
    await t.database.db.execute(sql`update conversation_member
      set last_emailed_at = last_emailed_at - interval '61 minutes'
      where job_id = ${id} and user_id = ${people.pro.id}`);
    expect(await pass()).toBe(1);
    const second = await emailsTo(people.pro, id);
    expect(second).toHaveLength(2);
    expect(second.some((e) => /^\d+ new messages about /.test(e.subject))).toBe(true);

    // The customer hears of the landscaper's reply, with their own dashboard's link.
    await said(people.pro, id, "On my way!");
    expect(await pass()).toBe(1);
    const [toCustomer] = await emailsTo(people.customer, id);
    expect(toCustomer!.text).toContain(`${t.env.PUBLIC_URL}/dashboard/customer?conversation=${id}`);
  });

  it("does not email someone who has read the thread", async () => {
    const people = await freshCast();
    const id = await scheduled(people);
    await said(people.customer, id, "The code for the gate is on the fridge");
    expect((await post(people.pro, `/api/jobs/${id}/messages/read`)).statusCode).toBe(200);
    expect(await pass()).toBe(0);
    expect(await emailsTo(people.pro, id)).toEqual([]);
    // Replying also counts as having read what came before.
    await said(people.customer, id, "Thanks!");
    await said(people.pro, id, "Got it");
    expect(await pass()).toBe(1); // the customer, about the reply
    expect(await emailsTo(people.pro, id)).toEqual([]);
    expect(await emailsTo(people.customer, id)).toHaveLength(1);
  });

  it("does not email someone who turned email or message alerts off", async () => {
    for (const preferences of [
      { emailOptIn: false, messageAlerts: true },
      { emailOptIn: true, messageAlerts: false },
    ]) {
      const people = await freshCast("Quiet Quinn");
      await setPreferences(people.customer, preferences);
      const id = await scheduled(people);
      await said(people.pro, id, "See you Thursday");
      expect(await pass(), JSON.stringify(preferences)).toBe(0);
      expect(await emailsTo(people.customer, id), JSON.stringify(preferences)).toEqual([]);
      // Turning them back on later does not send a stale email for the hour already passed.
      await setPreferences(people.customer, { emailOptIn: true, messageAlerts: true });
      expect(await pass()).toBe(0);
    }
  });

  it("sends one email when two passes run at once", async () => {
    const people = await freshCast();
    const id = await scheduled(people);
    // The customer has opened the thread before, so their conversation row exists: nothing but the pass's
    // own lock keeps the two passes apart (a first insert of the row would make the second wait).
    expect((await post(people.customer, `/api/jobs/${id}/messages/read`)).statusCode).toBe(200);
    await said(people.pro, id, "Running ten minutes late");
    const results = await Promise.all([pass(), pass()]);
    expect(results[0]! + results[1]!).toBe(1);
    expect(await emailsTo(people.customer, id)).toHaveLength(1);
    // Several conversations, several passes: still one each.
    const many = await Promise.all([freshCast(), freshCast(), freshCast()]);
    const jobs: string[] = [];
    for (const each of many) {
      jobs.push(await scheduled(each));
      expect((await post(each.customer, `/api/jobs/${jobs.at(-1)}/messages/read`)).statusCode).toBe(200);
      await said(each.pro, jobs.at(-1)!, "Hello");
    }
    const counts = await Promise.all([pass(), pass(), pass()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    for (const [i, each] of many.entries()) expect(await emailsTo(each.customer, jobs[i]!)).toHaveLength(1);
  });

  it("does not email a landscaper who took over a job about what was said before", async () => {
    const people = await freshCast();
    const id = await scheduled(people);
    await said(people.customer, id, "Gate code is 4411");
    const withdrawn = await post(people.pro, `/api/jobs/${id}/withdraw`, { reason: "Van broke down." });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const next = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Nina Next" });
    const taken = await post(next, `/api/jobs/${id}/accept`, { price: 120, scheduledDate: daysFromToday(3) });
    expect(taken.statusCode, taken.body).toBe(200);
    await pass();
    expect(await emailsTo(next, id)).toEqual([]);
    expect(await emailsTo(people.pro, id)).toEqual([]);
    // What the customer writes to the new landscaper is emailed to them.
    await said(people.customer, id, "Welcome aboard");
    expect(await pass()).toBe(1);
    expect(await emailsTo(next, id)).toHaveLength(1);
  });
});
