import { MailCheck } from "lucide-react";
import { formatLongDate } from "../../../../shared/dates";
import { jobLabel, serviceName } from "../../../../shared/services";
import type { SessionUser } from "../../../../shared/session";
import { Card } from "../../../components/ui/card";
import { type SentQuote, sentQuotesFor } from "../../quotes";

/**
 * Requests this tab sent with the account's email that the account can't show yet: the server links a
 * request sent before sign-up only once the email is confirmed (docs/product-rules.md), so until then the
 * dashboard lists them from the tab and says what unlocks them.
 */
export function unconfirmedRequests(user: SessionUser, shownNumbers: number[]): SentQuote[] {
  if (user.emailVerified || user.role !== "customer") return [];
  return sentQuotesFor(user.email).filter((quote) => quote.number && !shownNumbers.includes(quote.number));
}

export function UnconfirmedRequests({ quotes, email }: { quotes: SentQuote[]; email: string }) {
  if (quotes.length === 0) return null;
  return (
    <section aria-labelledby="unconfirmed-heading">
      <Card className="gap-4 border-amber-300 bg-amber-50/60 p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
          <div className="grid gap-1">
            <h2 id="unconfirmed-heading" className="text-lg font-semibold text-slate-900">
              {quotes.length === 1 ? "Your request is waiting" : "Your requests are waiting"}: confirm your
              email to manage {quotes.length === 1 ? "it" : "them"}
            </h2>
            <p className="text-sm text-slate-700">
              Open the link we sent to <span className="font-medium break-all">{email}</span>. Your request
              then shows here, where you can follow it, answer a landscaper's offer and cancel it.
            </p>
          </div>
        </div>
        <ul className="grid gap-2">
          {quotes.map((quote) => (
            <li
              key={quote.number}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-amber-200 bg-white px-4 py-3 text-sm"
            >
              <span className="font-mono font-semibold text-slate-900">{jobLabel(quote.number)}</span>
              <span className="text-slate-800">{quote.services.map(serviceName).join(", ")}</span>
              {quote.preferredDate ? (
                <span className="text-slate-600">Preferred date {formatLongDate(quote.preferredDate)}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
