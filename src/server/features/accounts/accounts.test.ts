import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { job, loginAudit, outbox, session, user } from "../../db/schema.js";
import { cookieOf, injectAs, signIn, signUp, uniqueEmail } from "../../test/accounts-helpers.js";
import { buildTestApp, useTestApp } from "../../test/build-test-app.js";
import { expectFieldErrors } from "../../test/field-errors.js";

describe("accounts", () => {
  const t = useTestApp({ ADMIN_EMAILS: "boss@test.local", MASTER_EMAILS: "master@test.local" });

  describe("sign-up", () => {
    it("creates a customer with a session cookie and queues the welcome email", async () => {
      const email = uniqueEmail("Customer").toUpperCase();
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: {
          role: "customer",
          name: "Ada  Lovelace",
          email,
          password: "secret-pass",
          confirmPassword: "secret-pass",
        },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toMatchObject({
        email: email.toLowerCase(),
        role: "customer",
        firstName: "Ada",
        isAdmin: false,
      });
      const setCookie = String(response.headers["set-cookie"]);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);

      const me = await t.app.inject({
        url: "/api/session",
        headers: { cookie: cookieOf(response.headers["set-cookie"]) },
      });
      expect(me.json().user.email).toBe(email.toLowerCase());

      const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, email.toLowerCase()));
      expect(mails.map((m) => m.template)).toEqual(["welcome"]);
      expect(mails[0]!.text).toContain("/onboarding/client");
    });

    it("creates a landscaper when the form says so", async () => {
      const account = await signUp(t.app, { role: "landscaper", name: "Lee Green" });
      const me = await t.app.inject({ url: "/api/session", headers: { cookie: account.cookie } });
      expect(me.json().user).toMatchObject({ role: "landscaper", firstName: "Lee", lastName: "Green" });
    });

    it("never lets the form pick the admin role, nor smuggle it through the internal header", async () => {
      const email = uniqueEmail("sneaky");
      const asAdmin = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: {
          role: "admin",
          name: "Sneaky",
          email,
          password: "secret-pass",
          confirmPassword: "secret-pass",
        },
      });
      expect(asAdmin.statusCode).toBe(400);
      const viaHeader = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { "x-greenscape-signup-role": "admin" },
        payload: {
          role: "customer",
          name: "Sneaky",
          email,
          password: "secret-pass",
          confirmPassword: "secret-pass",
        },
      });
      expect(viaHeader.statusCode).toBe(200);
      expect(viaHeader.json().user.role).toBe("customer");
    });

    it("answers every form message of the spec and stores nothing", async () => {
      const before = await t.database.db.select({ n: count() }).from(user);
      const empty = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { role: "customer", name: "  ", email: "", password: "", confirmPassword: "" },
      });
      expectFieldErrors(empty, {
        name: "Full name is required",
        email: "Email is required",
        password: "Password is required",
        confirmPassword: "Confirm your password",
      });
      const bad = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: {
          role: "customer",
          name: "A",
          email: "not-an-email",
          password: "12345",
          confirmPassword: "12346",
        },
      });
      expect(bad.json().error.fields).toEqual({
        email: "Enter a valid email",
        password: "Password must be at least 6 characters",
        confirmPassword: "Passwords do not match",
      });
      const after = await t.database.db.select({ n: count() }).from(user);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it("refuses a second account with the same email, in any case", async () => {
      const first = await signUp(t.app);
      const again = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: {
          role: "customer",
          name: "Copy",
          email: first.email.toUpperCase(),
          password: "secret-pass",
          confirmPassword: "secret-pass",
        },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(
        "An account with this email already exists. Please sign in instead.",
      );
    });

    it("links earlier quotes that carry the same email and no owner, once the address is confirmed", async () => {
      const email = uniqueEmail("quoter");
      const base = {
        customerName: "Quoter",
        customerPhone: "704-555-0100",
        address: "1 Trade St, Charlotte, NC 28202",
        zipCode: "28202",
        selectedServices: ["lawn-mowing"],
        serviceType: "lawn-mowing",
        preferredDate: "2030-01-01",
        estimateLowCents: 5000,
        estimateHighCents: 7500,
      };
      const other = await signUp(t.app);
      const [mine] = await t.database.db
        .insert(job)
        .values({ ...base, customerEmail: email })
        .returning();
      const [someoneElses] = await t.database.db
        .insert(job)
        .values({ ...base, customerEmail: email, customerId: other.id })
        .returning();
      const account = await signUp(t.app, { email: email.toUpperCase() });
      const rows = await t.database.db.select().from(job).where(eq(job.customerEmail, email));
      expect(rows.find((r) => r.id === mine!.id)?.customerId).toBe(account.id);
      expect(rows.find((r) => r.id === someoneElses!.id)?.customerId).toBe(other.id);
    });
  });

  describe("sign-in", () => {
    it("signs in, audits the success with role and address, and the wrong password fails the same way as an unknown email", async () => {
      const account = await signUp(t.app, { role: "landscaper" });
      const ok = await signIn(t.app, account.email, account.password, "landscaper");
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.role).toBe("landscaper");

      const wrong = await signIn(t.app, account.email, "wrong-password");
      const unknown = await signIn(t.app, uniqueEmail("nobody"), "wrong-password");
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        error: { code: "invalid_credentials", message: "Invalid email or password." },
      });
      expect(unknown.json()).toEqual(wrong.json());

      const audit = await t.database.db.select().from(loginAudit).where(eq(loginAudit.email, account.email));
      expect(audit.map((a) => [a.action, a.success, a.role])).toEqual(
        expect.arrayContaining([
          ["login_success", true, "landscaper"],
          ["login_attempt", false, "landscaper"],
        ]),
      );
      expect(audit.every((a) => a.ip && a.createdAt instanceof Date)).toBe(true);
    });

    it("the admin portal signs a non-admin straight out: 403, no cookie, no session left", async () => {
      const account = await signUp(t.app);
      const sessionsBefore = await t.database.db
        .select({ n: count() })
        .from(session)
        .where(eq(session.userId, account.id));
      const response = await signIn(t.app, account.email, account.password, "admin");
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe("Access Denied: Admin access required");
      expect(response.headers["set-cookie"]).toBeUndefined();
      const sessionsAfter = await t.database.db
        .select({ n: count() })
        .from(session)
        .where(eq(session.userId, account.id));
      expect(sessionsAfter[0]!.n).toBe(sessionsBefore[0]!.n);
    });

    it("grants admin from ADMIN_EMAILS and master from MASTER_EMAILS, case-insensitively, on the server", async () => {
      const boss = await signUp(t.app, { email: "Boss@Test.Local" });
      const master = await signUp(t.app, { email: "master@test.local" });
      const bossIn = await signIn(t.app, boss.email, boss.password, "admin");
      expect(bossIn.statusCode).toBe(200);
      expect(bossIn.json().user).toMatchObject({ isAdmin: true, isMaster: false, role: "customer" });
      const masterIn = await signIn(t.app, master.email, master.password, "admin");
      expect(masterIn.json().user).toMatchObject({ isAdmin: true, isMaster: true });
    });

    it("locks an (email, address) pair after five failures, never the owner at a clean address", async () => {
      const account = await signUp(t.app);
      for (let i = 0; i < 5; i++)
        expect((await signIn(t.app, account.email, "nope-nope")).statusCode).toBe(401);
      const blocked = await signIn(t.app, account.email, account.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.message).toMatch(/^Too many requests\. Please try again in 15 minutes\.$/);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(14 * 60);

      // The owner, from an address that never failed, signs in at once: guesses elsewhere cannot lock them out.
      const owner = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: "203.0.113.21",
        payload: { email: account.email, password: account.password, portal: "client" },
      });
      expect(owner.statusCode, owner.body).toBe(200);

      // A second guessing address gets one try, then waits longer and longer (the email has 6 failures now).
      const guess = () =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          remoteAddress: "203.0.113.22",
          payload: { email: account.email, password: "still-wrong", portal: "client" },
        });
      expect((await guess()).statusCode).toBe(401);
      const waiting = await guess();
      expect(waiting.statusCode).toBe(429);
      expect(Number(waiting.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    });

    it("refuses with 429 after twenty failures from one address across emails", async () => {
      const ip = "203.0.113.77";
      // app.inject connects from 127.0.0.1: that is the proxy here, and X-Forwarded-For names the client.
      const other = await buildTestApp({ TRUST_PROXY: "127.0.0.1" });
      // A failed sign-in from `address`, each time as a new email.
      const spray = (address: string) =>
        other.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: { "x-forwarded-for": address },
          payload: { email: uniqueEmail("spray"), password: "guess-guess" },
        });
      try {
        for (let i = 0; i < 20; i++) {
          const r = await spray(ip);
          expect(r.statusCode).toBe(401);
        }
        const r = await spray(ip);
        expect(r.statusCode).toBe(429);
        const elsewhere = await spray("203.0.113.78");
        expect(elsewhere.statusCode).toBe(401);
      } finally {
        await other.close();
      }
    });

    it("sign-out ends the session", async () => {
      const account = await signUp(t.app);
      const out = await injectAs(t.app, account.cookie, "POST", "/api/auth/sign-out");
      expect(out.statusCode).toBe(200);
      const me = await t.app.inject({ url: "/api/session", headers: { cookie: account.cookie } });
      expect(me.json().user).toBeNull();
    });

    it("refuses a state-changing request from another site", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: "https://evil.example" },
        payload: { email: "a@b.co", password: "whatever" },
      });
      expect(response.statusCode).toBe(403);
    });
  });
});
