import { timestamp, uuid } from "drizzle-orm/pg-core";

/** created_at and updated_at, as Better Auth and our tables keep them. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** When the row was written (rows that are never updated keep only this). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A random UUID primary key. */
export const uuidId = () => uuid("id").primaryKey().defaultRandom();
