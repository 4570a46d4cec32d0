import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { build } from "../app.js";
import { job, outbox, user } from "../db/schema.js";
import { policies } from "../lib/rate-limit/policies.js";
import { injectAs, signUp, signUpAs, uniqueEmail } from "./accounts-helpers.js";
import { type TestApp, useTestApp } from "./build-test-app.js";
import { createLandscaper } from "./landscaper-helpers.js";
import { validQuote } from "./quote-helpers.js";

// Redis keeps counters between runs: every run picks its own documentation-range (2001:db8::/32) prefix.
const run = randomBytes(4).toString("hex");
let address = 0;
/** A client address no other test (or earlier run) used, so each test starts with empty counters. */
function freshAddress() {
  address += 1;
  return `2001:db8:${run.slice(0, 4)}:${run.slice(4)}::${address.toString(16)}`;
}

function postQuote(app: FastifyInstance, ip: string, body: Record<string, unknown>) {
  return app.inject({ method: "POST", url: "/api/quotes", remoteAddress: ip, payload: body });
}

async function outboxCount(t: TestApp) {
  const [row] = await t.database.db.select({ n: count() }).from(outbox);
  return row!.n;
}

const stores: [string, Record<string, string>][] = [["database", {}]];
if (process.env.TEST_REDIS_URL) stores.push(["redis", { REDIS_URL: process.env.TEST_REDIS_URL }]);

