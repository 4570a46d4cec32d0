/** Providers that ignore dots in the local part and whose other domain is the same inbox. */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The inbox an address reaches, as a per-email limit counts it: `Mbox+anything@Example.com` and
 * `mbox@example.com` are one inbox (RFC 5233 sub-addressing, which Gmail, Outlook, iCloud, Fastmail and most
 * others deliver to the same mailbox), as are Gmail's dotted spellings and googlemail.com. For limits only:
 * mail still goes to the address as typed, and an account's email is never rewritten.
 * One pass over a string the schema already bounded, no pattern.
 */
export function mailboxOf(email: string): string {
  const address = email.normalize("NFKC").trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  const domain = address.slice(at + 1).replace(/\.$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) return `${local.replaceAll(".", "")}@${dotless}`;
  return `${local}@${domain}`;
}
