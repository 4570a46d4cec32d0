import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** The hash kept of a secret handed out once: the database never holds the secret itself. */
export function tokenHashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new secret (32 random bytes, URL-safe) and the hash to keep of it. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: tokenHashOf(token) };
}

/** Whether `token` is the secret whose hash was kept, compared in constant time. */
export function matchesTokenHash(token: string, hash: string | null): boolean {
  if (!hash || token.length === 0 || token.length > 100) return false;
  const a = Buffer.from(tokenHashOf(token), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
