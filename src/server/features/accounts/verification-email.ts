import { and, eq } from "drizzle-orm";
import { firstNameOf } from "../../../shared/session.js";
import type { Env } from "../../config/env.js";
import type { DbOrTx } from "../../db/client.js";
import { outbox } from "../../db/schema.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";

// The confirmation email alone, apart from the rest of verification.ts, so that Admin → Users can resend one
// through accounts/index.ts without that entry importing notifications (which imports accounts).

/** Verification links work for a day (Better Auth signs the expiry into the token). */
export const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

export function verificationLink(env: Env, token: string): string {
  const url = new URL("/verify-email", env.PUBLIC_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * Better Auth's sendVerificationEmail: the first one an account gets is its welcome email (one email at
 * sign-up, not two), later ones are plain confirmation emails. Both go through the outbox.
 */
export async function sendVerificationEmail(options: {
  db: DbOrTx;
  env: Env;
  user: { id: string; email: string; name: string; role?: string | null };
  token: string;
}) {
  const { db, env, token } = options;
  const email = options.user.email.toLowerCase();
  const name = firstNameOf(options.user.name);
  const verifyUrl = verificationLink(env, token);
  const [welcomed] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, "welcome")))
    .limit(1);
  if (welcomed) {
    await enqueueEmail(db, email, { template: "verify_email", name, url: verifyUrl });
    return;
  }
  const role = options.user.role === "landscaper" ? "landscaper" : "customer";
  await enqueueEmail(db, email, {
    template: "welcome",
    name,
    role,
    verifyUrl,
    nextUrl: `${env.PUBLIC_URL}${role === "landscaper" ? "/onboarding/landscaper" : "/onboarding/client"}`,
  });
}
