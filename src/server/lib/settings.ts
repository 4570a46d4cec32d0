import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { appSetting } from "../db/schema.js";

/**
 * Reads a generated setting, creating it once if it is missing. Stored in the database so every
 * app instance shares it and a restart keeps it (sessions stay valid).
 */
export async function getOrCreateSetting<T>(db: Db, key: string, create: () => T | Promise<T>): Promise<T> {
  const existing = await db.select().from(appSetting).where(eq(appSetting.key, key));
  if (existing[0]) return existing[0].value as T;
  const value = await create();
  await db.insert(appSetting).values({ key, value }).onConflictDoNothing();
  // Another instance may have won the race: read back whatever is stored.
  const stored = await db.select().from(appSetting).where(eq(appSetting.key, key));
  return stored[0]!.value as T;
}

export function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}
