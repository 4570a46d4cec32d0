/**
 * A US phone number in the one form the product shows, as the site's own is written: "(704) 555-0142".
 * People type theirs as they like ("704-555-0142", "7045550142", "+1 704 555 0142"); ten digits (after a
 * leading 1) are shown the same way, anything else as it was typed.
 */
export function formatPhone(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10 || /[a-z]/i.test(raw)) return raw.trim();
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
