import { randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { policies } from "../../src/server/lib/rate-limit/policies";
import { quoteBody } from "../e2e/support/quotes";
import { type Cluster, startCluster } from "./support/cluster";

/**
 * POSTs JSON to `url` from the local address `from` (every 127.x address is this machine's loopback, so each
 * stands for a different client as nginx sees it) with the client's own X-Forwarded-For, if any.
 */
function postFrom(from: string, url: string, body: object, forwardedFor?: string) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        localAddress: from,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

// The instance trusts the proxy's whole network, and the clients are on it too (as on a private network where
// staff reach the app through the same balancer): only nginx overwriting X-Forwarded-For keeps their own
// entries out. With TRUST_PROXY=127.0.0.1 (nginx's address alone) the instance would drop them by itself.
describe("nginx in front of an instance that trusts the proxy's network (TRUST_PROXY=127.0.0.0/8)", () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({
      count: 1,
      quiet: true,
      env: { TRUST_PROXY: "127.0.0.0/8", RATE_LIMIT_ALLOW_LIST: "", SEED_DEMO: "false" },
    });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it("a client's forged X-Forwarded-For does not reset the per-address quote limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < policies.quoteByIp.max + 5; i++) {
      const response = await postFrom(
        "127.0.0.3",
        `${cluster.url}/api/quotes`,
        quoteBody({
          fullName: "Forwarded Visitor",
          email: `visitor-${randomBytes(4).toString("hex")}@example.com`,
        }),
        `198.51.100.${i + 1}, 127.0.0.1`,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(policies.quoteByIp.max).fill(200), ...Array(5).fill(429)]);
  });

  it("five failed sign-ins that name the owner's address do not lock the owner out", async () => {
    const { email, password } = cluster.adminAccount;
    const signIn = (from: string, attempt: string, forwardedFor?: string) =>
      postFrom(
        from,
        `${cluster.url}/api/auth/sign-in/email`,
        { email, password: attempt, portal: "admin" },
        forwardedFor,
      );
    // The owner signs in from 127.0.0.2; someone at 127.0.0.4 guesses, claiming to be 127.0.0.2.
    for (let i = 0; i < 5; i++) {
      expect((await signIn("127.0.0.4", "wrong-password", "127.0.0.2")).status).toBe(401);
    }
    const owner = await signIn("127.0.0.2", password);
    expect(owner.status, owner.body).toBe(200);
  });
});
