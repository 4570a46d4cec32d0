import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUserView, Page } from "../../../shared/admin.js";
import type { AuditEntry } from "../../../shared/audit.js";
import { rowsOf } from "../../db/client.js";
import { auditEntry, outbox, session, user } from "../../db/schema.js";
import { recordAudit } from "../../lib/audit/record-audit.js";
import { injectAs, signIn, signUp, signUpAs } from "../../test/accounts-helpers.js";
import { insertLandscaper } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";
import { msUntilSignedOut, sessionUserOn, twoInstances } from "../../test/two-instances.js";
import type { Principal } from "../accounts/index.js";
import { revokeAdmin } from "./account-actions.js";

const reason = "Repeated no-shows reported by three customers";

describe("account actions in Admin → Users", () => {
  const t = useTestApp({ ADMIN_EMAILS: "settings-boss@accounts.test" });
  let admin: Awaited<ReturnType<typeof signUpAs>>;
  beforeAll(async () => {
    admin = await signUpAs(t.app, t.database, "admin");
  });

  const act = (cookie: string, userId: string, action: string, body: object = { reason }) =>
    injectAs(t.app, cookie, "POST", `/api/admin/users/${userId}/${action}`, body);
  const auditOf = async (targetId: string) =>
    t.database.db
      .select()
      .from(auditEntry)
      .where(eq(auditEntry.targetId, targetId))
      .orderBy(auditEntry.createdAt);
  const userRow = async (id: string) => (await t.database.db.select().from(user).where(eq(user.id, id)))[0]!;

  it("needs a reason: without one nothing changes and nothing is recorded", async () => {
    const customer = await signUp(t.app);
    for (const body of [{}, { reason: "   " }, { reason: "no" }, { reason: "x".repeat(501) }]) {
      const refused = await act(admin.cookie, customer.id, "suspend", body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.code).toBe("validation_failed");
    }
    expect((await userRow(customer.id)).banned).toBe(false);
    expect(await auditOf(customer.id)).toEqual([]);
  });

  it("refuses one's own account and suspending an admin, recording nothing", async () => {
    const other = await signUpAs(t.app, t.database, "admin");
    const own = await act(admin.cookie, admin.id, "suspend");
    expect(own.statusCode).toBe(403);
    const anAdmin = await act(admin.cookie, other.id, "suspend");
    expect(anAdmin.statusCode).toBe(409);
    expect(anAdmin.json().error.message).toContain("Revoke their admin rights first");
    expect(await auditOf(admin.id)).toEqual([]);
    expect(await auditOf(other.id)).toEqual([]);
  });

  it("suspends: sessions end, sign-in is refused, the email and the audit row are written in the same transaction", async () => {
    const pro = await signUp(t.app, { role: "landscaper" });
    expect((await sessionUserOn(t.app, pro.cookie))?.id).toBe(pro.id);
    const done = await act(admin.cookie, pro.id, "suspend");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(`${pro.email} is suspended and signed out.`);
    expect(await sessionUserOn(t.app, pro.cookie)).toBeNull();
    expect(await t.database.db.select().from(session).where(eq(session.userId, pro.id))).toEqual([]);

    const again = await signIn(t.app, pro.email, pro.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe("account_suspended");
    expect(again.headers["set-cookie"]).toBeUndefined();

    const [row] = await auditOf(pro.id);
    expect(row).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "user.suspend",
      targetLabel: pro.email,
      reason,
      before: { suspended: false },
      after: { suspended: true, sessionsEnded: 1, visitsReoffered: 0 },
    });
    // The same transaction as the change: PostgreSQL stamps each row with the transaction that wrote it.
    const stamps = rowsOf<{ same: boolean }>(
      await t.database.db.execute(sql`select (select xmin::text from audit_entry where id = ${row!.id})
        = (select xmin::text from "user" where id = ${pro.id}) as same`),
    );
    expect(stamps[0]!.same).toBe(true);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, pro.email), eq(outbox.template, "account_status")));
    expect(mail!.text).toContain(reason);

    const twice = await act(admin.cookie, pro.id, "suspend");
    expect(twice.statusCode).toBe(409);

    const back = await act(admin.cookie, pro.id, "reinstate", {
      reason: "Spoke with them; the reports were a mix-up",
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await signIn(t.app, pro.email, pro.password)).statusCode).toBe(200);
    // The reinstatement's email links the landscaper's own sign-in page.
    const [welcomeBack] = await t.database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.to, pro.email),
          eq(outbox.template, "account_status"),
          sql`${outbox.text} like '%reinstated%'`,
        ),
      );
    expect(welcomeBack!.text).toContain(`${t.env.PUBLIC_URL}/login/landscaper`);
    expect((await auditOf(pro.id)).map((r) => r.action)).toEqual(["user.suspend", "user.reinstate"]);
  });

  it("promotion is hidden from pending and suspended landscapers and refused by the server too", async () => {
    const pending = await insertLandscaper(t.database.db, { fullName: "Pending Pro", status: "pending" });
    const refused = await act(admin.cookie, pending.id, "promote", {});
    expect(refused.statusCode).toBe(409);
    const customer = await signUp(t.app);
    await act(admin.cookie, customer.id, "suspend");
    expect((await act(admin.cookie, customer.id, "promote", {})).statusCode).toBe(409);
    const listed = await injectAs(
      t.app,
      admin.cookie,
      "GET",
      `/api/admin/users?q=${encodeURIComponent(customer.email)}`,
    );
    const view = (listed.json() as Page<AdminUserView>).items[0]!;
    expect(view).toMatchObject({ suspended: true, adminByRole: false, emailVerified: true });
    const promoted = await act(admin.cookie, (await signUp(t.app)).id, "promote", {});
    expect(promoted.statusCode).toBe(200);
    const [row] = await auditOf(promoted.json().user.id);
    expect(row).toMatchObject({
      action: "user.promote",
      before: { role: "customer" },
      after: { role: "admin" },
    });
  });

  it("revokes admin rights, never one's own, never a settings admin, and never the last admin even when two revoke each other at once", async () => {
    const a = await signUpAs(t.app, t.database, "admin");
    const b = await signUpAs(t.app, t.database, "admin");
    expect((await act(a.cookie, a.id, "revoke-admin")).statusCode).toBe(403);
    const boss = await signUp(t.app, { email: "settings-boss@accounts.test" });
    const settings = await act(a.cookie, boss.id, "revoke-admin");
    expect(settings.statusCode).toBe(409);
    expect(settings.json().error.message).toContain("ADMIN_EMAILS");

    // Every other admin steps down, so a and b are the only two left; then each revokes the other at once.
    const steppedDown: string[] = [];
    for (const row of await t.database.db.select({ id: user.id }).from(user).where(eq(user.role, "admin")))
      if (row.id !== a.id && row.id !== b.id) steppedDown.push(row.id);
    for (const id of steppedDown)
      await t.database.db.update(user).set({ role: "customer" }).where(eq(user.id, id));
    await t.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, boss.id));
    try {
      // Both callers are admins when they ask (the access check has passed for each): the services race.
      const principalOf = (account: { id: string; email: string }) =>
        ({ userId: account.id, email: account.email, isAdmin: true }) as unknown as Principal;
      const revoke = (by: typeof a, target: typeof a) =>
        revokeAdmin({
          db: t.database.db,
          env: t.app.env,
          principal: principalOf(by),
          userId: target.id,
          reason,
        })
          .then(() => "revoked")
          .catch((error: { code?: string }) => error.code);
      const outcomes = await Promise.all([revoke(a, b), revoke(b, a)]);
      expect(outcomes.sort()).toEqual(["last_admin", "revoked"]);
      const admins = await t.database.db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
      expect(admins).toHaveLength(1);
      const revoked = admins[0]!.id === a.id ? b : a;
      expect((await userRow(revoked.id)).role).toBe("customer");
      expect((await auditOf(revoked.id)).map((r) => r.action)).toEqual(["user.revoke_admin"]);
      // Their open session loses the Admin area at once (the user row's change drops every cached copy).
      expect((await sessionUserOn(t.app, revoked.cookie))?.role).toBe("customer");
      const refused = await act(revoked.cookie, admins[0]!.id, "revoke-admin");
      expect(refused.statusCode).toBe(403);
    } finally {
      for (const id of steppedDown)
        await t.database.db.update(user).set({ role: "admin" }).where(eq(user.id, id));
    }
  });

  it("resends a confirmation link to an unconfirmed account only", async () => {
    const unconfirmed = await signUp(t.app, { verified: false });
    const sent = await act(admin.cookie, unconfirmed.id, "resend-confirmation", {
      reason: "They called: the first email never came",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, unconfirmed.email));
    expect(mails.map((m) => m.template).sort()).toEqual(["verify_email", "welcome"]);
    expect(mails.find((m) => m.template === "verify_email")!.text).toContain("/verify-email?token=");
    const confirmed = await signUp(t.app);
    expect((await act(admin.cookie, confirmed.id, "resend-confirmation")).statusCode).toBe(409);
    expect((await auditOf(unconfirmed.id)).map((r) => r.action)).toEqual(["user.resend_confirmation"]);
  });

  it("keeps the trail immutable and lists, filters and exports it", async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update audit_entry set reason = 'edited'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_entry`)).rejects.toThrow();
    // A change that fails after its audit row leaves no row.
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: { userId: admin.id, email: admin.email },
          action: "user.suspend",
          target: { type: "user", id: "rolled-back", label: "rolled-back@test" },
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await auditOf("rolled-back")).toEqual([]);

    const list = async (query: string) => {
      const response = await injectAs(t.app, admin.cookie, "GET", `/api/admin/audit${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page<AuditEntry>;
    };
    const suspensions = await list("?action=user.suspend");
    expect(suspensions.items.length).toBeGreaterThanOrEqual(2);
    expect(suspensions.items.every((e) => e.action === "user.suspend")).toBe(true);
    const mine = await list(`?q=${encodeURIComponent(admin.email)}`);
    expect(mine.items.every((e) => e.actorEmail === admin.email || e.targetLabel === admin.email)).toBe(true);
    expect(
      (await injectAs(t.app, admin.cookie, "GET", "/api/admin/audit?from=2026-12-02&to=2026-12-01"))
        .statusCode,
    ).toBe(400);
    expect(
      (await injectAs(t.app, admin.cookie, "GET", "/api/admin/audit?action=drop_table")).statusCode,
    ).toBe(400);

    const csv = await injectAs(t.app, admin.cookie, "GET", "/api/exports/audit.csv?action=user.reinstate");
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toContain("When (UTC),Who,Action,Target");
    expect(lines.slice(1).every((line) => line.includes("Account reinstated"))).toBe(true);
    expect(lines.length - 1).toBe(Number(csv.headers["x-record-count"]));

    const customer = await signUp(t.app);
    expect((await injectAs(t.app, customer.cookie, "GET", "/api/admin/audit")).statusCode).toBe(403);
    expect((await injectAs(t.app, customer.cookie, "GET", "/api/exports/audit.csv")).statusCode).toBe(403);
  });
});

describe("a suspension on one instance", () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances();
  });
  afterAll(async () => pair.close());

  it("ends the account's sessions on the other instance too (the session cache's revocation path)", async () => {
    const admin = await signUpAs(pair.first.app, pair.first.database, "admin");
    const customer = await signUp(pair.first.app);
    // Each instance has the session cached (5 minutes in twoInstances): only the revocation can end it.
    expect((await sessionUserOn(pair.first.app, customer.cookie))?.id).toBe(customer.id);
    expect((await sessionUserOn(pair.second, customer.cookie))?.id).toBe(customer.id);
    const done = await injectAs(
      pair.first.app,
      admin.cookie,
      "POST",
      `/api/admin/users/${customer.id}/suspend`,
      {
        reason,
      },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(await msUntilSignedOut(pair.second, customer.cookie)).toBeLessThan(1_000);
  });
});
