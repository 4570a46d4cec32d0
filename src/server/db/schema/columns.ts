import { text, timestamp, uuid } from "drizzle-orm/pg-core";

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

/**
 * Who asked and for what, as the quote form gave it: a job and a series (whose visits are jobs) both keep
 * the customer's contact details, the address and the services.
 */
export const requestColumns = () => ({
  customerName: text("customer_name").notNull(),
  customerEmail: text("customer_email").notNull(),
  customerPhone: text("customer_phone").notNull(),
  address: text("address").notNull(),
  zipCode: text("zip_code").notNull(),
  selectedServices: text("selected_services").array().notNull(),
  serviceType: text("service_type").notNull(),
});

/** A random UUID primary key. */
export const uuidId = () => uuid("id").primaryKey().defaultRandom();
