import { describe, expect, it } from "vitest";
import { base64UrlToBytes, sameKey } from "./base64url";

describe("base64UrlToBytes", () => {
  it("decodes base64url without padding", () => {
    // 0xfb 0xff 0xbf encodes as "-_-_" in base64url ("+/+/" in base64).
    expect([...base64UrlToBytes("-_-_")]).toEqual([0xfb, 0xff, 0xbf]);
    expect([...base64UrlToBytes("AQ")]).toEqual([1]);
    expect([...base64UrlToBytes("AQI")]).toEqual([1, 2]);
  });

  it("decodes a 65-byte uncompressed P-256 public key", () => {
    const raw = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : i * 3));
    const encoded = Buffer.from(raw).toString("base64url");
    expect(encoded).not.toContain("=");
    expect([...base64UrlToBytes(encoded)]).toEqual([...raw]);
  });
});

describe("sameKey", () => {
  it("compares a subscription's key with ours", () => {
    const key = new Uint8Array([1, 2, 3]);
    expect(sameKey(new Uint8Array([1, 2, 3]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([1, 2, 4]).buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array([1, 2]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
