import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../shared/dates.js";
import { landscaperDocument, notification } from "../db/schema.js";
import type { DeclaredInput } from "../lib/route-input.js";
import type { RegisteredRoute } from "../plugins/access.js";
import { type SignedUp, signUp, signUpAs } from "./accounts-helpers.js";
import { useTestApp } from "./build-test-app.js";
import { snapshot } from "./db-snapshot.js";
import {
  createJob,
  createLandscaper,
  multipart,
  type Part,
  samplePdf,
  samplePng,
  uploadFile,
} from "./landscaper-helpers.js";
import { arbitraryOf, type Hints, HUGE, hostileFrom, isPlainObject, nastyStrings } from "./zod-arbitrary.js";

/**
 * Property-based fuzzing of every /api route, derived from the route table: each route's declared access
 * picks who calls it and its declared input (lib/route-input.ts) generates what is sent, valid-shaped and
 * hostile. Whatever arrives, the server answers without a 5xx, every refusal is a JSON error with a message
 * a person can read, and a refused request leaves the database as it was.
 */

// 15 valid-shaped and 15 hostile cases per route keep the run near a minute on PGlite; FUZZ_RUNS raises it
// for a longer hunt and FUZZ_SEED replays a reported failure.
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const MASTER_EMAIL = "master@fuzz.test";

type Caller = "visitor" | "customer" | "landscaper" | "admin" | "master";
const grantsOf: Record<Exclude<Caller, "visitor">, string[]> = {
  customer: ["customer"],
  landscaper: ["landscaper"],
  admin: ["admin"],
  master: ["customer", "admin", "master"],
};

function callersFor(route: RegisteredRoute): Caller[] {
  // Signing out would end the session the other cases use; a visitor exercises the same code.
  if (route.url === "/api/auth/sign-out") return ["visitor"];
  if (route.access === "public") return ["visitor", "customer", "landscaper", "admin"];
  if (route.access === "signed-in") return ["customer", "landscaper", "admin", "master"];
  const access = route.access;
  return (Object.keys(grantsOf) as (keyof typeof grantsOf)[]).filter((caller) =>
    grantsOf[caller].some((grant) => (access as readonly string[]).includes(grant)),
  );
}

interface Case {
  kind: "valid" | "hostile";
  caller: Caller;
  params: Record<string, unknown>;
  query: string;
  body?: { payload: string | Buffer; contentType: string };
}

const futureDate = fc.integer({ min: 0, max: 90 }).map(daysFromToday);
const zip = fc.constantFrom("28202", "28203", "28204", "28277", "29708");

/** Fields whose rule is a refinement the generator cannot read. */
const bodyHints: Hints = {
  preferredDate: futureDate,
  scheduledDate: fc.option(futureDate, { nil: undefined }),
  serviceZipCodes: fc.oneof(
    fc.array(zip, { minLength: 1, maxLength: 4 }).map((zips) => zips.join(", ")),
    fc.array(zip, { minLength: 1, maxLength: 4 }),
  ),
  travelRadius: fc.constantFrom(5, 10, 15, 25, "10"),
  backgroundCheckConsent: fc.constant(true),
  termsConsent: fc.constant(true),
};

/** Object-level refinements: the confirmation repeats the password. */
function fixup(value: unknown): unknown {
  if (isPlainObject(value) && "password" in value && "confirmPassword" in value)
    return { ...value, confirmPassword: value.password };
  return value;
}

const oddQueries = [
  "q[]=a&q[]=b",
  "q=a&q=b&status=all&status=pending",
  "limit=-1",
  "limit=1e309",
  "limit=0x10",
  "limit=NaN",
  "range=7&range=30",
  "range=%00",
  "q=%00",
  "q=%E0%A4%A",
  "%ZZ=1",
  "__proto__[admin]=1",
  "constructor[prototype][admin]=1",
  "&&&==&",
  `cursor=${"A".repeat(5000)}`,
  "cursor=eyJ4IjoxfQ&dir=prev",
  "cursor=not-base64!!&dir=next",
  "cursor=W3siYSI6MX1d",
  "before=2024-13-45T99:99:99Z",
  "before=0001-01-01T00:00:00Z",
  "status=all%27%20OR%201%3D1--",
  "q=%27%3B%20DROP%20TABLE%20job%3B%20--",
  "q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
  `q=${encodeURIComponent(HUGE)}`,
  "q=%F0%9F%8C%BF%E2%80%AE",
  "gc=1",
];

