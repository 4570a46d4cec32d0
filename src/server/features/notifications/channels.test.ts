import { createECDH, randomBytes } from "node:crypto";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, pushSubscription } from "../../db/schema.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import { signUp, signUpAs } from "../../test/accounts-helpers.js";
import { buildTestApp, type TestApp, useTestApp } from "../../test/build-test-app.js";
import { selfSignedCertificate } from "../../test/push-peer.js";
import { pushEndpointMessages } from "./push-endpoints.js";
import { notify } from "./service.js";
import { MAX_SUBSCRIPTIONS_PER_USER } from "./subscriptions.js";

/** A browser's subscription keys: a real P-256 public key, as web-push needs to encrypt. */
function keys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") };
}

describe("push endpoints a user may register", () => {
  // The default allowlist plus two hosts that resolve to this machine, to prove the address check.
  const t = useTestApp({
    PUSH_ENDPOINT_HOSTS: "fcm.googleapis.com,localhost,127.0.0.1,*.push.apple.com",
  });

  it("refuses plain http, hosts that are not push services, and anything resolving to a private address", async () => {
    const me = await signUp(t.app);
    const cases: [string, string][] = [
      ["http://fcm.googleapis.com/fcm/send/x", pushEndpointMessages.notHttps],
      ["https://evil.example/collect", pushEndpointMessages.notAPushService],
      ["https://fcm.googleapis.com.evil.example/x", pushEndpointMessages.notAPushService],
      ["https://127.0.0.1:9/x", pushEndpointMessages.privateAddress],
      ["https://localhost:9/x", pushEndpointMessages.privateAddress],
      ["https://[::1]:9/x", pushEndpointMessages.notAPushService],
    ];
    for (const [endpoint, message] of cases) {
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/push/subscriptions",
        headers: { cookie: me.cookie },
        payload: { endpoint, keys: keys() },
      });
      expect(answer.statusCode, endpoint).toBe(400);
      expect(answer.json().error.message, endpoint).toBe(message);
    }
    expect(
      await t.database.db.select().from(pushSubscription).where(eq(pushSubscription.userId, me.id)),
    ).toEqual([]);
  });
});

describe("push subscriptions per user", () => {
  // No DNS here (the machine has no internet): these tests are about the rows, not the addresses.
  const t = useTestApp({ PUSH_ALLOW_PRIVATE_ADDRESSES: "true" });

  const subscribe = (cookie: string, endpoint: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: { cookie },
      payload: { endpoint, keys: keys() },
    });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} per user, dropping the oldest`, async () => {
    const me = await signUp(t.app);
    const endpoints = Array.from(
      { length: 11 },
      (_, i) => `https://fcm.googleapis.com/fcm/send/${me.id}-${i}`,
    );
    for (const endpoint of endpoints) expect((await subscribe(me.cookie, endpoint)).statusCode).toBe(200);
    const kept = await t.database.db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, me.id));
    expect(kept).toHaveLength(10);
    expect(kept.map((k) => k.endpoint)).not.toContain(endpoints[0]);
    expect(kept.map((k) => k.endpoint)).toContain(endpoints[10]);
  });

  it("never moves another user's endpoint silently: 409, and it stays theirs", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const endpoint = `https://web.push.apple.com/${owner.id}`;
    expect((await subscribe(owner.cookie, endpoint)).statusCode).toBe(200);
    const taken = await subscribe(other.cookie, endpoint);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("push_endpoint_taken");
    const [row] = await t.database.db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.endpoint, endpoint));
    expect(row!.userId).toBe(owner.id);
    // The owner renewing their own subscription is fine.
    expect((await subscribe(owner.cookie, endpoint)).statusCode).toBe(200);
  });
});

