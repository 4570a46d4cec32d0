import { eq, sql } from "drizzle-orm";
import { type Availability, defaultAvailability } from "../../../shared/booking.js";
import type { ServiceId } from "../../../shared/services.js";
import type { DbOrTx } from "../../db/client.js";
import { landscaperAvailability } from "../../db/schema.js";

type AvailabilityRow = typeof landscaperAvailability.$inferSelect;

export function availabilityOf(row: AvailabilityRow | undefined): Availability {
  if (!row) return defaultAvailability;
  return {
    weekdays: [...row.weekdays].sort((a, b) => a - b),
    visitsPerDay: row.visitsPerDay,
    noticeHours: row.noticeHours,
    instantServices: row.instantServices as ServiceId[],
    priceAdjustPercent: row.priceAdjustPercent,
  };
}

/** A landscaper's availability, the defaults when they never set it. */
export async function getAvailability(db: DbOrTx, landscaperId: string): Promise<Availability> {
  const [row] = await db
    .select()
    .from(landscaperAvailability)
    .where(eq(landscaperAvailability.landscaperId, landscaperId));
  return availabilityOf(row);
}

/**
 * Saves a landscaper's availability. It takes effect at once: the next customer's choice of pros reads it
 * (a booking already made keeps its day; fewer visits a day only stops new bookings of a full day).
 */
export async function setAvailability(
  db: DbOrTx,
  landscaperId: string,
  input: Availability,
): Promise<Availability> {
  const values = {
    weekdays: [...new Set(input.weekdays)].sort((a, b) => a - b),
    visitsPerDay: input.visitsPerDay,
    noticeHours: input.noticeHours,
    instantServices: [...new Set(input.instantServices)],
    priceAdjustPercent: input.priceAdjustPercent,
  };
  const [row] = await db
    .insert(landscaperAvailability)
    .values({ landscaperId, ...values })
    .onConflictDoUpdate({
      target: landscaperAvailability.landscaperId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return availabilityOf(row);
}