/** Sent as they are, not encoded: malformed percent-escapes a careless client might produce. */
const rawSegments = ["%E0%A4%A", "%", "%zz", "%C0%AF", "%00", "%2F..%2F"].map((raw) => ({ raw }));

const hostilePathValues = fc.oneof(
  fc.constantFrom(...rawSegments),
  fc.constantFrom(...nastyStrings.filter((s) => s !== HUGE)),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.uuid().map((u) => `${u}x`),
  fc.uuid().map((u) => u.slice(1)),
  fc.constantFrom(
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "not-a-uuid",
    "1",
    "-1",
    "true",
    "%2e%2e%2f",
    "..",
    "a".repeat(99),
    "a".repeat(101),
  ),
  fc.string({ unit: "binary", maxLength: 30 }),
);

function pathSegment(value: unknown): string {
  if (isPlainObject(value) && typeof value.raw === "string") return value.raw;
  try {
    return encodeURIComponent(String(value));
  } catch {
    // A lone surrogate cannot be encoded: send the bytes a careless client would.
    return "%ED%A0%80";
  }
}

function queryString(value: unknown): string {
  if (!isPlainObject(value)) return "";
  const search = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    if (Array.isArray(item)) for (const each of item) search.append(key, String(each));
    else if (isPlainObject(item)) search.append(`${key}[x]`, JSON.stringify(item));
    else search.append(key, String(item));
  }
  return search.toString();
}

const json = (value: unknown) =>
  value === undefined ? undefined : { payload: JSON.stringify(value), contentType: "application/json" };

function formOf(value: unknown, files: Part[]): { payload: Buffer; contentType: string } {
  const parts: Part[] = [];
  if (isPlainObject(value)) {
    for (const [name, item] of Object.entries(value)) {
      if (item === undefined) continue;
      if (Array.isArray(item)) for (const each of item) parts.push({ name, value: String(each) });
      else parts.push({ name, value: typeof item === "string" ? item : JSON.stringify(item) });
    }
  }
  const form = multipart([...parts, ...files]);
  return { payload: form.payload, contentType: form.headers["content-type"]! };
}

const fileParts = (field: string) =>
  fc.oneof(
    fc.constant<Part[]>([{ name: field, value: samplePng, filename: "lawn.png", contentType: "image/png" }]),
    fc.constant<Part[]>([
      { name: field, value: samplePdf, filename: "insurance.pdf", contentType: "application/pdf" },
    ]),
  );

const hostileFileParts = (field: string) =>
  fc.oneof(
    fc.constant([] as Part[]),
    fc
      .tuple(fc.uint8Array({ maxLength: 512 }), fc.constantFrom(...nastyStrings.filter((s) => s !== HUGE)))
      .map(([bytes, filename]) => [{ name: field, value: Buffer.from(bytes), filename }]),
    fc.constant<Part[]>([{ name: "other", value: samplePng, filename: "lawn.png" }]),
    fc.constant<Part[]>([
      { name: field, value: samplePng, filename: "../../../../etc/passwd" },
      { name: field, value: samplePdf, filename: "a\u0000.pdf" },
    ]),
    fc.constant<Part[]>([{ name: field, value: Buffer.from("<svg onload=alert(1)>"), filename: "x.svg" }]),
  );

