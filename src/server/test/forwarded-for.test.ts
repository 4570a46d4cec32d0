import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { policies } from "../lib/rate-limit/policies.js";
import { signUp } from "./accounts-helpers.js";
import { useTestApp } from "./build-test-app.js";
import { validQuote } from "./quote-helpers.js";

// Redis (TEST_REDIS_URL) keeps counters between runs: each run's client addresses are its own.
const run = randomBytes(2).toString("hex");
/** A client address of this run (documentation range 2001:db8::/32). */
const client = (n: number) => `2001:db8:${run}::${n.toString(16)}`;

/** What the app receives when `peer` connects and sends `forwardedFor` (nginx's own entry included). */
function post(app: FastifyInstance, url: string, payload: object, peer: string, forwardedFor?: string) {
  return app.inject({
    method: "POST",
    url,
    remoteAddress: peer,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    payload,
  });
}

// The load balancer is 10.0.0.5, the instances trust its network; clients are on the internet.
const proxy = "10.0.0.5";

describe("client addresses behind a load balancer (TRUST_PROXY=10.0.0.0/8)", () => {
  const t = useTestApp({ TRUST_PROXY: "10.0.0.0/8", RATE_LIMIT_ALLOW_LIST: "" });

  it("a forged left-most X-Forwarded-For does not reset the per-address quote limit", async () => {
    const real = client(1);
    const statuses: number[] = [];
    for (let i = 0; i < policies.quoteByIp.max + 5; i++) {
      // The client writes its own header; the proxy appends the address it saw (nginx's $proxy_add_x_forwarded_for).
      const response = await post(t.app, "/api/quotes", validQuote(), proxy, `198.51.100.${i + 1}, ${real}`);
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(policies.quoteByIp.max).fill(200), ...Array(5).fill(429)]);
  });

  it("five failed sign-ins that name the owner's address in X-Forwarded-For do not lock the owner out", async () => {
    const account = await signUp(t.app);
    const owner = client(2);
    const attacker = client(3);
    for (let i = 0; i < 5; i++) {
      const guess = await post(
        t.app,
        "/api/auth/sign-in/email",
        { email: account.email, password: "wrong-password", portal: "client" },
        proxy,
        `${owner}, ${attacker}`,
      );
      expect(guess.statusCode).toBe(401);
    }
    const signIn = await post(
      t.app,
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password, portal: "client" },
      proxy,
      owner,
    );
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it("ignores X-Forwarded-For from a client that reaches the instance directly", async () => {
    const direct = client(4);
    const statuses: number[] = [];
    for (let i = 0; i < policies.quoteByIp.max + 1; i++) {
      const response = await post(t.app, "/api/quotes", validQuote(), direct, `198.51.100.${i + 1}`);
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
