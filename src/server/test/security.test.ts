import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, PASSWORD_MIN_LENGTH, PASSWORD_TOO_COMMON } from "../../shared/accounts.js";
import { build } from "../app.js";
import { loadEnv } from "../config/env.js";
import { job, notification, outbox, user } from "../db/schema.js";
import { DEMO_PASSWORD, ensureReferenceData } from "../db/seed.js";
import { isCommonPassword } from "../features/accounts/common-passwords.js";
import type { RegisteredRoute } from "../plugins/access.js";
import { changePassword, cookieOf, signIn, signUp, signUpAs } from "./accounts-helpers.js";
import { insertCustomer, insertJob, insertLandscaper } from "./admin-fixtures.js";
import { useTestApp } from "./build-test-app.js";
import { createJob, documentRows, postMultipart, samplePng, uploadFile } from "./landscaper-helpers.js";
import { quoteParts } from "./quote-helpers.js";
import { openTestDatabase } from "./test-database.js";

/**
 * The promises of SECURITY.md checked against the real app: headers on every kind of answer, cookie
 * flags, cross-site refusal of every state-changing route, upload names, searches, passwords, sessions.
 */

const foreignOrigin = "https://evil.example";
const inlineScript = "window.__boot = 1;";

/** A built-client stand-in: one prerendered page with an inline script, and one hashed asset. */
function makeClientDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "greenscape-client-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html><head><script>${inlineScript}</script></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>`,
  );
  writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log('app');\n");
  return dir;
}

interface BuiltApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The real app with a client directory, in the given NODE_ENV (buildTestApp serves no client). */
async function buildWithClient(nodeEnv: "production" | "test" | "development"): Promise<BuiltApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "greenscape-sec-"));
  const clientDir = makeClientDir();
  const env = loadEnv({
    NODE_ENV: nodeEnv,
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    OUTBOX_WORKER: "false",
    PUBLIC_URL: "http://localhost:3000",
  });
  const database = await openTestDatabase();
  await ensureReferenceData(database.db);
  const app = await build({ env, database, clientDir, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers["content-security-policy"] ?? "");
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** One answer of each kind the server gives, with a label for the failure message. */
async function answersOf(app: FastifyInstance): Promise<[string, LightMyRequestResponse][]> {
  return [
    ["JSON API success", await app.inject({ url: "/api/services/prices" })],
    [
      "API 400",
      await app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: "nope" } }),
    ],
    ["API 401", await app.inject({ url: "/api/notifications" })],
    ["API 404", await app.inject({ url: "/api/no-such-route" })],
    ["SPA page", await app.inject({ url: "/" })],
    ["SPA fallback", await app.inject({ url: "/dashboard/customer" })],
    ["static asset", await app.inject({ url: "/assets/app-abc123.js" })],
  ];
}