const rawBodies = fc.constantFrom(
  { payload: '{"a":', contentType: "application/json" },
  { payload: "", contentType: "application/json" },
  { payload: "null", contentType: "application/json" },
  { payload: '"text"', contentType: "application/json" },
  { payload: "[1,2,3]", contentType: "application/json" },
  { payload: '{"__proto__":{"admin":true}}', contentType: "application/json" },
  { payload: "hello", contentType: "text/plain" },
  { payload: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
  { payload: "<xml/>", contentType: "application/xml" },
  { payload: "--x\r\nbroken", contentType: "multipart/form-data; boundary=x" },
  { payload: "{}", contentType: "multipart/form-data" },
  { payload: `{"a":"${"x".repeat(2 * 1024 * 1024)}"}`, contentType: "application/json" },
);

function caseArbitrary(route: RegisteredRoute, paramPools: Record<string, fc.Arbitrary<unknown>>) {
  const input: DeclaredInput = route.input ?? { schemas: {} };
  const { params, query, body } = input.schemas;
  const callers = fc.constantFrom(...callersFor(route));
  const validParams = params ? arbitraryOf(params, paramPools) : fc.constant({});
  const validQuery = query ? arbitraryOf(query) : fc.constant({});
  const validBody = body ? arbitraryOf(body, bodyHints).map(fixup) : fc.constant(undefined);
  const sendsBody = route.method !== "GET" && route.method !== "DELETE";

  const files = input.multipart?.files[0];
  const validBodyPart: fc.Arbitrary<Case["body"]> = !sendsBody
    ? fc.constant(undefined)
    : input.multipart?.mode === "required"
      ? fileParts(files!).map((parts) => formOf({}, parts))
      : input.multipart
        ? fc.oneof(
            validBody.map(json),
            fc.tuple(validBody, fileParts(files!)).map(([value, parts]) => formOf(value, parts)),
          )
        : validBody.map(json);

  const valid = fc.record({
    kind: fc.constant("valid" as const),
    caller: callers,
    params: validParams as fc.Arbitrary<Record<string, unknown>>,
    query: validQuery.map(queryString),
    body: validBodyPart,
  });

  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const twists: fc.Arbitrary<Case>[] = [
    fc
      .tuple(valid, fc.oneof(fc.constantFrom(...oddQueries), hostileFrom(validQuery).map(queryString)))
      .map(([base, odd]) => ({ ...base, query: odd })),
  ];
  if (paramNames.length > 0) {
    twists.push(
      fc.tuple(valid, fc.constantFrom(...paramNames), hostilePathValues).map(([base, name, bad]) => ({
        ...base,
        params: { ...base.params, [name]: bad },
      })),
    );
  }
  if (sendsBody) {
    twists.push(
      fc.tuple(valid, hostileFrom(validBody)).map(([base, bad]) => ({ ...base, body: json(bad) })),
      fc.tuple(valid, rawBodies).map(([base, raw]) => ({ ...base, body: raw })),
    );
    if (input.multipart) {
      twists.push(
        fc
          .tuple(valid, hostileFrom(validBody), hostileFileParts(files!))
          .map(([base, bad, parts]) => ({ ...base, body: formOf(bad, parts) })),
      );
    }
  }
  const hostile = fc.oneof(...twists).map((c) => ({ ...c, kind: "hostile" as const }));
  return { valid, hostile };
}

function urlOf(route: RegisteredRoute, c: Case): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => pathSegment(c.params[name]));
  return c.query ? `${path}?${c.query}` : path;
}

function describeCase(route: RegisteredRoute, c: Case): string {
  const body = c.body ? String(c.body.payload).slice(0, 300) : "";
  return `${route.method} ${urlOf(route, c).slice(0, 300)} as ${c.caller} (${c.kind}) [${c.body?.contentType ?? "-"}] ${body}`;
}

