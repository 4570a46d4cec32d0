import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "../../db/schema.js";
import { changePassword, cookieOf, signIn, signUp, uniqueEmail } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";

describe("accounts: passwords", () => {
  const t = useTestApp({ ADMIN_EMAILS: "boss@test.local", MASTER_EMAILS: "master@test.local" });
  const resetPassword = (payload: { token: string; password: string; confirmPassword: string }) =>
    t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload });

  describe("passwords", () => {
    it("limits reset requests to three per email per hour and answers the same for unknown emails", async () => {
      const account = await signUp(t.app);
      let blockedFree: unknown;
      for (let i = 0; i < 3; i++) {
        const r = await t.app.inject({
          method: "POST",
          url: "/api/auth/request-password-reset",
          // Not the test runner's allow-listed 127.0.0.1, so the limits apply.
          remoteAddress: `203.0.113.${40 + i}`,
          payload: { email: account.email, resetPath: "/reset-password/client" },
        });
        expect(r.statusCode).toBe(200);
        blockedFree = r.json();
      }
      const blocked = await t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        remoteAddress: "203.0.113.50",
        payload: { email: account.email },
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      const ghost = uniqueEmail("ghost");
      const unknown = await t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email: ghost },
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(blockedFree);
      const ghostMail = await t.database.db
        .select({ n: count() })
        .from(outbox)
        .where(and(eq(outbox.template, "password_reset"), eq(outbox.to, ghost)));
      expect(ghostMail[0]!.n).toBe(0);
      const sent = await t.database.db
        .select({ n: count() })
        .from(outbox)
        .where(and(eq(outbox.template, "password_reset"), eq(outbox.to, account.email)));
      expect(sent[0]!.n).toBe(3);
    });

    it("refuses a reset page outside the allowed list (no open redirect)", async () => {
      const r = await t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email: "someone@test.local", resetPath: "https://evil.example/steal" },
      });
      expect(r.statusCode).toBe(400);
    });

    it("answers the spec's messages for a bad new password and a bad token", async () => {
      const mismatch = await resetPassword({ token: "abc", password: "abcdef", confirmPassword: "abcdeg" });
      expect(mismatch.json().error.message).toBe("Passwords do not match.");
      const short = await resetPassword({ token: "abc", password: "abc", confirmPassword: "abc" });
      expect(short.json().error.message).toBe("Password must be at least 6 characters long.");
      const empty = await resetPassword({ token: "abc", password: "", confirmPassword: "" });
      expect(empty.json().error.message).toBe("Please fill in both password fields.");
      const badToken = await resetPassword({
        token: "not-a-real-token",
        password: "abcdefg",
        confirmPassword: "abcdefg",
      });
      expect(badToken.statusCode).toBe(400);
      expect(badToken.json().error.message).toBe("This link is invalid or has expired.");
    });

    it("changing the password needs the current one and ends the other sessions", async () => {
      const account = await signUp(t.app);
      const second = cookieOf((await signIn(t.app, account.email, account.password)).headers["set-cookie"]);
      const wrong = await changePassword(t.app, account.cookie, "not-it", "brand-new-pass");
      expect(wrong.statusCode).toBe(400);
      const ok = await changePassword(t.app, account.cookie, account.password, "brand-new-pass");
      expect(ok.statusCode).toBe(200);
      const other = await t.app.inject({ url: "/api/session", headers: { cookie: second } });
      expect(other.json().user).toBeNull();
      expect((await signIn(t.app, account.email, "brand-new-pass")).statusCode).toBe(200);
    });
  });
});
