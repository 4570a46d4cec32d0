import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Parcel lookups by normalised address and ZIP (issue 34): a county layer is asked once per address, and a
 * quote for the same property reads the answer here. `lot_sq_ft` null records "no single match", which is kept
 * for less long than a match. Failed lookups are not stored: the next quote asks again.
 */
export const parcelLot = pgTable("parcel_lot", {
  // "600 EAST BLVD|28203"
  addressKey: text("address_key").primaryKey(),
  lotSqFt: integer("lot_sq_ft"),
  source: text("source"),
  provider: text("provider").notNull(),
  lookedUpAt: timestamp("looked_up_at", { withTimezone: true }).notNull(),
});