// Input handling happens before any statement reaches the database, so one engine shows it: these two files
// are the slowest of the suite (about 4 and 6 minutes in CI) and the PostgreSQL run leaves them to the
// embedded run (docs/testing.md).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("fuzzing every API route", () => {
  const cookies: Partial<Record<Caller, string>> = {};
  const paramPools: Record<string, fc.Arbitrary<unknown>> = {};

  const t = useTestApp({ MASTER_EMAILS: MASTER_EMAIL }, 180_000);
  // Building the app and hashing passwords is slow on a busy 2-core machine.
  beforeAll(async () => {
    const customer = await signUp(t.app, { role: "customer" });
    const landscaper = await createLandscaper(t, { status: "approved", zips: ["28202", "28203"] });
    const admin = await signUpAs(t.app, t.database, "admin");
    const master = await signUp(t.app, { email: MASTER_EMAIL });
    Object.assign(cookies, {
      customer: customer.cookie,
      landscaper: landscaper.cookie,
      admin: admin.cookie,
      master: master.cookie,
    });

    // Real rows for path parameters, so valid-shaped cases reach the services' rules and not only 404s.
    const jobIds: string[] = [];
    for (let i = 0; i < 4; i++) jobIds.push(await createJob(t.app, { cookie: customer.cookie }));
    await uploadFile(t.app, landscaper.cookie, "id_proof", { data: samplePng });
    const documents = await t.database.db
      .select({ id: landscaperDocument.id })
      .from(landscaperDocument)
      .where(eq(landscaperDocument.userId, landscaper.id));
    const notifications = await t.database.db.select({ id: notification.id }).from(notification);
    const ids = [...jobIds, ...documents.map((d) => d.id), ...notifications.map((n) => n.id)];
    paramPools.id = fc.oneof(fc.uuid(), fc.constantFrom(...ids));
    // Applicants and users an admin may act on; never the callers themselves, whose rights must not change.
    const spare: SignedUp[] = [
      await createLandscaper(t, { status: "pending" }),
      await signUp(t.app, { role: "customer" }),
    ];
    paramPools.userId = fc.oneof(
      fc.uuid(),
      fc.constantFrom(...spare.map((s) => s.id)),
      fc.string({ minLength: 1, maxLength: 100 }),
    );
  }, 180_000);
  it("answers every route without a 5xx, refuses with a readable JSON error and changes nothing when it refuses", async () => {
    const started = performance.now();
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    let cases = 0;
    let before = await snapshot(t.database);

    // The live stream never ends under inject and reads no input; its access is checked by the matrix.
    const routes = t.app.routeTable.filter((route) => !route.url.endsWith("/stream"));
    for (const route of routes) {
      const routeStarted = performance.now();
      const { valid, hostile } = caseArbitrary(route, paramPools);
      for (const arbitrary of [valid, hostile]) {
        const result = await fc.check(
          fc.asyncProperty(arbitrary, async (c: Case) => {
            cases++;
            const options: InjectOptions = {
              method: route.method as InjectOptions["method"],
              url: urlOf(route, c),
              headers: {
                ...(c.caller !== "visitor" ? { cookie: cookies[c.caller]! } : {}),
                ...(c.body ? { "content-type": c.body.contentType } : {}),
              },
              ...(c.body ? { payload: c.body.payload } : {}),
            };
            const response: LightMyRequestResponse = await t.app.inject(options);
            const after = await snapshot(t.database);
            const status = response.statusCode;
            statuses[`${c.kind} ${Math.floor(status / 100)}xx`] =
              (statuses[`${c.kind} ${Math.floor(status / 100)}xx`] ?? 0) + 1;
            const label = `${status} for ${describeCase(route, c)}: ${response.body.slice(0, 300)}`;
            if (status >= 500) throw new Error(`server error ${label}`);
            if (status >= 400) {
              const type = String(response.headers["content-type"] ?? "");
              if (!type.includes("application/json")) throw new Error(`non-JSON refusal ${label}`);
              const error = response.json().error;
              if (typeof error?.code !== "string" || !error.code)
                throw new Error(`refusal without a code ${label}`);
              if (typeof error.message !== "string" || !error.message.trim())
                throw new Error(`refusal without a message ${label}`);
              const changed = Object.keys(after).filter(
                (table) => after[table as keyof typeof after] !== before[table as keyof typeof before],
              );
              if (changed.length) throw new Error(`refusal changed ${changed.join(", ")}: ${label}`);
            }
            before = after;
          }),
          { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
        if (result.failed)
          failures.push(
            `${String(result.errorInstance ?? result.counterexample)} (FUZZ_SEED=${result.seed})`,
          );
        // A failing case stops its property early; take the snapshot again so the next route starts clean.
        if (result.failed) before = await snapshot(t.database);
      }
      if (process.env.FUZZ_VERBOSE)
        console.log(`${route.method} ${route.url}: ${(performance.now() - routeStarted).toFixed(0)} ms`);
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${routes.length} routes × ${RUNS * 2} cases (${RUNS} valid-shaped + ${RUNS} hostile) = ${cases} requests in ${seconds} s; ` +
        Object.entries(statuses)
          .sort()
          .map(([k, v]) => `${k}: ${v}`)
          .join(", "),
    );
    expect(failures).toEqual([]);
    expect(cases).toBe(routes.length * RUNS * 2);
  }, 600_000);

  it("leaves Better Auth's own endpoints unreachable: only the forwarded routes above exist", async () => {
    const probes: [string, object][] = [
      ["/api/auth/admin/set-role", { userId: "x", role: "admin" }],
      ["/api/auth/update-user", { role: "admin", name: "x" }],
      ["/api/auth/get-session", {}],
      ["/api/auth/list-sessions", {}],
      ["/api/auth/revoke-sessions", {}],
      ["/api/auth/admin/impersonate-user", { userId: "x" }],
    ];
    for (const [url, payload] of probes) {
      const before = await snapshot(t.database);
      for (const method of ["GET", "POST"] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: cookies.admin! },
          ...(method === "POST" ? { payload } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.code, `${method} ${url}`).toBe("not_found");
      }
      expect(await snapshot(t.database)).toEqual(before);
    }
  });
});
