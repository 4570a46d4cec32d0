import { and, eq, sql } from "drizzle-orm";
import { builtOnce } from "../../db/built-once.js";
import type { DbOrTx } from "../../db/client.js";
import { user } from "../../db/schema.js";
import type { EmailTemplate } from "./templates.js";

/**
 * Makes typed text unclickable: "http://x.example" and "x.example" and "me@x.example" stop being links that
 * mail programs draw by themselves. Linear: plain replacements, no pattern that can backtrack.
 */
export function defang(text: string): string {
  return text
    .replaceAll("://", "[:]//")
    .replaceAll("@", " [at] ")
    .replace(/(?<=[A-Za-z0-9])\.(?=[A-Za-z])/g, "[.]");
}

/** Fields of a template the server builds itself (links to our own pages): everything else came from a person. */
const serverBuilt = new Set(["template", "url", "role"]);

/**
 * An address that has never confirmed anything (no confirmed account) may be a stranger's, typed into a quote or
 * sign-up form by someone else: what that someone typed reaches it with no clickable link in it.
 */
export async function forRecipient(db: DbOrTx, to: string, input: EmailTemplate): Promise<EmailTemplate> {
  const [copy] = await forRecipients(db, [{ to, input }]);
  return copy!;
}

// Built once (db/built-once.ts): every quote asks it for its two emails.
const confirmedOf = builtOnce<{ email: string }, { addresses: string[] }>(
  (db) =>
    db
      .select({ email: user.email })
      .from(user)
      .where(
        and(sql`${user.email} = any(${sql.placeholder("addresses")}::text[])`, eq(user.emailVerified, true)),
      ),
  { email: user.email },
);

/** forRecipient for several emails with one lookup: the quote's two emails cost one round trip, not two. */
export async function forRecipients(
  db: DbOrTx,
  emails: readonly { to: string; input: EmailTemplate }[],
): Promise<EmailTemplate[]> {
  const addresses = [...new Set(emails.map((e) => e.to.toLowerCase()))];
  const rows = addresses.length ? await confirmedOf.run(db, { addresses }) : [];
  const confirmed = new Set(rows.map((r) => r.email.toLowerCase()));
  return emails.map(({ to, input }) => (confirmed.has(to.toLowerCase()) ? input : defanged(input)));
}

function defanged(input: EmailTemplate): EmailTemplate {
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    safe[key] =
      typeof value === "string" && !serverBuilt.has(key) && !key.endsWith("Url") ? defang(value) : value;
  }
  return safe as EmailTemplate;
}
