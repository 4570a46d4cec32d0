import { z } from "zod";

/**
 * The quote requests sent from this browser tab, kept in sessionStorage so that the steps after the quote
 * don't ask again for what was just typed (sign-up's name and email, onboarding's address and phone) and so
 * that the dashboard can show the request while the account's email is still unconfirmed. Until that
 * confirmation the server keeps the request away from the account (someone else could have typed the address),
 * so only the tab that sent it knows; nothing here is trusted by the server. Gone when the tab closes.
 */
const storageKey = "greenscape:sent-quotes";
const keepFor = 24 * 60 * 60 * 1000;
const keepAtMost = 5;

const sentQuoteSchema = z.object({
  number: z.number().int().nonnegative(),
  fullName: z.string().max(120),
  email: z.string().max(254),
  phone: z.string().max(40),
  address: z.string().max(300),
  zipCode: z.string().max(10),
  services: z.array(z.string().max(40)).max(20),
  preferredDate: z.string().max(10),
  sentAt: z.number(),
});
export type SentQuote = z.infer<typeof sentQuoteSchema>;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off; the flow then simply asks again.
    return null;
  }
}

/** The tab's sent quotes, newest first, younger than a day. */
export function sentQuotes(now = Date.now()): SentQuote[] {
  const raw = storage()?.getItem(storageKey);
  if (!raw || raw.length > 20_000) return [];
  try {
    const parsed = z.array(sentQuoteSchema).max(keepAtMost).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.filter((quote) => now - quote.sentAt < keepFor) : [];
  } catch {
    return [];
  }
}

/** Remembers a quote this tab just sent. */
export function rememberSentQuote(quote: Omit<SentQuote, "sentAt">, now = Date.now()): void {
  const parsed = sentQuoteSchema.safeParse({ ...quote, sentAt: now });
  if (!parsed.success) return;
  const rest = sentQuotes(now).filter((kept) => kept.number !== quote.number);
  try {
    storage()?.setItem(storageKey, JSON.stringify([parsed.data, ...rest].slice(0, keepAtMost)));
  } catch {
    // A full or disabled storage only costs the prefill.
  }
}

/** The newest quote sent from this tab with the given email (any quote when no email is given). */
export function lastSentQuote(email?: string): SentQuote | null {
  const wanted = email?.trim().toLowerCase();
  return sentQuotes().find((quote) => !wanted || quote.email.trim().toLowerCase() === wanted) ?? null;
}

/** The quotes this tab sent with the given email. */
export function sentQuotesFor(email: string): SentQuote[] {
  const wanted = email.trim().toLowerCase();
  return sentQuotes().filter((quote) => quote.email.trim().toLowerCase() === wanted);
}
