import { eq, sql } from "drizzle-orm";
import type { CustomerProfile, CustomerProfileValues } from "../../../shared/customers.js";
import type { Db } from "../../db/client.js";
import { customer, loginAudit, session, user } from "../../db/schema.js";
import { unauthorized } from "../../lib/errors.js";

type CustomerRow = typeof customer.$inferSelect;

function toProfile(row: CustomerRow): CustomerProfile {
  return {
    fullName: row.fullName,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phoneNumber: row.phoneNumber,
    propertyType: row.propertyType,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getCustomerProfile({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<CustomerProfile | null> {
  const [row] = await db.select().from(customer).where(eq(customer.userId, userId));
  return row ? toProfile(row) : null;
}

/** Onboarding and later edits are the same write: one row per user, created or replaced. */
export async function saveCustomerProfile({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: CustomerProfileValues;
}): Promise<CustomerProfile> {
  const values = {
    fullName: input.fullName,
    streetAddress: input.streetAddress,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    phoneNumber: input.phoneNumber,
    propertyType: input.propertyType,
  };
  const [row] = await db
    .insert(customer)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: customer.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return toProfile(row!);
}

/**
 * When the current session began, and whether its owner has ever signed in with the login form: the session
 * sign-up opens is a first visit (welcome), any session after a sign-in is a return (welcome back).
 */
export async function sessionStart({
  db,
  sessionId,
}: {
  db: Db;
  sessionId: string;
}): Promise<{ signedInAt: string; returning: boolean }> {
  const [row] = await db
    .select({
      createdAt: session.createdAt,
      returning: sql<boolean>`exists (
        select 1 from ${loginAudit}
        where ${loginAudit.email} = ${user.email} and ${loginAudit.action} = 'login_success'
      )`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.id, sessionId));
  if (!row) throw unauthorized();
  return { signedInAt: row.createdAt.toISOString(), returning: row.returning };
}
