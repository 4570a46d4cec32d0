import { sql } from "drizzle-orm";
import { check, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { landscaper } from "./people.js";

/**
 * A landscaper's availability for instant booking (issue 35). No row: the defaults of `defaultAvailability`
 * (weekdays, six visits, a day's notice, nothing bookable at once). Visits per day are counted from the jobs
 * themselves (accepted or scheduled on that day), so a cancellation or a move frees the slot by itself.
 */
export const landscaperAvailability = pgTable(
  "landscaper_availability",
  {
    landscaperId: text("landscaper_id")
      .primaryKey()
      .references(() => landscaper.userId, { onDelete: "cascade" }),
    /** 0 Sunday … 6 Saturday. */
    weekdays: smallint("weekdays").array().notNull(),
    visitsPerDay: integer("visits_per_day").notNull(),
    noticeHours: integer("notice_hours").notNull(),
    instantServices: text("instant_services").array().notNull().default(sql`'{}'::text[]`),
    priceAdjustPercent: integer("price_adjust_percent").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("landscaper_availability_visits", sql`${t.visitsPerDay} between 1 and 20`),
    check("landscaper_availability_notice", sql`${t.noticeHours} between 0 and 168`),
    check("landscaper_availability_price", sql`${t.priceAdjustPercent} between -30 and 30`),
  ],
);
