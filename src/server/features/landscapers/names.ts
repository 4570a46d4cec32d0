import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.js";
import { landscaper, user } from "../../db/schema.js";

/**
 * `landscaperDisplayName` in SQL, for lists and exports read from the database: business · person, or
 * whichever exists; `account` (the user's name) stands in for a missing profile name. The query joins
 * `landscaper` on the user.
 */
export function landscaperNameSql(account: AnyPgColumn): SQL<string | null> {
  const business = sql`nullif(${landscaper.businessName}, '')`;
  const person = sql`coalesce(nullif(${landscaper.fullName}, ''), ${account})`;
  return sql<string | null>`coalesce(${business} || ' · ' || ${person}, ${business}, ${person})`;
}

/** One landscaper's display name (business · person), or null if they have no account any more. */
export async function landscaperNameOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: landscaperNameSql(user.name) })
    .from(user)
    .leftJoin(landscaper, eq(landscaper.userId, user.id))
    .where(eq(user.id, userId));
  return row?.name ?? null;
}
