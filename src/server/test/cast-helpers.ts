import { eq } from "drizzle-orm";
import { landscaper } from "../db/schema.js";
import { type SignedUp, signUp, signUpAs } from "./accounts-helpers.js";
import type { TestApp } from "./build-test-app.js";
import { createLandscaper, type Landscaper } from "./landscaper-helpers.js";
import { saveCard } from "./payment-helpers.js";

/** The people of a job's story, the same in every test that tells one, so each reads as the others do. */

export interface JobParties {
  customer: SignedUp;
  pro: Landscaper;
}

/** A customer named `customerName` with a saved card, and Carlos Mendoza, approved in 28202. */
export async function jobParties(t: TestApp, customerName: string): Promise<JobParties> {
  const customer = await signUp(t.app, { role: "customer", name: customerName });
  await saveCard(t.app, customer.cookie);
  const pro = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Carlos Mendoza" });
  return { customer, pro };
}

export interface JobCast extends JobParties {
  admin: SignedUp;
  /** A customer with no part in the job. */
  stranger: SignedUp;
  /** A landscaper in the same area who did not take the job. */
  rival: Landscaper;
}

/**
 * Olivia Bennett (with a card) and Carlos Mendoza of Queen City Lawn Care, with an admin, a stranger and a
 * rival landscaper: everyone who may, or must not, see a job.
 */
export async function jobCast(t: TestApp): Promise<JobCast> {
  const admin = await signUpAs(t.app, t.database, "admin");
  const parties = await jobParties(t, "Olivia Bennett");
  const stranger = await signUp(t.app, { role: "customer", name: "Sam Stranger" });
  const rival = await createLandscaper(t, { status: "approved", zips: ["28202"], name: "Rita Rival" });
  await t.database.db
    .update(landscaper)
    .set({ businessName: "Queen City Lawn Care" })
    .where(eq(landscaper.userId, parties.pro.id));
  return { ...parties, admin, stranger, rival };
}
