import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../shared/dates.js";
import { loadEnv } from "../config/env.js";
import { signUpAs } from "../test/accounts-helpers.js";
import { useTestApp } from "../test/build-test-app.js";
import { cameraJpeg } from "../test/photo-helpers.js";
import { validQuote } from "../test/quote-helpers.js";
import { type S3Peer, startS3Peer } from "../test/s3-peer.js";
import { createStorage } from "./create-storage.js";
import { S3Storage } from "./s3-storage.js";
import { LocalStorage, type Storage } from "./storage.js";

async function read(storage: Storage, key: string) {
  const file = await storage.get(key);
  if (!file) return null;
  return { bytes: await buffer(file.stream), size: file.size };
}

/** Every byte value, twice over, so an encoding step anywhere on the way would show. */
const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));

/**
 * The storage contract: what every adapter must do, run on local disk and on a real S3-compatible server
 * (s3rver on loopback, through the AWS SDK v3 the production adapter uses).
 */
function storageContract(name: string, open: () => Promise<{ storage: Storage; close(): Promise<void> }>) {
  describe(`storage contract: ${name}`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(async () => close());

    it("gives back the bytes it was given, with their size", async () => {
      await storage.put("jobs/a1/photo.jpg", binary);
      const file = await read(storage, "jobs/a1/photo.jpg");
      expect(file?.size).toBe(binary.length);
      expect(file?.bytes.equals(binary)).toBe(true);
    });

    it("answers null for a key nobody wrote", async () => {
      expect(await storage.get("jobs/never/written.jpg")).toBeNull();
    });

    it("replaces a file written again under the same key", async () => {
      await storage.put("docs/u1/insurance.pdf", Buffer.from("first"));
      await storage.put("docs/u1/insurance.pdf", Buffer.from("second version"));
      expect((await read(storage, "docs/u1/insurance.pdf"))?.bytes.toString()).toBe("second version");
    });

    it("deletes a file, and deleting a missing one is not an error", async () => {
      await storage.put("jobs/a2/gone.jpg", Buffer.from("x"));
      await storage.delete("jobs/a2/gone.jpg");
      expect(await storage.get("jobs/a2/gone.jpg")).toBeNull();
      await expect(storage.delete("jobs/a2/gone.jpg")).resolves.toBeUndefined();
    });

    it("keeps keys apart: a folder's files and a longer key sharing its start", async () => {
      await storage.put("jobs/a3/1.jpg", Buffer.from("one"));
      await storage.put("jobs/a3/1.jpg.thumb", Buffer.from("thumb"));
      await storage.delete("jobs/a3/1.jpg");
      expect((await read(storage, "jobs/a3/1.jpg.thumb"))?.bytes.toString()).toBe("thumb");
    });

    it("streams a 6 MB file through unchanged", async () => {
      const big = Buffer.alloc(6 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 251;
      await storage.put("jobs/a4/big.jpg", big);
      const file = await read(storage, "jobs/a4/big.jpg");
      expect(file?.size).toBe(big.length);
      expect(file?.bytes.equals(big)).toBe(true);
    });

    it("stores 20 files written at once, each under its own key", async () => {
      const keys = Array.from({ length: 20 }, (_, i) => `jobs/a5/${i}.jpg`);
      await Promise.all(keys.map((key, i) => storage.put(key, Buffer.from(`file ${i}`))));
      const contents = await Promise.all(
        keys.map(async (key) => (await read(storage, key))?.bytes.toString()),
      );
      expect(contents).toEqual(keys.map((_, i) => `file ${i}`));
    });

    it("refuses a key that could climb out or is malformed, before any I/O", async () => {
      for (const key of [
        "../secret",
        "jobs/../../etc/passwd",
        "/abs/path",
        "",
        "a//b",
        `${"a".repeat(301)}`,
      ]) {
        await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
      }
    });

    it("passes its health check", async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });
  });
}

let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => peer?.stop());

storageContract("local disk", async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "greenscape-disk-"));
  return {
    storage: new LocalStorage(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

storageContract("S3 (s3rver)", async () => {
  const storage = createStorage(loadEnv({ ...peer.env, DATA_DIR: os.tmpdir() }));
  expect(storage.kind).toBe("s3");
  return { storage, close: async () => storage.close?.() };
});

describe("the S3 adapter", () => {
  const s3 = (overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({
      bucket: peer.bucket,
      endpoint: peer.endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      timeoutMs: 5_000,
      ...overrides,
    });

  it("puts every key under S3_PREFIX, so environments can share a bucket", async () => {
    const prefixed = s3({ prefix: "staging/" });
    const plain = s3();
    await prefixed.put("jobs/p1/photo.jpg", Buffer.from("staging photo"));
    expect((await read(plain, "staging/jobs/p1/photo.jpg"))?.bytes.toString()).toBe("staging photo");
    expect(await plain.get("jobs/p1/photo.jpg")).toBeNull();
    prefixed.close();
    plain.close();
  });

  it("fails its health check for a bucket that does not exist", async () => {
    const missing = s3({ bucket: "no-such-bucket" });
    await expect(missing.check()).rejects.toThrow();
    missing.close();
  });

  it("gives up on a store that accepts the connection and never answers, within its timeout", async () => {
    const sockets: import("node:net").Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const hanging = s3({ endpoint: `http://127.0.0.1:${port}`, timeoutMs: 300 });
    const started = Date.now();
    await expect(hanging.put("jobs/t1/x.jpg", Buffer.from("x"))).rejects.toThrow();
    // Three attempts of 300 ms each, plus the SDK's short backoff between them.
    expect(Date.now() - started).toBeLessThan(5_000);
    hanging.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe("the app on S3 storage", () => {
  const t = useTestApp(() => peer.env);

  it("keeps a quote's photo in the bucket (not on this machine's disk) and serves it after the access check", async () => {
    const customer = await signUpAs(t.app, t.database, "customer");
    const photo = await cameraJpeg();
    const form = new FormData();
    for (const [name, value] of Object.entries(
      validQuote({ email: customer.email, services: ["lawn-mowing"], preferredDate: daysFromToday(6) }),
    )) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
    }
    form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "yard.jpg");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/quotes",
      payload: form,
      headers: { cookie: customer.cookie },
    });
    expect(created.statusCode, created.body).toBe(200);
    const jobId = created.json().quote.id as string;

    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.json().storage).toEqual({ kind: "s3", ok: true });

    const served = await t.app.inject({
      method: "GET",
      url: `/api/jobs/${jobId}/photo`,
      headers: { cookie: customer.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    const stranger = await signUpAs(t.app, t.database, "customer");
    const refused = await t.app.inject({
      method: "GET",
      url: `/api/jobs/${jobId}/photo`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(404);

    // Nothing went to the instance's disk: another instance could serve it.
    expect(existsSync(path.join(t.env.DATA_DIR, "uploads"))).toBe(false);
  });
});

describe("the app whose object store is unusable", () => {
  const t = useTestApp(() => ({ ...peer.env, S3_BUCKET: "missing-bucket" }));

  it("answers 503 from /api/health, so a load balancer takes the instance out", async () => {
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: "unavailable",
      database: { ok: true },
      storage: { kind: "s3", ok: false },
    });
  });
});
