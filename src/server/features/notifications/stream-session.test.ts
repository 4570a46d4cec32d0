import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { changePassword, cookieOf, signIn, signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";

/** Reads a stream to its end; answers the event names seen and how long it stayed open after `from`. */
async function readToEnd(body: ReadableStream<Uint8Array>, timeoutMs: number) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<"timeout">((r) => setTimeout(() => r("timeout"), Math.max(0, deadline - Date.now()))),
    ]);
    if (chunk === "timeout") break;
    if (chunk.done) return { ended: true, events: [...text.matchAll(/^event: (.*)$/gm)].map((m) => m[1]) };
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel();
  return { ended: false, events: [...text.matchAll(/^event: (.*)$/gm)].map((m) => m[1]) };
}

describe("a notification stream ends with its session", () => {
  let base: string;
  const CHECK_MS = 300;
  const t = useTestApp({ STREAM_SESSION_CHECK_MS: String(CHECK_MS) });
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const open = async (cookie: string) => {
    const response = await fetch(`${base}/api/notifications/stream`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return response.body!;
  };

  it("closes a signed-out session's stream within one check interval", async () => {
    const me = await signUp(t.app);
    const stream = open(me.cookie);
    const body = await stream;
    await new Promise((r) => setTimeout(r, 100));
    const signedOutAt = Date.now();
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: me.cookie },
    });
    expect(out.statusCode).toBe(200);
    const result = await readToEnd(body, 5_000);
    expect(result.ended).toBe(true);
    expect(result.events).toContain("signed-out");
    expect(Date.now() - signedOutAt).toBeLessThan(CHECK_MS * 2 + 1000);
  });

  it("closes the streams of sessions revoked by a password change elsewhere", async () => {
    const me = await signUp(t.app);
    const laptop = cookieOf((await signIn(t.app, me.email, me.password)).headers["set-cookie"]);
    const body = await open(laptop);
    const changed = await changePassword(t.app, me.cookie, me.password, "another-pass-77");
    expect(changed.statusCode, changed.body).toBe(200);
    const result = await readToEnd(body, 5_000);
    expect(result.ended).toBe(true);
    expect(result.events).toContain("signed-out");
  });

  it("keeps a live session's stream open", async () => {
    const me = await signUp(t.app);
    const result = await readToEnd(await open(me.cookie), CHECK_MS * 4);
    expect(result.ended).toBe(false);
    expect(result.events).toEqual(["ready"]);
  });
});