describe("outbox lanes", () => {
  let t: TestApp;
  let stalled: ReturnType<typeof createServer>;
  let stalledPort: number;
  const sockets: Socket[] = [];
  const TIMEOUT = 1500;

  beforeAll(async () => {
    // A push service that accepts the connection and never says a word (not even the TLS handshake).
    stalled = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
    stalledPort = (stalled.address() as AddressInfo).port;
    t = await buildTestApp({
      PUSH_ENDPOINT_HOSTS: "127.0.0.1",
      PUSH_ALLOW_PRIVATE_ADDRESSES: "true",
      OUTBOUND_TIMEOUT_MS: String(TIMEOUT),
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    stalled.close();
    await t.close();
  });

  it("delivers an email at once while a push to a silent endpoint waits, and gives the push up at its timeout", async () => {
    const me = await signUp(t.app, { role: "landscaper" });
    await t.database.db.insert(pushSubscription).values({
      userId: me.id,
      endpoint: `https://127.0.0.1:${stalledPort}/push/silent`,
      ...keys(),
    });
    await notify(t.database.db, [{ userId: me.id, type: "job", message: "Into the void" }]);
    await enqueueEmail(t.database.db, me.email, {
      template: "password_reset",
      name: "Lee",
      url: "http://localhost:3000/reset-password?token=t",
    });

    const started = performance.now();
    const pushLane = t.app.outboxWorker.drainLane("push");
    await new Promise((r) => setTimeout(r, 100));
    const emailsSent = await t.app.outboxWorker.drainLane("email");
    const emailMs = performance.now() - started;
    expect(emailsSent).toBeGreaterThanOrEqual(1);
    const [pushRow] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "push"), eq(outbox.userId, me.id)));
    expect(pushRow!.status).toBe("pending");
    expect(pushRow!.attempts).toBe(0);

    await pushLane;
    const pushMs = performance.now() - started;
    const [after] = await t.database.db.select().from(outbox).where(eq(outbox.id, pushRow!.id));
    expect(after!.attempts).toBe(1);
    expect(after!.status).toBe("pending");
    expect(after!.lastError).toMatch(/timeout|gave up/i);
    expect(emailMs).toBeLessThan(TIMEOUT);
    expect(pushMs).toBeGreaterThanOrEqual(TIMEOUT - 100);
    expect(pushMs).toBeLessThan(TIMEOUT + 1000 + 1500);
    console.log(
      `lanes: email delivered after ${emailMs.toFixed(0)} ms; silent push gave up after ${pushMs.toFixed(0)} ms`,
    );
  });

  it("checks the address again when sending: a stored loopback endpoint is dropped, never connected to", async () => {
    const strict = await buildTestApp({ PUSH_ENDPOINT_HOSTS: "127.0.0.1" });
    const connections: number[] = [];
    const server = createHttpsServer(selfSignedCertificate(), (_req, res) => {
      connections.push(1);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const me = await signUp(strict.app);
      await strict.database.db.insert(pushSubscription).values({
        userId: me.id,
        endpoint: `https://127.0.0.1:${(server.address() as AddressInfo).port}/push/x`,
        ...keys(),
      });
      await notify(strict.database.db, [{ userId: me.id, type: "job", message: "Should not leave" }]);
      await strict.app.outboxWorker.drain();
      expect(connections).toEqual([]);
      expect(
        await strict.database.db.select().from(pushSubscription).where(eq(pushSubscription.userId, me.id)),
      ).toEqual([]);
    } finally {
      server.close();
      await strict.close();
    }
  });
});

describe("failed deliveries", () => {
  const t = useTestApp();

  it("shows admins every message that failed all its attempts, and sends it again on retry", async () => {
    const admin = await signUpAs(t.app, t.database, "admin");
    const customer = await signUp(t.app);
    const [failed] = await t.database.db
      .insert(outbox)
      .values({
        channel: "email",
        template: "password_reset",
        to: "someone@test.local",
        subject: "Reset your password",
        html: "",
        text: "",
        status: "failed",
        attempts: 8,
        lastError: "connect ECONNREFUSED",
      })
      .returning();

    expect(
      (await t.app.inject({ url: "/api/admin/deliveries", headers: { cookie: customer.cookie } })).statusCode,
    ).toBe(403);
    const list = await t.app.inject({ url: "/api/admin/deliveries", headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().deliveries).toContainEqual(
      expect.objectContaining({
        id: failed!.id,
        channel: "email",
        recipient: "someone@test.local",
        summary: "Reset your password",
        attempts: 8,
        lastError: "connect ECONNREFUSED",
      }),
    );
    const dashboard = await t.app.inject({ url: "/api/admin/dashboard", headers: { cookie: admin.cookie } });
    expect(dashboard.json().failedDeliveries).toBeGreaterThanOrEqual(1);

    const retry = () =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/deliveries/${failed!.id}/retry`,
        headers: { cookie: admin.cookie },
      });
    expect((await retry()).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    expect((await retry()).statusCode).toBe(409);
    await t.app.outboxWorker.drain();
    const [sent] = await t.database.db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(sent!.status).toBe("sent");
  });
});