function expectSecurityHeaders(label: string, response: LightMyRequestResponse) {
  const csp = cspOf(response);
  const scriptSrc = csp.get("script-src") ?? csp.get("default-src") ?? [];
  expect(scriptSrc.length, `${label}: script-src`).toBeGreaterThan(0);
  expect(scriptSrc, `${label}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${label}: script-src`).not.toContain("'unsafe-eval'");
  expect(csp.get("frame-ancestors"), `${label}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get("object-src"), `${label}: object-src`).toEqual(["'none'"]);
  expect(response.headers["x-content-type-options"], `${label}: nosniff`).toBe("nosniff");
  expect(String(response.headers["referrer-policy"] ?? ""), `${label}: referrer-policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
}

describe("headers and cookies", () => {
  let production: BuiltApp;
  let test: BuiltApp;
  beforeAll(async () => {
    // One after the other: two PGlite migrations at once can outlast the default hook time on a busy machine.
    production = await buildWithClient("production");
    test = await buildWithClient("test");
  }, 240_000);
  afterAll(async () => {
    await Promise.all([production?.close(), test?.close()]);
  });

  it("are on every kind of answer, with HSTS in production only", async () => {
    let checked = 0;
    for (const [nodeEnv, built] of [
      ["production", production],
      ["test", test],
    ] as const) {
      const answers = await answersOf(built.app);
      const statuses = Object.fromEntries(answers.map(([label, r]) => [label, r.statusCode]));
      expect(statuses).toEqual({
        "JSON API success": 200,
        "API 400": 400,
        "API 401": 401,
        "API 404": 404,
        "SPA page": 200,
        "SPA fallback": 200,
        "static asset": 200,
      });
      for (const [label, response] of answers) {
        expectSecurityHeaders(`${nodeEnv} ${label}`, response);
        const hsts = response.headers["strict-transport-security"];
        if (nodeEnv === "production") expect(String(hsts), `${label}: HSTS`).toMatch(/max-age=\d{7,}/);
        else expect(hsts, `${label}: no HSTS outside production`).toBeUndefined();
        checked++;
      }
    }
    expect(checked).toBe(14);
  });

  it("allow the prerendered inline script by its hash, never inline script in general", async () => {
    const response = await test.app.inject({ url: "/" });
    const hash = createHash("sha256").update(inlineScript).digest("base64");
    expect(cspOf(response).get("script-src")).toContain(`'sha256-${hash}'`);
    expect(String(response.headers["content-type"])).toContain("text/html");
  });

  it("serve no file outside the client directory for dotted paths", async () => {
    for (const url of [
      "/../../etc/passwd",
      "/..%2f..%2fetc%2fpasswd",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/assets/..%2f..%2f..%2fetc%2fpasswd",
      "/assets/%2e%2e%5c%2e%2e%5cetc%5cpasswd",
    ]) {
      const response = await test.app.inject({ url });
      expect(response.body, url).not.toContain("root:");
      if (response.statusCode === 200) expect(response.body, url).toContain('<div id="root">');
    }
  });

  function sessionCookieOf(response: LightMyRequestResponse): string {
    const cookies = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
    const session = cookies.find((c) => /session_token=/.test(c.split(";")[0] ?? ""));
    expect(session, "a session cookie is set").toBeDefined();
    return session!;
  }
  const attributesOf = (cookie: string) =>
    cookie
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());

  it("is HttpOnly and SameSite, and Secure only in production", async () => {
    for (const [nodeEnv, built] of [
      ["production", production],
      ["test", test],
    ] as const) {
      {
        const response = await built.app.inject({
          method: "POST",
          url: "/api/auth/sign-up/email",
          payload: {
            role: "customer",
            name: "Cookie Check",
            email: `cookie-${nodeEnv}@test.local`,
            password: "correct-horse-9",
            confirmPassword: "correct-horse-9",
          },
        });
        expect(response.statusCode, nodeEnv).toBe(200);
        const attributes = attributesOf(sessionCookieOf(response));
        expect(attributes, nodeEnv).toContain("httponly");
        expect(
          attributes.some((a) => a === "samesite=lax" || a === "samesite=strict"),
          nodeEnv,
        ).toBe(true);
        if (nodeEnv === "production") {
          expect(attributes, nodeEnv).toContain("secure");
          expect(sessionCookieOf(response).startsWith("__Secure-"), nodeEnv).toBe(true);
        } else {
          expect(attributes, nodeEnv).not.toContain("secure");
        }
      }
    }
  });
});

