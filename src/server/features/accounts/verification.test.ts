import { and, desc, eq, inArray } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { verificationMessages } from "../../../shared/accounts.js";
import { job, notification, outbox, user } from "../../db/schema.js";
import { injectAs, signIn, signUp, signUpAs, uniqueEmail } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { profileInput, putProfile, samplePdf, samplePng, uploadFile } from "../../test/landscaper-helpers.js";
import { postQuote, validQuote } from "../../test/quote-helpers.js";

const SECRET = "verification-test-secret-0123456789abcdef";

describe("email verification", () => {
  const adminEmail = uniqueEmail("listed-admin");
  const masterEmail = uniqueEmail("listed-master");
  // Addresses the settings name, claimed below by strangers who never confirm them.
  const claimedAdmin = uniqueEmail("claimed-admin");
  const claimedMaster = uniqueEmail("claimed-master");
  const t = useTestApp({
    BETTER_AUTH_SECRET: SECRET,
    ADMIN_EMAILS: `${adminEmail},${claimedAdmin}`,
    MASTER_EMAILS: `${masterEmail},${claimedMaster}`,
  });

  /** The confirmation link of the newest email to `email`, as the recipient would click it. */
  async function linkFor(email: string) {
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, email.toLowerCase()))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const match = mail?.text.match(/http:\/\/localhost:3000\/verify-email\?token=(\S+)/);
    if (!mail || !match) throw new Error(`no confirmation link mailed to ${email}`);
    return { mail, token: decodeURIComponent(match[1]!) };
  }

  const verify = (token: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });

  const session = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } })).json().user;

  it("does not hand a victim's earlier quotes to whoever signs up with their address, until it is confirmed", async () => {
    const victim = uniqueEmail("victim");
    const quote = await postQuote(t.app, validQuote({ email: victim, additionalNotes: "Gate code 9911" }));
    expect(quote.statusCode).toBe(200);

    const stranger = await signUp(t.app, { email: victim, verified: false });
    const jobs = await injectAs(t.app, stranger.cookie, "GET", "/api/customer/jobs");
    expect(jobs.body).not.toContain("Gate code 9911");
    const [row] = await t.database.db.select().from(job).where(eq(job.customerEmail, victim));
    expect(row!.customerId).toBeNull();
    expect((await session(stranger.cookie)).emailVerified).toBe(false);

    // The owner of the mailbox opens the welcome email's link: now the quote is theirs, and they are told.
    const { mail, token } = await linkFor(victim);
    expect(mail.template).toBe("welcome");
    expect(mail.html).toContain("Confirm my email");
    const confirmed = await verify(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [linked] = await t.database.db.select().from(job).where(eq(job.customerEmail, victim));
    expect(linked!.customerId).toBe(stranger.id);
    const notes = await t.database.db.select().from(notification).where(eq(notification.userId, stranger.id));
    expect(notes.map((n) => n.message)).toContain(
      "Your email is confirmed: the request you sent earlier is now in your account.",
    );
    expect((await session(stranger.cookie)).emailVerified).toBe(true);
  });

  it("makes a link single use, valid for 24 hours, and refuses expired or forged ones", async () => {
    const account = await signUp(t.app, { verified: false });
    const { token } = await linkFor(account.email);
    const [, payload] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60);

    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: "link_used", message: verificationMessages.linkUsed });

    const other = await signUp(t.app, { verified: false });
    const expired = await new SignJWT({ email: other.email, userId: other.id })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 25 * 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(SECRET));
    const late = await verify(expired);
    expect(late.json().error.code).toBe("link_expired");
    const forged = await new SignJWT({ email: other.email, userId: other.id })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("some-other-secret-0123456789abcdefgh"));
    expect((await verify(forged)).json().error.code).toBe("invalid_token");
    const [row] = await t.database.db.select().from(user).where(eq(user.id, other.id));
    expect(row!.emailVerified).toBe(false);
  });

  it("grants ADMIN_EMAILS and MASTER_EMAILS rights only to a confirmed address", async () => {
    for (const email of [adminEmail, masterEmail]) {
      const account = await signUp(t.app, { email, verified: false });
      expect((await session(account.cookie)).isAdmin).toBe(false);
      const users = await injectAs(t.app, account.cookie, "GET", "/api/admin/users");
      expect(users.statusCode).toBe(403);
      const portal = await signIn(t.app, email, account.password, "admin");
      expect(portal.statusCode).toBe(403);

      expect((await verify((await linkFor(email)).token)).statusCode).toBe(200);
      expect((await session(account.cookie)).isAdmin).toBe(true);
      const after = await injectAs(t.app, account.cookie, "GET", "/api/admin/users");
      expect(after.statusCode).toBe(200);
    }
  });

  it("keeps staff notifications and the admin figures from an unconfirmed claimant of a listed address", async () => {
    const claimants = [
      await signUp(t.app, { email: claimedAdmin, verified: false }),
      await signUp(t.app, { email: claimedMaster, verified: false }),
    ];
    const staff = await signUpAs(t.app, t.database, "admin");
    // Something only our team is told: a landscaper's application waiting for review.
    const apply = async () => {
      const pro = await signUp(t.app, { role: "landscaper" });
      expect((await putProfile(t.app, pro.cookie, profileInput())).statusCode).toBe(200);
      expect((await uploadFile(t.app, pro.cookie, "id_proof", { data: samplePng })).statusCode).toBe(200);
      expect((await uploadFile(t.app, pro.cookie, "insurance", { data: samplePdf })).statusCode).toBe(200);
      const submitted = await injectAs(t.app, pro.cookie, "POST", "/api/landscaper/application/submit");
      expect(submitted.statusCode, submitted.body).toBe(200);
    };
    await apply();

    const received = async (userId: string) =>
      (await t.database.db.select().from(notification).where(eq(notification.userId, userId))).map(
        (n) => n.message,
      );
    expect((await received(staff.id)).some((m) => m.startsWith("New landscaper application"))).toBe(true);
    for (const claimant of claimants) {
      expect(await received(claimant.id)).toEqual([]);
      const copies = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, claimant.id), inArray(outbox.channel, ["push", "sms"])));
      expect(copies).toEqual([]);
      const bell = await injectAs(t.app, claimant.cookie, "GET", "/api/notifications");
      expect(bell.body).not.toContain("landscaper application");
    }

    // Our team's lists do not count them as admins either.
    const admins = await injectAs(t.app, staff.cookie, "GET", "/api/admin/users?role=admin");
    expect(admins.statusCode, admins.body).toBe(200);
    const listed = (admins.json().items as { email: string }[]).map((u) => u.email);
    expect(listed).not.toContain(claimedAdmin);
    expect(listed).not.toContain(claimedMaster);
    const everyone = await injectAs(t.app, staff.cookie, "GET", `/api/admin/users?q=claimed`);
    expect((everyone.json().items as { isAdmin: boolean }[]).map((u) => u.isAdmin)).toEqual([false, false]);

    // Once the owner of the mailbox confirms it, the address is staff, and is told what staff are told.
    expect((await verify((await linkFor(claimedAdmin)).token)).statusCode).toBe(200);
    await apply();
    expect((await received(claimants[0]!.id)).length).toBeGreaterThan(0);
    expect(await received(claimants[1]!.id)).toEqual([]);
  });

  it("resends a link on request, at most 3 an hour, and not to a confirmed account", async () => {
    const account = await signUp(t.app, { verified: false });
    const resend = () => injectAs(t.app, account.cookie, "POST", "/api/auth/send-verification-email");
    for (let i = 0; i < 3; i++) {
      const answer = await resend();
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, account.email), eq(outbox.template, "verify_email")));
    expect(mails).toHaveLength(3);
    expect((await verify((await linkFor(account.email)).token)).statusCode).toBe(200);
    const confirmed = await resend();
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error.code).toBe("already_verified");
  });

  it("lets an unconfirmed landscaper onboard but not submit the application for review", async () => {
    const account = await signUp(t.app, { role: "landscaper", verified: false });
    expect((await putProfile(t.app, account.cookie, profileInput())).statusCode).toBe(200);
    expect((await uploadFile(t.app, account.cookie, "id_proof", { data: samplePng })).statusCode).toBe(200);
    expect((await uploadFile(t.app, account.cookie, "insurance", { data: samplePdf })).statusCode).toBe(200);
    const submit = () => injectAs(t.app, account.cookie, "POST", "/api/landscaper/application/submit");
    const refused = await submit();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "email_not_verified",
      message: verificationMessages.landscaperMustConfirm,
    });
    expect((await verify((await linkFor(account.email)).token)).statusCode).toBe(200);
    expect((await submit()).statusCode).toBe(200);
  });

  it("counts a used password-reset link as proof of the address", async () => {
    const account = await signUp(t.app, { verified: false });
    await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: account.email, resetPath: "/reset-password" },
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, account.email), eq(outbox.template, "password_reset")));
    const token = new URL(mail!.text.match(/http:\/\/\S+reset-password\S*/)![0]).searchParams.get("token");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "brand-new-pass-7", confirmPassword: "brand-new-pass-7" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, account.id));
    expect(row!.emailVerified).toBe(true);
  });
});

describe("the resend limit", () => {
  const t = useTestApp({ RATE_LIMIT_ALLOW_LIST: "" });

  it("refuses a 4th resend within the hour with 429 and Retry-After", async () => {
    const account = await signUp(t.app, { verified: false });
    const resend = () => injectAs(t.app, account.cookie, "POST", "/api/auth/send-verification-email");
    for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(200);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});
