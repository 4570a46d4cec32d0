import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/build-test-app.js";

/** A wrong-password sign-in: 403 when the origin check refuses it, 401 when it reaches the sign-in. */
function signInFrom(app: FastifyInstance, headers: Record<string, string>, remoteAddress = "127.0.0.1") {
  return app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress,
    headers,
    payload: { email: "nobody@example.com", password: "wrong-password", portal: "client" },
  });
}

describe("the origin check accepts the request's own scheme only", () => {
  // PUBLIC_URL is http://localhost:3000; the requests below name another host, as a second domain would.
  const t = useTestApp({ TRUST_PROXY: "127.0.0.1" });
  const host = "greenscape.example";

  it("over plain http: http://<host> passes, https://<host> is another origin", async () => {
    const same = await signInFrom(t.app, { host, origin: `http://${host}` }, "203.0.113.40");
    expect(same.statusCode, same.body).toBe(401);
    const otherScheme = await signInFrom(t.app, { host, origin: `https://${host}` }, "203.0.113.40");
    expect(otherScheme.statusCode, otherScheme.body).toBe(403);
  });

  it("behind the trusted proxy, the scheme it reports (X-Forwarded-Proto) is the request's", async () => {
    const https = { host, "x-forwarded-proto": "https" };
    expect((await signInFrom(t.app, { ...https, origin: `https://${host}` })).statusCode).toBe(401);
    // A page on http://<host> (which anyone on the network path can write) cannot post to the https site.
    expect((await signInFrom(t.app, { ...https, origin: `http://${host}` })).statusCode).toBe(403);
  });

  it("does not believe X-Forwarded-Proto from a client that is not the proxy", async () => {
    const response = await signInFrom(
      t.app,
      { host, "x-forwarded-proto": "https", origin: `https://${host}` },
      "203.0.113.41",
    );
    expect(response.statusCode).toBe(403);
  });

  it("still accepts PUBLIC_URL's origin whatever the Host", async () => {
    const response = await signInFrom(t.app, { host, origin: "http://localhost:3000" }, "203.0.113.42");
    expect(response.statusCode, response.body).toBe(401);
  });
});
