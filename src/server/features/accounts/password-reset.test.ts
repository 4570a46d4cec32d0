import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema.js";
import { signIn, signUp } from "../../test/accounts-helpers.js";
import { buildTestApp, type TestApp } from "../../test/build-test-app.js";
import { freePort, TestSmtpServer } from "../../test/smtp.js";

describe("password recovery through a real SMTP server", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = new TestSmtpServer(await freePort());
    await smtp.start();
    t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "GreenScape <no-reply@test.local>" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it("emails a single-use link that resets the password and ends every other session", async () => {
    const account = await signUp(t.app, { role: "landscaper", name: "Rita Reset" });
    const otherDevice = account.cookie;

    const request = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: account.email, resetPath: "/reset-password/landscaper" },
    });
    expect(request.statusCode).toBe(200);
    await t.app.outboxWorker.drain();

    const mail = await smtp.waitFor((m) => m.subject === "Reset your password");
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toContain(account.email);
    expect(mail.from?.text).toContain("no-reply@test.local");
    expect(mail.text).toContain("expires in 1 hour");
    const link = new URL(/https?:\/\/\S+reset-password\S+/.exec(mail.text ?? "")![0]);
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.pathname).toBe("/reset-password/landscaper");
    expect(link.searchParams.get("email")).toBe(account.email);
    const token = link.searchParams.get("token")!;
    expect(token.length).toBeGreaterThan(10);
    expect(mail.html).toContain(link.pathname);

    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "a-new-secret", confirmPassword: "a-new-secret" },
    });
    expect(reset.statusCode).toBe(200);

    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(t.app, account.email, "a-new-secret")).statusCode).toBe(200);

    const reused = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "third-secret", confirmPassword: "third-secret" },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe("This link is invalid or has expired.");

    const me = await t.app.inject({ url: "/api/session", headers: { cookie: otherDevice } });
    expect(me.json().user).toBeNull();
  });

  it("keeps a message queued while the SMTP server is down and delivers it once it is back", async () => {
    await smtp.stop();
    const account = await signUp(t.app, { name: "Queued Quinn" });
    const toAccount = (m: ParsedMail) => (m.to && "text" in m.to ? m.to.text : "").includes(account.email);
    await t.app.outboxWorker.drain();
    const [queued] = await t.database.db.select().from(outbox).where(eq(outbox.to, account.email));
    expect(queued).toMatchObject({ status: "pending", attempts: 1 });
    expect(queued!.lastError).toBeTruthy();
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is sent before the backoff ends, even with the server back.
    await smtp.start();
    await t.app.outboxWorker.drain();
    expect(smtp.received.some(toAccount)).toBe(false);

    await t.database.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, queued!.id));
    await t.app.outboxWorker.drain();
    const delivered = await smtp.waitFor(toAccount);
    expect(delivered.subject).toBe("Welcome to GreenScape Charlotte");
    expect(delivered.text).toContain("Welcome, Queued!");
    const [sent] = await t.database.db.select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });
});
