import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "../../db/schema.js";
import { changePassword, signIn, signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";

describe("outstanding reset links", () => {
  const t = useTestApp();

  /** Asks for a reset link and answers its token, as the email carries it. */
  async function resetToken(email: string): Promise<string> {
    const before = await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.template, "password_reset")));
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email, resetPath: "/reset-password" },
    });
    expect(asked.statusCode).toBe(200);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.template, "password_reset")));
    const mail = mails.find((m) => !before.some((b) => b.id === m.id))!;
    return new URL(/http:\/\/\S+reset-password\S*/.exec(mail.text)![0]).searchParams.get("token")!;
  }

  const reset = (token: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password, confirmPassword: password },
    });

  it("stop working once one of them is used", async () => {
    const account = await signUp(t.app);
    const older = await resetToken(account.email);
    const newer = await resetToken(account.email);
    expect((await reset(newer, "fresh-pass-11")).statusCode).toBe(200);
    const stale = await reset(older, "attacker-pass-1");
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe("invalid_token");
    expect((await signIn(t.app, account.email, "fresh-pass-11")).statusCode).toBe(200);
  });

  it("stop working once the password is changed", async () => {
    const account = await signUp(t.app);
    const link = await resetToken(account.email);
    const changed = await changePassword(t.app, account.cookie, account.password, "changed-pass-22");
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await reset(link, "attacker-pass-2")).statusCode).toBe(400);
    expect((await signIn(t.app, account.email, "changed-pass-22")).statusCode).toBe(200);
  });
});
