import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE, type AdminUserView, type Page } from "../../../shared/admin.js";
import { landscaper, notification, user } from "../../db/schema.js";
import { signUp, signUpAs } from "../../test/accounts-helpers.js";
import { insertLandscaper, insertUser } from "../../test/admin-fixtures.js";
import { useTestApp } from "../../test/build-test-app.js";

describe("user management", () => {
  let cookie: string;

  const t = useTestApp({ ADMIN_EMAILS: "boss@users.test" });
  beforeAll(async () => {
    cookie = (await signUpAs(t.app, t.database, "admin")).cookie;
  });

  const list = async (query = "") => {
    const response = await t.app.inject({ url: `/api/admin/users${query}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page<AdminUserView>;
  };
  const promote = (id: string) =>
    t.app.inject({ method: "POST", url: `/api/admin/users/${id}/promote`, payload: {}, headers: { cookie } });

  it("lists users with role, status and joined date, and searches name and email as plain text", async () => {
    const db = t.database.db;
    await insertUser(db, { name: "Olivia Bennett", email: "olivia@users.test" });
    await insertLandscaper(db, {
      fullName: "Carlos Mendoza",
      email: "carlos@users.test",
      status: "approved",
    });
    await insertUser(db, { name: "Lee Onboarding", email: "lee@users.test", role: "landscaper" });
    await signUp(t.app, { email: "boss@users.test", name: "Boss Listed" });
    await insertUser(db, { name: "Percent 50% Off", email: "percent@users.test" });

    const byEmail = new Map((await list()).items.map((u) => [u.email, u]));
    expect(byEmail.get("olivia@users.test")).toMatchObject({
      role: "customer",
      status: "active",
      isAdmin: false,
    });
    expect(byEmail.get("carlos@users.test")).toMatchObject({ role: "landscaper", status: "approved" });
    expect(byEmail.get("lee@users.test")).toMatchObject({
      role: "landscaper",
      status: "incomplete",
      profile: null,
    });
    // An approved landscaper's row links their public profile (issue 36), or says they hid it.
    expect(byEmail.get("carlos@users.test")!.profile).toBeNull();
    await db
      .update(landscaper)
      .set({ slug: "carlos-mendoza" })
      .where(eq(landscaper.fullName, "Carlos Mendoza"));
    const carlos = (await list()).items.find((u) => u.email === "carlos@users.test");
    expect(carlos!.profile).toEqual({ path: "/pros/carlos-mendoza", hidden: false });
    await db
      .update(landscaper)
      .set({ profileHiddenAt: new Date() })
      .where(eq(landscaper.slug, "carlos-mendoza"));
    expect((await list()).items.find((u) => u.email === "carlos@users.test")!.profile).toEqual({
      path: "/pros/carlos-mendoza",
      hidden: true,
    });
    expect(byEmail.get("boss@users.test")).toMatchObject({ role: "customer", isAdmin: true });
    expect(byEmail.get("olivia@users.test")!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const emails = async (q: string, role = "all") =>
      (await list(`?q=${encodeURIComponent(q)}&role=${role}`)).items.map((u) => u.email).sort();
    expect(await emails("OLIVIA")).toEqual(["olivia@users.test"]);
    expect(await emails("carlos@users")).toEqual(["carlos@users.test"]);
    expect(await emails("50%")).toEqual(["percent@users.test"]);
    expect(await emails("%")).toEqual(["percent@users.test"]);
    expect(await emails("' or ''='")).toEqual([]);
    expect(await emails("users.test", "landscaper")).toEqual(["carlos@users.test", "lee@users.test"]);
    expect(await emails("users.test", "admin")).toEqual(["boss@users.test"]);
  });

  it("pages through users 25 at a time with next and previous", async () => {
    const db = t.database.db;
    const base = Date.UTC(2025, 0, 1);
    // Several users share one timestamp: the id breaks the tie, so no one is skipped or repeated.
    for (let i = 0; i < 60; i++) {
      await insertUser(db, {
        email: `page-${String(i).padStart(2, "0")}@paging.test`,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      });
    }
    const seen: string[] = [];
    let page = await list("?q=paging.test");
    const first = page;
    seen.push(...page.items.map((u) => u.email));
    expect(page.prevCursor).toBeNull();
    while (page.nextCursor) {
      page = await list(`?q=paging.test&cursor=${page.nextCursor}`);
      seen.push(...page.items.map((u) => u.email));
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    expect(page.items).toHaveLength(60 - 2 * ADMIN_PAGE_SIZE);

    const second = await list(`?q=paging.test&cursor=${first.nextCursor}`);
    const back = await list(`?q=paging.test&cursor=${second.prevCursor}&dir=prev`);
    expect(back.items.map((u) => u.email)).toEqual(first.items.map((u) => u.email));
    expect(back.prevCursor).toBeNull();

    const broken = await t.app.inject({ url: "/api/admin/users?cursor=not-a-cursor", headers: { cookie } });
    expect(broken.statusCode).toBe(400);
  });

  it("promotes a user to admin once, with a notification", async () => {
    const target = await insertUser(t.database.db, { email: "promote-me@users.test" });
    const response = await promote(target.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe("Successfully promoted promote-me@users.test to admin");
    expect(response.json().user).toMatchObject({ role: "admin", isAdmin: true });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, target.id));
    expect(row!.role).toBe("admin");
    const alerts = await t.database.db.select().from(notification).where(eq(notification.userId, target.id));
    expect(alerts.map((a) => [a.type, a.link])).toEqual([["system", "/admin"]]);

    const again = await promote(target.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "already_admin",
      message: "promote-me@users.test is already an admin.",
    });
    expect((await promote("no-such-user")).statusCode).toBe(404);
  });

  it("ends parallel promotions with role admin, one success and one 409", async () => {
    const target = await insertUser(t.database.db, { email: "race@users.test", role: "landscaper" });
    const answers = await Promise.all([promote(target.id), promote(target.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, target.id));
    expect(row!.role).toBe("admin");
    const alerts = await t.database.db.select().from(notification).where(eq(notification.userId, target.id));
    expect(alerts).toHaveLength(1);
  });

  it("lets the promoted user into the admin area", async () => {
    const account = await signUp(t.app, { email: "newly-admin@users.test" });
    const before = await t.app.inject({ url: "/api/admin/dashboard", headers: { cookie: account.cookie } });
    expect(before.statusCode).toBe(403);
    expect((await promote(account.id)).statusCode).toBe(200);
    const after = await t.app.inject({ url: "/api/admin/dashboard", headers: { cookie: account.cookie } });
    expect(after.statusCode).toBe(200);
  });
});
