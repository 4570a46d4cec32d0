import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { user } from "../../db/schema.js";
import { signUp } from "../../test/accounts-helpers.js";
import { buildTestApp } from "../../test/build-test-app.js";
import { msUntilSignedOut, sessionUserOn, twoInstances } from "../../test/two-instances.js";
import type { Principal } from "./principal.js";
import { SessionCache } from "./session-cache.js";
import { sessionTokenOf } from "./session-token.js";

describe("the per-instance session cache", () => {
  it("answers repeated requests without asking Better Auth again", async () => {
    const t = await buildTestApp({ SESSION_CACHE_MS: "60000" });
    try {
      const me = await signUp(t.app, { role: "customer" });
      const lookups = vi.spyOn(t.app.auth.api, "getSession");
      for (let i = 0; i < 5; i++) expect((await sessionUserOn(t.app, me.cookie))?.id).toBe(me.id);
      expect(lookups).toHaveBeenCalledTimes(1);
      lookups.mockRestore();
    } finally {
      await t.close();
    }
  });

  it("a session signed out through one instance stops working on the other within 1 second", async () => {
    const { first, second, close } = await twoInstances();
    try {
      const me = await signUp(first.app, { role: "customer" });
      // Both instances have looked the session up and keep it.
      expect((await sessionUserOn(first.app, me.cookie))?.id).toBe(me.id);
      expect((await sessionUserOn(second, me.cookie))?.id).toBe(me.id);
      expect(second.sessionCache.size).toBe(1);

      const out = await first.app.inject({
        method: "POST",
        url: "/api/auth/sign-out",
        headers: { cookie: me.cookie },
      });
      expect(out.statusCode).toBe(200);
      const elapsed = await msUntilSignedOut(second, me.cookie);
      console.log(
        `a session signed out on one instance was refused by the other after ${elapsed.toFixed(0)} ms`,
      );
      expect(elapsed).toBeLessThan(1_000);
    } finally {
      await close();
    }
  });

  it("a ban or a role change written straight to the database reaches every instance's copy", async () => {
    const { first, second, close } = await twoInstances();
    try {
      const me = await signUp(first.app, { role: "customer" });
      const other = await signUp(first.app, { role: "customer" });
      for (const app of [first.app, second]) {
        expect((await sessionUserOn(app, me.cookie))?.role).toBe("customer");
        expect((await sessionUserOn(app, other.cookie))?.id).toBe(other.id);
      }
      await first.database.db.update(user).set({ role: "landscaper" }).where(eq(user.id, me.id));
      await expect
        .poll(async () => (await sessionUserOn(second, me.cookie))?.role, { timeout: 1_000 })
        .toBe("landscaper");

      await first.database.db.update(user).set({ banned: true }).where(eq(user.id, other.id));
      expect(await msUntilSignedOut(second, other.cookie)).toBeLessThan(1_000);
      expect(await msUntilSignedOut(first.app, other.cookie)).toBeLessThan(1_000);
    } finally {
      await close();
    }
  });
});

describe("SessionCache", () => {
  const principal = (sessionId: string, userId: string) => ({ sessionId, userId }) as Principal;

  it("keeps a copy no longer than its time to live or the session's own expiry", () => {
    let now = 1_000_000;
    const cache = new SessionCache({ ttlMs: 10_000, now: () => now });
    cache.set("a", principal("s1", "u1"), new Date(now + 60_000));
    cache.set("b", principal("s2", "u1"), new Date(now + 3_000));
    now += 5_000;
    expect(cache.get("a")?.sessionId).toBe("s1");
    expect(cache.get("b")).toBeUndefined();
    now += 5_000;
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops by session or by user, and holds at most maxEntries", () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 2 });
    const later = new Date(Date.now() + 60_000);
    cache.set("a", principal("s1", "u1"), later);
    cache.set("b", principal("s2", "u1"), later);
    cache.set("c", principal("s3", "u2"), later);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.drop({ userId: "u1" });
    expect(cache.get("b")).toBeUndefined();
    cache.drop({ sessionId: "s3" });
    expect(cache.size).toBe(0);
  });

  it("keeps nothing when turned off", () => {
    const cache = new SessionCache({ ttlMs: 0 });
    cache.set("a", principal("s1", "u1"), new Date(Date.now() + 60_000));
    expect(cache.get("a")).toBeUndefined();
  });

  it("reads only the cookie Better Auth reads, and not a name given twice", () => {
    expect(sessionTokenOf("greenscape.session_token=abc.sig; other=1", false)).toBe("abc.sig");
    expect(sessionTokenOf("greenscape.session_token=abc.sig", true)).toBeUndefined();
    expect(sessionTokenOf("__Secure-greenscape.session_token=abc.sig", true)).toBe("abc.sig");
    expect(sessionTokenOf("greenscape.session_token=a; greenscape.session_token=b", false)).toBeUndefined();
    expect(sessionTokenOf(`greenscape.session_token=${"x".repeat(600)}`, false)).toBeUndefined();
    expect(sessionTokenOf(undefined, false)).toBeUndefined();
  });
});
