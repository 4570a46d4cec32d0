// The database schema, one file per area under ./schema/; drizzle-kit reads this file (drizzle.config.ts).
export * from "./schema/accounts.js";
export * from "./schema/audit.js";
export * from "./schema/booking.js";
export * from "./schema/field.js";
export * from "./schema/jobs.js";
export * from "./schema/messaging.js";
export * from "./schema/operations.js";
export * from "./schema/parcels.js";
export * from "./schema/payments.js";
export * from "./schema/people.js";
export * from "./schema/pricing.js";
export * from "./schema/reviews.js";
export * from "./schema/totals.js";
export * from "./schema/waiting.js";
export * from "./schema/weather.js";
