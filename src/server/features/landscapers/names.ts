import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { landscaper } from "../../db/schema.js";

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
