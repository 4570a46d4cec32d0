import { date, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { RateCard } from "../../../shared/pricing.js";
import { user } from "./accounts.js";

/**
 * The rate cards the firm price is computed from (issue 34). A version is never edited once published: a
 * quote records the version it used, so its lines can be shown again exactly. The card in force on a day is
 * the highest version whose `effective_from` is on or before it; version 1 is written by migration 0025.
 */
export const rateCard = pgTable("rate_card", {
  version: integer("version").primaryKey(),
  effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
  /** The card's prices and factors (RateCard without version and date, which are the columns). */
  card: jsonb("card").$type<Omit<RateCard, "version" | "effectiveFrom">>().notNull(),
  note: text("note"),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
