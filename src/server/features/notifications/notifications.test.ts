import { execFileSync } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
// http_ece ships with web-push; the test uses it to decrypt what the push service received.
import ece from "http_ece";
import { describe, expect, it } from "vitest";
import { unreadBadge } from "../../../shared/notifications.js";
import { notification, outbox, pushSubscription, smsMessage } from "../../db/schema.js";
import { injectAs, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { notify } from "./service.js";

describe("notifications", () => {
  // The push test talks to a real HTTPS peer on this machine, which production would refuse (channels.test.ts).
  const t = useTestApp({
    PUSH_ENDPOINT_HOSTS: "127.0.0.1,push.example",
    PUSH_ALLOW_PRIVATE_ADDRESSES: "true",
  });

  it("the bell shows the latest 10 and the unread count, '9+' above nine", async () => {
    const me = await signUp(t.app, { role: "landscaper" });
    await notify(
      t.database.db,
      Array.from({ length: 12 }, (_, i) => ({
        userId: me.id,
        type: "job" as const,
        message: `Job ${i}`,
        link: "/landscaper-dashboard",
      })),
    );
    const bell = await t.app.inject({ url: "/api/notifications", headers: { cookie: me.cookie } });
    expect(bell.statusCode).toBe(200);
    expect(bell.json().items).toHaveLength(10);
    expect(bell.json().unreadCount).toBe(12);
    expect(unreadBadge(bell.json().unreadCount)).toBe("9+");
    expect(unreadBadge(9)).toBe("9");
    expect(unreadBadge(0)).toBeNull();
  });

  it("marks one read, all read, and clears history — only the caller's own", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await notify(t.database.db, [
      { userId: me.id, type: "system", message: "mine 1" },
      { userId: me.id, type: "payment", message: "mine 2" },
      { userId: other.id, type: "system", message: "theirs" },
    ]);
    const mine = (await t.app.inject({ url: "/api/notifications", headers: { cookie: me.cookie } })).json()
      .items;
    const theirs = (
      await t.app.inject({ url: "/api/notifications", headers: { cookie: other.cookie } })
    ).json().items;

    const stolen = await injectAs(t.app, me.cookie, "POST", `/api/notifications/${theirs[0].id}/read`);
    expect(stolen.statusCode).toBe(404);
    const [still] = await t.database.db.select().from(notification).where(eq(notification.id, theirs[0].id));
    expect(still?.read).toBe(false);

    const one = await injectAs(t.app, me.cookie, "POST", `/api/notifications/${mine[0].id}/read`);
    expect(one.json()).toMatchObject({ item: { read: true }, unreadCount: 1 });
    const all = await injectAs(t.app, me.cookie, "POST", "/api/notifications/read-all");
    expect(all.json()).toEqual({ updated: 1, message: "All notifications marked as read." });
    const cleared = await injectAs(t.app, me.cookie, "DELETE", "/api/notifications");
    expect(cleared.json()).toEqual({ deleted: 2, message: "Notification history cleared." });
    const left = await t.database.db
      .select({ n: count() })
      .from(notification)
      .where(eq(notification.userId, other.id));
    expect(left[0]!.n).toBe(1);
  });

  it("pages the history 50 at a time, newest first", async () => {
    const me = await signUp(t.app);
    const base = Date.now() - 1000 * 60 * 60;
    await t.database.db.insert(notification).values(
      Array.from({ length: 55 }, (_, i) => ({
        userId: me.id,
        type: "system" as const,
        message: `n${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const first = (
      await t.app.inject({ url: "/api/notifications/history", headers: { cookie: me.cookie } })
    ).json();
    expect(first.items).toHaveLength(50);
    expect(first.items[0].message).toBe("n54");
    expect(first.nextBefore).toBeTruthy();
    const second = (
      await injectAs(
        t.app,
        me.cookie,
        "GET",
        `/api/notifications/history?before=${encodeURIComponent(first.nextBefore)}`,
      )
    ).json();
    expect(second.items.map((i: { message: string }) => i.message)).toEqual(["n4", "n3", "n2", "n1", "n0"]);
    expect(second.nextBefore).toBeNull();
    const bad = await injectAs(t.app, me.cookie, "GET", "/api/notifications/history?limit=abc");
    expect(bad.statusCode).toBe(400);
  });

  describe("preferences", () => {
    /** Turns every channel on (push, SMS, email) for the session in `cookie`, with `phoneNumber` for SMS. */
    const optInToAll = (cookie: string, phoneNumber: string) =>
      injectAs(t.app, cookie, "PUT", "/api/notifications/preferences", {
        pushOptIn: true,
        smsOptIn: true,
        emailOptIn: true,
        phoneNumber,
      });

    it("defaults to push on, SMS off, email on, message and arrival alerts on; SMS needs a phone", async () => {
      const customer = await signUp(t.app);
      const landscaper = await signUp(t.app, { role: "landscaper" });
      const admin = await signUpAs(t.app, t.database, "admin");
      const defaults = await injectAs(t.app, customer.cookie, "GET", "/api/notifications/preferences");
      expect(defaults.json()).toEqual({
        pushOptIn: true,
        smsOptIn: false,
        emailOptIn: true,
        messageAlerts: true,
        arrivalAlerts: true,
        phoneNumber: "",
        smsAvailable: true,
      });

      const noPhone = await optInToAll(landscaper.cookie, "  ");
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.json().error.message).toBe("Please enter your phone number first.");

      // Customers may have texts (arrival updates only); admins have no texts at all.
      expect((await optInToAll(customer.cookie, "704-555-0100")).statusCode).toBe(200);
      expect((await optInToAll(admin.cookie, "704-555-0100")).statusCode).toBe(400);

      const ok = await injectAs(t.app, landscaper.cookie, "PUT", "/api/notifications/preferences", {
        pushOptIn: false,
        smsOptIn: true,
        emailOptIn: false,
        messageAlerts: false,
        phoneNumber: "(704) 555-0100",
      });
      expect(ok.json()).toEqual({
        pushOptIn: false,
        smsOptIn: true,
        emailOptIn: false,
        messageAlerts: false,
        arrivalAlerts: true,
        phoneNumber: "(704) 555-0100",
        smsAvailable: true,
      });
      const wrongType = await injectAs(t.app, landscaper.cookie, "PUT", "/api/notifications/preferences", {
        pushOptIn: "yes",
        smsOptIn: false,
        emailOptIn: true,
      });
      expect(wrongType.statusCode).toBe(400);
    });

    it("texts customers arrival updates only, and nobody their messages", async () => {
      const customer = await signUp(t.app);
      const landscaper = await signUp(t.app, { role: "landscaper" });
      await optInToAll(customer.cookie, "+17045550122");
      await optInToAll(landscaper.cookie, "+17045550123");
      await notify(t.database.db, [
        { userId: customer.id, type: "job", message: "Your job was accepted." },
        { userId: customer.id, type: "arrival", message: "Carlos is on the way — arriving about 10:40." },
        { userId: landscaper.id, type: "message", message: "Olivia (JOB-1001): hello" },
        { userId: landscaper.id, type: "dispute", message: "A problem was reported." },
      ]);
      await t.app.outboxWorker.drain();
      const texts = await t.database.db.select().from(smsMessage);
      expect(texts.filter((m) => m.userId === customer.id).map((m) => m.body)).toEqual([
        "GreenScape: Carlos is on the way — arriving about 10:40.",
      ]);
      expect(texts.filter((m) => m.userId === landscaper.id).map((m) => m.body)).toEqual([
        "GreenScape: A problem was reported.",
      ]);
    });

    it("sends SMS copies to an opted-in landscaper through the development provider", async () => {
      const landscaper = await signUp(t.app, { role: "landscaper" });
      await optInToAll(landscaper.cookie, "+17045550111");
      await notify(t.database.db, [{ userId: landscaper.id, type: "job", message: "A new job in 28203." }]);
      await t.app.outboxWorker.drain();
      const sms = await t.database.db.select().from(smsMessage).where(eq(smsMessage.userId, landscaper.id));
      expect(sms).toHaveLength(1);
      expect(sms[0]).toMatchObject({
        to: "+17045550111",
        body: "GreenScape: A new job in 28203.",
        provider: "log",
      });
    });
  });

  it("web push: an encrypted message reaches the subscription's endpoint and decrypts with its keys; 410 removes it", async () => {
    const received: Buffer[] = [];
    let answer = 201;
    // web-push speaks https only: a self-signed certificate for 127.0.0.1, trusted for this test alone.
    const dir = mkdtempSync(path.join(os.tmpdir(), "push-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
    const tls = {
      key: readFileSync(path.join(dir, "key.pem")),
      cert: readFileSync(path.join(dir, "cert.pem")),
    };
    const server = createHttpsServer(tls, (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        expect(req.headers["content-encoding"]).toBe("aes128gcm");
        expect(String(req.headers.authorization)).toMatch(/^vapid t=/);
        received.push(Buffer.concat(chunks));
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}/push/abc`;
    try {
      const me = await signUp(t.app, { role: "landscaper" });
      const keys = createECDH("prime256v1");
      keys.generateKeys();
      const authSecret = randomBytes(16);
      const subscribe = await t.app.inject({
        method: "POST",
        url: "/api/push/subscriptions",
        headers: { cookie: me.cookie },
        payload: {
          endpoint,
          keys: { p256dh: keys.getPublicKey("base64url"), auth: authSecret.toString("base64url") },
        },
      });
      expect(subscribe.statusCode).toBe(200);

      await notify(t.database.db, [
        { userId: me.id, type: "job", message: "Pushed!", link: "/landscaper-dashboard" },
      ]);
      await t.app.outboxWorker.drain();
      expect(received).toHaveLength(1);
      const plain = ece.decrypt(received[0]!, {
        version: "aes128gcm",
        privateKey: keys,
        authSecret: authSecret.toString("base64url"),
      });
      expect(JSON.parse(plain.toString("utf8"))).toEqual({
        title: "GreenScape Charlotte",
        body: "Pushed!",
        link: "/landscaper-dashboard",
      });

      answer = 410;
      await notify(t.database.db, [{ userId: me.id, type: "job", message: "Gone?" }]);
      await t.app.outboxWorker.drain();
      const left = await t.database.db
        .select()
        .from(pushSubscription)
        .where(eq(pushSubscription.userId, me.id));
      expect(left).toHaveLength(0);
      const [delivery] = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, "push"), eq(outbox.text, "Gone?")));
      expect(delivery?.status).toBe("sent");
    } finally {
      server.close();
      if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("turning push off forgets the user's subscriptions", async () => {
    const me = await signUp(t.app);
    await t.database.db.insert(pushSubscription).values({
      userId: me.id,
      endpoint: `https://push.example/${me.id}`,
      p256dh: "x".repeat(40),
      auth: "y".repeat(16),
    });
    await injectAs(t.app, me.cookie, "PUT", "/api/notifications/preferences", {
      pushOptIn: false,
      smsOptIn: false,
      emailOptIn: true,
    });
    expect(
      await t.database.db.select().from(pushSubscription).where(eq(pushSubscription.userId, me.id)),
    ).toHaveLength(0);
  });
});