describe.each(stores)("abuse limits on public writes (%s store)", (_store, storeEnv) => {
  const t = useTestApp({ RATE_LIMIT_ALLOW_LIST: "", ...storeEnv });

  it("refuses the 11th quote from one address within the hour: 429, Retry-After, the message, nothing stored or sent", async () => {
    const ip = freshAddress();
    for (let i = 0; i < policies.quoteByIp.max; i++) {
      const response = await postQuote(t.app, ip, validQuote());
      expect(response.statusCode, response.body).toBe(200);
    }
    const [jobsBefore] = await t.database.db.select({ n: count() }).from(job);
    const mailsBefore = await outboxCount(t);

    const refused = await postQuote(t.app, ip, validQuote());
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json().error).toEqual({
      code: "too_many_requests",
      message: `Too many requests. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    });
    const [jobsAfter] = await t.database.db.select({ n: count() }).from(job);
    expect(jobsAfter!.n).toBe(jobsBefore!.n);
    expect(await outboxCount(t)).toBe(mailsBefore);

    // Another address is not affected.
    expect((await postQuote(t.app, freshAddress(), validQuote())).statusCode).toBe(200);
  });

  it("refuses a 6th quote naming one email within the hour, whatever the address", async () => {
    const email = uniqueEmail("victim");
    for (let i = 0; i < policies.quoteByEmail.max; i++) {
      expect((await postQuote(t.app, freshAddress(), validQuote({ email }))).statusCode).toBe(200);
    }
    const refused = await postQuote(t.app, freshAddress(), validQuote({ email: email.toUpperCase() }));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("limits sign-up per address", async () => {
    const ip = freshAddress();
    const signUp = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        remoteAddress: ip,
        payload: {
          role: "customer",
          name: "Flood Er",
          email: uniqueEmail("flood"),
          password: "correct-horse-9",
          confirmPassword: "correct-horse-9",
        },
      });
    for (let i = 0; i < policies.signUpByIp.max; i++) expect((await signUp()).statusCode).toBe(200);
    const refused = await signUp();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
  });

  it("limits password-reset requests per email across addresses (3 an hour)", async () => {
    const email = uniqueEmail("reset");
    const ask = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        remoteAddress: freshAddress(),
        payload: { email, resetPath: "/reset-password" },
      });
    for (let i = 0; i < policies.resetRequestByEmail.max; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  /** `mbox+tag@domain`: one inbox under as many names as the sender likes (RFC 5233 sub-addressing). */
  function subAddresses(prefix: string) {
    const [local, domain] = uniqueEmail(prefix).split("@");
    return (tag: number) => `${local}+${tag}@${domain}`;
  }

  it("counts a quote for mbox+1@… … mbox+6@… against one inbox: the 6th is refused", async () => {
    const address = subAddresses("plus-quote");
    for (let i = 1; i <= policies.quoteByEmail.max; i++) {
      const response = await postQuote(t.app, freshAddress(), validQuote({ email: address(i) }));
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await postQuote(
      t.app,
      freshAddress(),
      validQuote({ email: address(policies.quoteByEmail.max + 1).toUpperCase() }),
    );
    expect(refused.statusCode).toBe(429);
    // Only the limit reads the inbox: each quote was answered and mailed at the address as typed.
    const [first] = await t.database.db
      .select()
      .from(job)
      .where(eq(job.customerEmail, address(1)));
    expect(first).toBeDefined();
  });

  it("counts Gmail's dotted spellings of one inbox as one for quotes", async () => {
    const local = `gscape${randomBytes(4).toString("hex")}`;
    const spellings = Array.from(
      { length: policies.quoteByEmail.max + 1 },
      (_, i) => `${local.slice(0, i + 1)}.${local.slice(i + 1)}@googlemail.com`,
    );
    for (const email of spellings.slice(0, -1)) {
      expect((await postQuote(t.app, freshAddress(), validQuote({ email }))).statusCode).toBe(200);
    }
    const refused = await postQuote(t.app, freshAddress(), validQuote({ email: `${local}@gmail.com` }));
    expect(refused.statusCode).toBe(429);
  });

  it("counts password-reset requests for sub-addresses against one inbox", async () => {
    const address = subAddresses("plus-reset");
    const ask = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        remoteAddress: freshAddress(),
        payload: { email, resetPath: "/reset-password" },
      });
    for (let i = 1; i <= policies.resetRequestByEmail.max; i++)
      expect((await ask(address(i))).statusCode).toBe(200);
    expect((await ask(address(99))).statusCode).toBe(429);
  });

  it("limits sign-ups per inbox across addresses: sub-addresses of one mailbox count as one", async () => {
    const address = subAddresses("plus-signup");
    const signUpAs = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        remoteAddress: freshAddress(),
        payload: {
          role: "customer",
          name: "Plus Flood",
          email,
          password: "correct-horse-9",
          confirmPassword: "correct-horse-9",
        },
      });
    for (let i = 1; i <= policies.signUpByEmail.max; i++) {
      const response = await signUpAs(address(i));
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await signUpAs(address(50));
    expect(refused.statusCode).toBe(429);
    // Nothing was created for the refused one.
    const [row] = await t.database.db
      .select()
      .from(user)
      .where(eq(user.email, address(50)));
    expect(row).toBeUndefined();
  });

  it("counts in the shared store: a second app instance on the same data refuses what the first used up", async () => {
    const second = await build({ env: t.env, database: t.database, clientDir: null, logger: false });
    await second.ready();
    try {
      const ip = freshAddress();
      for (let i = 0; i < policies.quoteByIp.max; i++) {
        const app = i % 2 === 0 ? t.app : second;
        expect((await postQuote(app, ip, validQuote())).statusCode).toBe(200);
      }
      expect((await postQuote(second, ip, validQuote())).statusCode).toBe(429);
      expect((await postQuote(t.app, ip, validQuote())).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe("every public write declares a rate limit", () => {
  const t = useTestApp();

  it("refuses to start a public write route without config.rateLimit", async () => {
    const app = await build({ env: t.env, database: t.database, clientDir: null, logger: false });
    try {
      expect(() =>
        app.register(async (api) => {
          api.post("/api/contact", { config: { access: "public", answer: "raw" } }, async () => ({
            ok: true,
          }));
        }),
      ).not.toThrow();
      await expect(app.ready()).rejects.toThrow(/declares no rate limit/);
    } finally {
      await app.close().catch(() => {});
    }
  });

  it("leaves allow-listed addresses unlimited", async () => {
    for (let i = 0; i < policies.quoteByIp.max + 2; i++) {
      expect((await postQuote(t.app, "127.0.0.1", validQuote())).statusCode).toBe(200);
    }
  });
});

describe("every signed-in write is limited per account", () => {
  const t = useTestApp({ RATE_LIMIT_ALLOW_LIST: "", MASTER_EMAILS: "master@write-limit.test" });
  const budget = policies.writeByAccount;

  it("refuses the account's writes past its budget with 429 on every signed-in route, before the body is read; reads and other accounts go on", async () => {
    const accounts = {
      customer: await signUp(t.app),
      landscaper: await createLandscaper(t, { status: "approved" }),
      admin: await signUpAs(t.app, t.database, "admin"),
      master: await signUp(t.app, { email: "master@write-limit.test" }),
    };
    const grants: Record<keyof typeof accounts, readonly string[]> = {
      customer: ["customer"],
      landscaper: ["landscaper"],
      admin: ["admin"],
      master: ["customer", "admin", "master"],
    };

    // The customer spends the budget in real writes (a minute of them); the counter is the shared store's.
    const rename = (cookie: string, i: number) =>
      injectAs(t.app, cookie, "PATCH", "/api/accounts/profile", { name: `Casey ${i}` });
    for (let i = 0; i < budget.max; i++) {
      const response = await rename(accounts.customer.cookie, i);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await rename(accounts.customer.cookie, budget.max);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(budget.windowMs / 1000);
    // The other accounts' budgets are used up straight in the store, as other instances would have.
    for (const account of [accounts.landscaper, accounts.admin, accounts.master]) {
      for (let i = 0; i < budget.max; i++) {
        await t.app.rateLimitStore.hit(`${budget.name}:${account.id.toLowerCase()}`, budget.windowMs);
      }
    }

    // Every write a signed-in caller may make answers 429: a megabyte of nesting too, which is not parsed.
    const writes = t.app.routeTable.filter((route) => route.access !== "public" && route.method !== "GET");
    expect(writes.length).toBeGreaterThan(30);
    const unlimited: string[] = [];
    for (const route of writes) {
      const caller = (Object.keys(accounts) as (keyof typeof accounts)[]).find(
        (name) =>
          route.access === "signed-in" ||
          (route.access as readonly string[]).some((g) => grants[name].includes(g)),
      );
      if (!caller) {
        unlimited.push(`${route.method} ${route.url}: no caller may make it`);
        continue;
      }
      const response = await t.app.inject({
        method: route.method as never,
        url: route.url.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000"),
        headers: { cookie: accounts[caller].cookie, "content-type": "application/json" },
        payload: "[".repeat(512 * 1024) + "]".repeat(512 * 1024),
      });
      if (response.statusCode !== 429)
        unlimited.push(`${route.method} ${route.url} as ${caller}: ${response.statusCode}`);
    }
    expect(unlimited).toEqual([]);

    // Reads go on, and another account's writes are its own.
    expect(
      (await injectAs(t.app, accounts.customer.cookie, "GET", "/api/notifications/preferences")).statusCode,
    ).toBe(200);
    const other = await signUp(t.app);
    expect((await rename(other.cookie, 0)).statusCode).toBe(200);
  });
});

describe("the database store", () => {
  const t = useTestApp();

  it("restarts a window once it has ended", async () => {
    const key = `test:${freshAddress()}`;
    expect((await t.app.rateLimitStore.hit(key, 50)).count).toBe(1);
    expect((await t.app.rateLimitStore.hit(key, 50)).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const restarted = await t.app.rateLimitStore.hit(key, 50);
    expect(restarted.count).toBe(1);
    expect(restarted.resetAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("emails to an address that never confirmed anything", () => {
  const t = useTestApp({ TEAM_EMAIL: "team@defang.test" });

  it("carry no clickable link from what the sender typed; a confirmed customer's own emails keep their text", async () => {
    const stranger = uniqueEmail("stranger");
    const bait = "Claim your refund at http://evil.example/pay or www.evil.example, mail help@evil.example";
    const quote = await postQuote(
      t.app,
      "127.0.0.1",
      validQuote({ email: stranger, fullName: bait, address: bait }),
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, stranger));
    expect(mails).toHaveLength(1);
    for (const part of [mails[0]!.text, mails[0]!.html]) {
      expect(part).not.toMatch(/https?:\/\/evil/);
      expect(part).not.toContain("www.evil.example");
      expect(part).not.toContain("help@evil");
      expect(part).toContain("evil[.]example");
    }
    // The estimate the server wrote keeps its decimal point.
    expect(mails[0]!.text).toMatch(/\$\d+\.\d\d – \$\d+\.\d\d/);
    const team = await t.database.db.select().from(outbox).where(eq(outbox.to, "team@defang.test"));
    expect(team.at(-1)!.text).not.toMatch(/https?:\/\/evil/);

    // A confirmed customer's own request comes back as they typed it.
    const customer = await signUp(t.app, { name: "Casey www.casey.example" });
    await postQuote(
      t.app,
      "127.0.0.1",
      validQuote({ email: customer.email, fullName: "Casey www.casey.example" }),
    );
    const own = await t.database.db.select().from(outbox).where(eq(outbox.to, customer.email));
    expect(own.some((m) => m.template === "quote_received" && m.text.includes("www.casey.example"))).toBe(
      true,
    );
  });
});
