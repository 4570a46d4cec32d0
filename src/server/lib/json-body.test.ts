import { describe, expect, it } from "vitest";
import { signUp } from "../test/accounts-helpers.js";
import { useTestApp } from "../test/build-test-app.js";
import { DEFAULT_BODY_LIMIT, MAX_JSON_DEPTH, nestsDeeperThan, tooDeepMessage } from "./json-body.js";

const nested = (depth: number, inner = "{}") =>
  `${'{"a":'.repeat(depth - 1)}${inner}${"}".repeat(depth - 1)}`;

describe("nestsDeeperThan", () => {
  it("counts the arrays and objects opened inside one another, not those side by side", () => {
    expect(nestsDeeperThan("[[[]]]", 2)).toBe(true);
    expect(nestsDeeperThan("[[[]]]", 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan(`[${"[],".repeat(10_000)}[]]`, 2)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  it("ignores brackets inside strings, escaped quotes included, and counts those after an escaped backslash", () => {
    expect(nestsDeeperThan(JSON.stringify({ text: "[[[[{{{{" }), 1)).toBe(false);
    // A scanner that ended the string at \" would count the four brackets after it.
    expect(nestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'say "[[[[' }), 1)).toBe(false);
    // The string ends after \\ (an escaped backslash): the brackets that follow are structure.
    expect(nestsDeeperThan(JSON.stringify(["a\\", [[[]]]]), 3)).toBe(true);
  });
});

describe("JSON bodies through the app", () => {
  const t = useTestApp();
  const send = (cookie: string, payload: string) =>
    t.app.inject({
      method: "PATCH",
      url: "/api/accounts/profile",
      headers: { cookie, "content-type": "application/json" },
      payload,
    });

  it("refuses a body nested past 64 levels with a clear 400 before parsing it; 64 levels still reach the schema", async () => {
    const { cookie } = await signUp(t.app);
    const tooDeep = await send(cookie, nested(MAX_JSON_DEPTH + 1));
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ error: { code: "bad_request", message: tooDeepMessage } });
    const deepest = await send(cookie, nested(MAX_JSON_DEPTH));
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().error.code).toBe("validation_failed");
    expect((await send(cookie, JSON.stringify({ name: "Casey [[{{ Green" }))).statusCode).toBe(200);
  });

  it("holds a route to 64 KB unless it declares more (Stripe's webhook takes a megabyte)", async () => {
    const { cookie } = await signUp(t.app);
    const padding = (size: number) => JSON.stringify({ name: "Casey", pad: "x".repeat(size - 25) });
    expect(padding(DEFAULT_BODY_LIMIT)).toHaveLength(DEFAULT_BODY_LIMIT);
    const atLimit = await send(cookie, padding(DEFAULT_BODY_LIMIT));
    expect(atLimit.statusCode, atLimit.body).toBe(400);
    expect(atLimit.json().error.code).toBe("validation_failed");
    const over = await send(cookie, padding(DEFAULT_BODY_LIMIT + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json().error.code).toBe("payload_too_large");

    const webhook = await t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=0" },
      payload: JSON.stringify({ pad: "x".repeat(512 * 1024) }),
    });
    // Read in full (no Stripe configured here, so no signature to check against): not refused for its size.
    expect(webhook.statusCode).toBe(404);
    expect(webhook.json().error.message).toBe("Stripe is not in use here.");
  });

  it("keeps Fastify's refusals of prototype keys and of an empty body", async () => {
    const { cookie } = await signUp(t.app);
    const poisoned = await send(cookie, '{"name":"Casey","__proto__":{"isAdmin":true}}');
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().error.code).toBe("bad_request");
    const constructorKey = await send(cookie, '{"name":"Casey","constructor":{"prototype":{"x":1}}}');
    expect(constructorKey.statusCode).toBe(400);
    const empty = await send(cookie, "");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("bad_request");
  });
});
