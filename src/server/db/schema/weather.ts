import {
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { job } from "./jobs.js";

/**
 * The forecast cache (issue 37): several instances share it, so it is a table, never process memory. A point
 * (four decimals, as NWS answers them) names its grid cell, which rarely changes; a grid cell's forecast is
 * kept as each Charlotte date's daytime chance of rain. Failed lookups are not stored: the next call asks again.
 */
export const weatherPoint = pgTable("weather_point", {
  // "35.2271,-80.8431"
  pointKey: text("point_key").primaryKey(),
  gridId: text("grid_id").notNull(),
  gridX: integer("grid_x").notNull(),
  gridY: integer("grid_y").notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
});

export const weatherGrid = pgTable(
  "weather_grid",
  {
    gridId: text("grid_id").notNull(),
    gridX: integer("grid_x").notNull(),
    gridY: integer("grid_y").notNull(),
    /** { "2026-12-01": 70, … }: the highest chance of precipitation over 7:00–19:00 Charlotte time. */
    days: jsonb("days").$type<Record<string, number>>().notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.gridId, table.gridX, table.gridY] })],
);

/**
 * The rain flag of a scheduled visit, written by the scheduled pass: the chance of rain read for the date in
 * `forecast_date` (a visit moved since has another date, so the row says nothing about it until the next
 * pass). `checked_at` is the pass's claim: a row checked less than a cache period ago is left to rest.
 */
export const visitWeather = pgTable("visit_weather", {
  jobId: uuid("job_id")
    .primaryKey()
    .references(() => job.id, { onDelete: "cascade" }),
  checkedAt: timestamp("checked_at", { withTimezone: true }),
  forecastDate: date("forecast_date", { mode: "string" }),
  /** Null: no forecast for the place and day (nothing flagged). */
  percent: integer("percent"),
  readAt: timestamp("read_at", { withTimezone: true }),
  flagged: boolean("flagged").notNull().default(false),
});