describe("the API", () => {
  const t = useTestApp({ SIGNIN_FAILURES_PER_IP: "10000", RESET_REQUESTS_PER_IP: "10000" });

  /** Every row of every table, hashed: "changed nothing" means nothing at all. */
  async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    // Both drivers (PGlite, node-postgres) answer raw queries as { rows }.
    const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  /** Every row of every table, hashed: "changed nothing" means nothing at all. */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const result: Record<string, string> = {};
    for (const { table_name } of tables) {
      const [row] = await rowsOf<{ digest: string | null }>(
        sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.identifier(table_name)} x`,
      );
      result[table_name] = row?.digest ?? "";
    }
    expect(Object.keys(result).length).toBeGreaterThan(10);
    return result;
  }

  async function resetToken(email: string): Promise<string> {
    const request = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email },
    });
    expect(request.statusCode).toBe(200);
    const rows = await t.database.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.template, "password_reset")))
      .orderBy(desc(outbox.createdAt));
    const link = /https?:\/\/\S+reset-password\S+/.exec(rows[0]?.text ?? "");
    expect(link, "a reset link was emailed").not.toBeNull();
    return new URL(link![0]).searchParams.get("token")!;
  }

  describe("cross-site requests", () => {
    it("refuses every state-changing route from a foreign origin and changes nothing", async () => {
      const customer = await signUp(t.app, { role: "customer", name: "Cora Customer" });
      const landscaper = await signUp(t.app, { role: "landscaper", name: "Lars Landscaper" });
      const admin = await signUpAs(t.app, t.database, "admin");
      const jobId = await createJob(t.app, { cookie: customer.cookie, email: customer.email });
      const [note] = await t.database.db
        .insert(notification)
        .values({ userId: customer.id, type: "system", message: "A notice" })
        .returning({ id: notification.id });

      const cookieFor = (route: RegisteredRoute): string => {
        if (route.access === "public" || route.access === "signed-in") return customer.cookie;
        if (route.access.includes("admin")) return admin.cookie;
        if (route.access.includes("landscaper")) return landscaper.cookie;
        return customer.cookie;
      };
      const concrete = (url: string) =>
        url
          .replace(":userId", landscaper.id)
          .replace(":type", "id_proof")
          .replace(":id", url.startsWith("/api/notifications") ? note!.id : jobId)
          .replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000");

      const stateChanging = t.app.routeTable.filter((route) =>
        ["POST", "PUT", "PATCH", "DELETE"].includes(route.method),
      );
      expect(stateChanging.length).toBeGreaterThan(15);
      const before = await snapshot();
      for (const route of stateChanging) {
        for (const origin of [foreignOrigin, "null", "http://localhost:3000.evil.example"]) {
          const method = route.method as "POST" | "PUT" | "PATCH" | "DELETE";
          const response = await t.app.inject({
            method,
            url: concrete(route.url),
            headers: { origin, cookie: cookieFor(route) },
            ...(method === "DELETE" ? {} : { payload: {} }),
          });
          const label = `${method} ${route.url} from ${origin}`;
          expect(response.statusCode, label).toBe(403);
          expect(response.json().error, label).toEqual({
            code: "forbidden",
            message: "Cross-site requests are not allowed.",
          });
        }
      }
      expect(await snapshot()).toEqual(before);

      // The same request from our own origin is let through: the refusal above is the origin's doing.
      const own = await t.app.inject({
        method: "POST",
        url: "/api/notifications/read-all",
        headers: { origin: "http://localhost:3000", cookie: customer.cookie },
      });
      expect(own.statusCode).toBe(200);
    });
  });

  describe("upload names", () => {
    const startedAt = Date.now();
    const hostileNames = [
      "../../etc/passwd",
      "..\\..\\x.png",
      "%2e%2e%2f%2e%2e%2fescape.png",
      "/etc/passwd",
      "C:\\Windows\\win.ini",
      "/tmp/absolute.png",
      "....//....//x.png",
      "a/../../../b.png",
    ];

    function filesUnder(dir: string): string[] {
      if (!existsSync(dir)) return [];
      return readdirSync(dir).flatMap((entry) => {
        const full = path.join(dir, entry);
        return statSync(full).isDirectory() ? filesUnder(full) : [full];
      });
    }

    function expectInsideUploads(key: string) {
      const root = path.join(t.env.DATA_DIR, "uploads");
      const full = path.resolve(root, key);
      expect(full.startsWith(root + path.sep), key).toBe(true);
      expect(existsSync(full), key).toBe(true);
    }

    /** Nothing was written where a hostile name would have led, relative to the uploads folder or absolute. */
    function expectNothingEscaped(name: string) {
      const root = path.join(t.env.DATA_DIR, "uploads");
      for (const target of [
        path.resolve(root, name),
        path.resolve(root, "documents", name),
        path.resolve(root, "jobs", name),
        path.resolve(root, decodeURIComponent(name)),
      ]) {
        if (target.startsWith(root + path.sep)) continue;
        // /etc/passwd exists on the machine; what matters is that it was not written by us just now.
        if (existsSync(target)) expect(statSync(target).mtimeMs, target).toBeLessThan(startedAt);
      }
    }
    it("stores credentials under a generated key in DATA_DIR/uploads whatever the file is called", async () => {
      const account = await signUp(t.app, { role: "landscaper" });
      for (const name of hostileNames) {
        const response = await uploadFile(t.app, account.cookie, "certifications", {
          data: samplePng,
          filename: name,
        });
        expect(response.statusCode, name).toBe(200);
        const [row] = await documentRows(t, account.id);
        expect(row!.storageKey, name).toMatch(
          new RegExp(`^documents/${account.id}/certifications-[0-9a-f-]{36}\\.png$`),
        );
        expectInsideUploads(row!.storageKey);
        // The name kept for display is a base name only: no separator survives.
        expect(row!.originalName, name).not.toMatch(/[/\\]/);
        expectNothingEscaped(name);

        const download = await t.app.inject({
          url: `/api/documents/${row!.id}`,
          headers: { cookie: account.cookie },
        });
        expect(download.statusCode, name).toBe(200);
        expect(download.rawPayload.subarray(0, 8).equals(samplePng.subarray(0, 8)), name).toBe(true);
        const disposition = String(download.headers["content-disposition"]);
        expect(disposition.split(";")[1], name).not.toMatch(/[/\\]/);
      }
      // One file per type: each new upload replaced the previous one.
      expect(filesUnder(path.join(t.env.DATA_DIR, "uploads", "documents", account.id))).toHaveLength(1);
    });

    it("stores quote photos under a generated key whatever the file is called", async () => {
      for (const name of hostileNames) {
        const response = await postMultipart(t.app, "/api/quotes", [
          ...quoteParts({
            fullName: "Pat Photo",
            email: "pat.photo@test.local",
            phone: "704-555-0101",
            address: "1 Main St, Charlotte, NC",
            zipCode: "28202",
            services: "lawn-mowing",
            preferredDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
          }),
          { name: "photo", value: samplePng, filename: name, contentType: "image/png" },
        ]);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
        const [row] = await t.database.db
          .select({ photoKey: job.photoKey })
          .from(job)
          .where(eq(job.id, response.json().quote.id));
        // Re-encoded (metadata removed): a JPEG, whatever was sent.
        expect(row!.photoKey, name).toMatch(/^jobs\/[0-9a-f-]{36}\.jpg$/);
        expectInsideUploads(row!.photoKey!);
        expectNothingEscaped(name);
      }
    });

    it("download routes cannot be asked for a path", async () => {
      const account = await signUp(t.app, { role: "landscaper" });
      const admin = await signUpAs(t.app, t.database, "admin");
      for (const cookie of [account.cookie, admin.cookie]) {
        for (const id of [
          "..%2F..%2Fetc%2Fpasswd",
          "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
          "..%5C..%5Cx.png",
          "%2Fetc%2Fpasswd",
          "documents%2Fx%2Fid_proof.png",
          "jobs%2Fx.png",
        ]) {
          for (const url of [`/api/documents/${id}`, `/api/jobs/${id}/photo`]) {
            const response = await t.app.inject({ url, headers: { cookie } });
            expect([400, 404], `${url}: ${response.statusCode}`).toContain(response.statusCode);
            expect(response.body, url).not.toContain("root:");
          }
        }
      }
    });
  });

  describe("searches", () => {
    const fixtureNames = [
      "Hundred% Gardens",
      "Hundred Gardens",
      "Snake_Case Lawns",
      "SnakeXCase Lawns",
      "O'Brien Yard Care",
      "OBrien Yard Care",
      "Bobby ' OR 1=1 -- Tables",
      "Bobby OR 1 Tables",
      "Back\\slash Mowing",
    ];
    const terms = ["%", "_", "'", "' OR 1=1 --", "\\", "%'--", "Hundred%", "Snake_Case", "' OR '1'='1"];
    let adminCookie: string;

    beforeAll(async () => {
      adminCookie = (await signUpAs(t.app, t.database, "admin")).cookie;
      for (const name of fixtureNames) {
        const account = await insertCustomer(t.database.db, { name });
        await insertJob(t.database.db, { customerName: name, customerId: account.id });
        await insertLandscaper(t.database.db, { fullName: `${name} Pro`, businessName: `${name} LLC` });
      }
    });

    const contains = (values: (string | null | undefined)[], term: string) =>
      values.some((value) => value?.toLowerCase().includes(term.toLowerCase()));
    const expectedNames = (term: string) => fixtureNames.filter((name) => contains([name], term));

    async function search(url: string, term: string) {
      const response = await t.app.inject({
        url: `${url}${url.includes("?") ? "&" : "?"}q=${encodeURIComponent(term)}`,
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode, `${url} q=${term}: ${response.body}`).toBe(200);
      return response;
    }

    /**
     * For every term: each item `url` answers holds it in one of `fieldsOf(item)`, and every fixture whose
     * name holds it is listed, under `nameOf(item)`, as `listedAs(name)`.
     */
    async function expectPlainTextSearch<Item>(
      url: string,
      fieldsOf: (item: Item) => (string | null | undefined)[],
      nameOf: (item: Item) => string,
      listedAs: (name: string) => string = (name) => name,
    ) {
      for (const term of terms) {
        const { items } = (await search(url, term)).json() as { items: Item[] };
        for (const item of items)
          expect(contains(fieldsOf(item), term), `${term}: ${nameOf(item)}`).toBe(true);
        for (const name of expectedNames(term)) expect(items.map(nameOf), term).toContain(listedAs(name));
      }
    }

    it("admin users: SQL and LIKE characters are plain text", async () => {
      await expectPlainTextSearch<{ name: string; email: string }>(
        "/api/admin/users?role=all",
        (item) => [item.name, item.email],
        (item) => item.name,
      );
    });

    it("admin job history: SQL and LIKE characters are plain text", async () => {
      await expectPlainTextSearch<{
        clientName: string;
        clientEmail: string;
        landscaperName: string | null;
        services: string[];
      }>(
        "/api/admin/jobs?status=all",
        (item) => [item.clientName, item.clientEmail, item.landscaperName, ...item.services],
        (item) => item.clientName,
      );
    });

    it("admin applications: SQL and LIKE characters are plain text", async () => {
      await expectPlainTextSearch<{ fullName: string; businessName: string | null }>(
        "/api/admin/applications?status=all",
        (item) => [item.fullName, item.businessName],
        (item) => item.fullName,
        (name) => `${name} Pro`,
      );
    });

    it("exports filtered by a search hold only rows that contain the text", async () => {
      for (const url of [
        "/api/exports/clients.csv",
        "/api/exports/landscapers.csv",
        "/api/exports/jobs.csv",
      ]) {
        for (const term of terms) {
          const response = await t.app.inject({
            url: `${url}?q=${encodeURIComponent(term)}`,
            headers: { cookie: adminCookie },
          });
          const expected = expectedNames(term).length;
          if (response.statusCode === 404) {
            // An empty export is refused with no_data rather than sent as a header row alone.
            expect(response.json().error.code, `${url} q=${term}`).toBe("no_data");
            expect(expected, `${url} q=${term}`).toBe(0);
            continue;
          }
          expect(response.statusCode, `${url} q=${term}`).toBe(200);
          const rows = response.body
            .replace(/^\uFEFF/, "")
            .split(/\r?\n/)
            .slice(1)
            .filter(Boolean);
          // CSV doubles quotes inside quoted cells; a plain-text match survives that for these terms.
          for (const row of rows) expect(row.toLowerCase(), `${url} q=${term}`).toContain(term.toLowerCase());
          expect(rows.length, `${url} q=${term}`).toBeGreaterThanOrEqual(expected);
        }
      }
    });

    it("the tables are intact after all that", async () => {
      const users = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(user);
      expect(users[0]!.n).toBeGreaterThanOrEqual(fixtureNames.length * 2);
    });
  });

  describe("passwords", () => {
    const short = "g7-q!".slice(0, PASSWORD_MIN_LENGTH - 1);
    const commonOnes = ["password", "Password1", "QWERTY", "iloveyou", "letmein", "123456789"];

    it("the list is the common-password list, compared case-insensitively", () => {
      for (const password of commonOnes) expect(isCommonPassword(password), password).toBe(true);
      expect(isCommonPassword("a-rare-lawn-7731")).toBe(false);
    });

    it("the demo and test passwords are not common ones", () => {
      for (const password of [
        DEMO_PASSWORD,
        "demo-password",
        "correct-horse-9",
        "garden-pass-123",
        "e2e-admin-password",
      ]) {
        expect(isCommonPassword(password), password).toBe(false);
      }
    });

    const signUpWith = (password: string, email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { role: "customer", name: "Pia Password", email, password, confirmPassword: password },
      });

    it("sign-up refuses short and common passwords, and creates no account", async () => {
      const email = "pia.password@test.local";
      const tooShort = await signUpWith(short, email);
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json().error.fields.password).toBe(
        `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      );
      for (const password of commonOnes) {
        const response = await signUpWith(password, email);
        expect(response.statusCode, password).toBe(400);
        expect(response.json(), password).toEqual({
          error: { code: PASSWORD_TOO_COMMON, message: messages.passwordTooCommon },
        });
      }
      expect(await t.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
      const exactMinimum = await signUpWith("gx7-qz".slice(0, PASSWORD_MIN_LENGTH), email);
      expect(exactMinimum.statusCode).toBe(200);
    });

    it("a password change refuses short and common passwords and keeps the old one", async () => {
      const account = await signUp(t.app, { role: "customer" });
      const change = (password: string) => changePassword(t.app, account.cookie, account.password, password);
      const tooShort = await change(short);
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json().error.fields.password).toBe(
        `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
      );
      for (const password of commonOnes) {
        const response = await change(password);
        expect(response.statusCode, password).toBe(400);
        expect(response.json(), password).toEqual({
          error: { code: PASSWORD_TOO_COMMON, message: messages.passwordTooCommon },
        });
      }
      expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(200);
    });

    it("a reset refuses short and common passwords without spending the link", async () => {
      const account = await signUp(t.app, { role: "customer" });
      const token = await resetToken(account.email);
      const reset = (password: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/reset-password",
          payload: { token, password, confirmPassword: password },
        });
      expect((await reset(short)).statusCode).toBe(400);
      for (const password of commonOnes) {
        const response = await reset(password);
        expect(response.statusCode, password).toBe(400);
        expect(response.json(), password).toEqual({
          error: { code: PASSWORD_TOO_COMMON, message: messages.passwordTooCommon },
        });
      }
      expect((await reset("a-rare-lawn-7731")).statusCode).toBe(200);
      expect((await signIn(t.app, account.email, "a-rare-lawn-7731")).statusCode).toBe(200);
    });
  });

  describe("sessions end on a password change and a reset", () => {
    const signedInRoute = "/api/notifications";

    async function twoSessions() {
      const account = await signUp(t.app, { role: "customer" });
      const first = await signIn(t.app, account.email, account.password);
      const second = await signIn(t.app, account.email, account.password);
      const a = cookieOf(first.headers["set-cookie"]);
      const b = cookieOf(second.headers["set-cookie"]);
      for (const cookie of [a, b]) {
        expect((await t.app.inject({ url: signedInRoute, headers: { cookie } })).statusCode).toBe(200);
      }
      return { account, a, b };
    }

    it("a password change keeps the session that made it and ends the others", async () => {
      const { account, a, b } = await twoSessions();
      const change = await changePassword(t.app, a, account.password, "another-lawn-551");
      expect(change.statusCode).toBe(200);
      // Better Auth may rotate the session that changed the password: use the cookie it answered, if any.
      const kept = cookieOf(change.headers["set-cookie"]) || a;
      expect((await t.app.inject({ url: signedInRoute, headers: { cookie: kept } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: signedInRoute, headers: { cookie: b } })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ url: signedInRoute, headers: { cookie: account.cookie } })).statusCode,
      ).toBe(401);
    });

    it("a reset ends every session", async () => {
      const { account, a, b } = await twoSessions();
      const token = await resetToken(account.email);
      const reset = await t.app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token, password: "reset-lawn-8812", confirmPassword: "reset-lawn-8812" },
      });
      expect(reset.statusCode).toBe(200);
      for (const cookie of [a, b, account.cookie]) {
        expect((await t.app.inject({ url: signedInRoute, headers: { cookie } })).statusCode).toBe(401);
      }
    });
  });
});
