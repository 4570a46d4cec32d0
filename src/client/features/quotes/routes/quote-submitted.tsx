import { CircleAlert, CircleCheck, Home, Phone } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { addressLine } from "../../../../shared/address";
import type { BookingAnswer } from "../../../../shared/booking";
import { formatLongDate } from "../../../../shared/dates";
import { firmPriceText, heldUntilText } from "../../../../shared/pricing";
import type { QuoteSummary } from "../../../../shared/quotes";
import { type Frequency, frequencyLabel, weekdayNames } from "../../../../shared/recurring";
import { formatCents, formatRange, jobLabel, serviceName } from "../../../../shared/services";
import { firstNameOf } from "../../../../shared/session";
import { site } from "../../../../shared/site";
import { Detail } from "../../../components/detail";
import { ActionButtons, EmptyState } from "../../../components/empty-state";
import { ButtonLink } from "../../../components/ui/button-link";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { useSession } from "../../../lib/session";
import { BookAPro, useRequestPros } from "../../booking";
import { PriceLines } from "../../pricing";
import { QuotePageHeader } from "../components/quote-page-header";

export function meta() {
  return [{ title: "Quote Submitted | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

/** The quote from navigation state, or null when the page was opened without one (spec: name and email). */
function quoteFromState(state: unknown): QuoteSummary | null {
  const quote = (state as { quote?: Partial<QuoteSummary> } | null)?.quote;
  if (!quote?.fullName || !quote.email) return null;
  return {
    id: quote.id ?? "",
    number: quote.number ?? 0,
    fullName: quote.fullName,
    email: quote.email,
    services: Array.isArray(quote.services) ? quote.services : [],
    address: quote.address ?? "",
    zipCode: quote.zipCode ?? "",
    preferredDate: quote.preferredDate ?? "",
    estimateLowCents: quote.estimateLowCents ?? 0,
    estimateHighCents: quote.estimateHighCents ?? 0,
    price: quote.price ?? null,
    ...(typeof quote.bookingToken === "string" ? { bookingToken: quote.bookingToken } : {}),
  };
}

const phoneLinkClass =
  "inline-flex items-center gap-2 rounded-sm font-semibold text-brand-700 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** How often the request asks for the work (the form passes it beside the quote); one time when absent. */
function frequencyFromState(state: unknown): Frequency {
  const frequency = (state as { frequency?: unknown } | null)?.frequency;
  return typeof frequency === "string" && frequency in frequencyLabel ? (frequency as Frequency) : "one_time";
}

/** The profile the customer came from ("Book <name>"), when the form passed one on. */
function proFromState(state: unknown): string | undefined {
  const pro = (state as { pro?: unknown } | null)?.pro;
  return typeof pro === "string" && /^[a-z0-9-]{1,80}$/.test(pro) ? pro : undefined;
}

/** "Thursday" for a yyyy-mm-dd date. */
const weekdayOf = (day: string) => weekdayNames[new Date(`${day}T12:00:00Z`).getUTCDay()]!;

export default function QuoteSubmittedPage() {
  const location = useLocation();
  const quote = quoteFromState(location.state);
  if (!quote) return <MissingDetails />;
  return (
    <ThankYou
      quote={quote}
      frequency={frequencyFromState(location.state)}
      pro={proFromState(location.state)}
    />
  );
}

function MissingDetails() {
  return (
    <EmptyState
      icon={CircleAlert}
      tone="warning"
      size="lg"
      title="Quote details not found"
      titleAs="h1"
      className="mx-auto max-w-xl px-4 py-20"
      actions={
        <ActionButtons>
          <ButtonLink to="/instant-quote" size="lg">
            Get an Instant Quote
          </ButtonLink>
          <ButtonLink to="/" size="lg" variant="outline">
            Return to Home
          </ButtonLink>
        </ActionButtons>
      }
    >
      <span role="alert">Missing quote details. Please submit the form first.</span>
    </EmptyState>
  );
}

function ThankYou({
  quote,
  frequency,
  pro,
}: {
  quote: QuoteSummary;
  frequency: Frequency;
  pro: string | undefined;
}) {
  const { user } = useSession();
  const isCustomer = user?.role === "customer";
  const hasEstimate = quote.estimateHighCents > 0;
  const price = quote.price ?? null;
  // Pros free to book at once (issue 35): the page then leads with them, and the queue is the other way.
  const bookable = Boolean(price && quote.id && (quote.bookingToken || isCustomer));
  const pros = useRequestPros(quote.id, quote.bookingToken, bookable, pro);
  const [booked, setBooked] = useState<BookingAnswer | null>(null);
  const canBookNow = bookable && !booked && (pros.data?.pros.length ?? 0) > 0;

  // What really happens next (issue 33, item 5): no team reviews the request or calls; landscapers who serve
  // the ZIP see it at once and one of them offers a price and a date, which only the account can approve.
  const nextSteps = canBookNow
    ? [
        "Book one of the pros above now, on a day they are free, at the price shown for them.",
        `Or wait for offers: landscapers who serve ${quote.zipCode || "your area"} can see your request and may each offer a day at your price; you book the one you like.`,
        "Booking holds the price on your card (at once for a visit within 6 days, otherwise 2 days before it); you're charged after the work is done.",
      ]
    : [
        // With a firm price, the booking panel above already says who is being asked (once is enough).
        bookable && pros.isSuccess
          ? null
          : price
            ? `Landscapers who serve ${quote.zipCode || "your area"} can see your request now; each may offer a day at your price, and you book the offer you like.`
            : `Landscapers who serve ${quote.zipCode || "your area"} can see your request now; one of them offers a price and a date.`,
        isCustomer
          ? price
            ? "Offers show in your dashboard as they come, and we let you know of each."
            : "The offer shows in your dashboard, and we let you know when it arrives."
          : `To see ${price ? "the offers and book one" : "the offer and approve it"}, create an account with ${quote.email} and confirm that address.`,
        "Nothing is booked until you approve. Approving holds the price on your card; you're charged after the work is done.",
      ];

  return (
    <>
      <QuotePageHeader
        eyebrow={booked ? "Booked" : "Request received"}
        title={`Thank you, ${firstNameOf(quote.fullName)}!`}
      >
        <p className="flex items-start gap-2">
          <CircleCheck className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            Your quote request
            {quote.number ? (
              <>
                {" "}
                <strong className="font-semibold text-slate-900">{jobLabel(quote.number)}</strong>
              </>
            ) : null}{" "}
            {booked
              ? `is booked with ${booked.landscaperName} on ${formatLongDate(booked.date)}; it is no longer open to other landscapers.`
              : `is in. We've sent a confirmation to ${quote.email}.`}
          </span>
        </p>
      </QuotePageHeader>

      <div className="mx-auto grid w-full max-w-6xl items-start gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8">
        <div className="grid gap-6">
          {/* A firm price can be booked at once with a pro free for it (issue 35): that comes first. */}
          {bookable ? (
            <BookAPro
              quote={quote}
              token={quote.bookingToken}
              recurring={frequency !== "one_time"}
              onBooked={setBooked}
              pro={pro}
            />
          ) : null}
          {/* The next step first, above the fold on a phone: an account for a visitor, the requests for a customer. */}
          {!user && !canBookNow ? (
            <p className="text-sm text-slate-600">
              Create a free account with {quote.email} to see your landscaper's offer and approve it: the
              request appears in your dashboard once you confirm that address.
            </p>
          ) : null}
          <div className="flex flex-col gap-3 sm:flex-row">
            {!user && !canBookNow ? (
              <ButtonLink to="/register/client" size="lg">
                Create an Account
              </ButtonLink>
            ) : null}
            {isCustomer && !booked ? (
              <ButtonLink to="/dashboard/customer" size="lg" variant={canBookNow ? "outline" : "default"}>
                View My Requests
              </ButtonLink>
            ) : null}
            <ButtonLink to="/" size="lg" icon={Home} variant={user && !isCustomer ? "default" : "outline"}>
              Return to Home
            </ButtonLink>
          </div>
          <Card className="gap-5 p-5 sm:p-6">
            <CardHeader>
              <CardTitle asHeading="h2">Your request</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                {quote.number ? (
                  <Detail caps label="Request number">
                    <span className="font-mono text-base font-semibold text-slate-900">
                      {jobLabel(quote.number)}
                    </span>
                  </Detail>
                ) : null}
                {booked ? (
                  <Detail caps label={frequency === "one_time" ? "Visit" : "First visit"}>
                    {formatLongDate(booked.date)}
                  </Detail>
                ) : quote.preferredDate ? (
                  <Detail
                    caps
                    label={frequency === "one_time" ? "Preferred date" : "First visit (preferred)"}
                  >
                    {formatLongDate(quote.preferredDate)}
                  </Detail>
                ) : null}
                {frequency === "one_time" ? null : (
                  <Detail caps label="How often">
                    {booked
                      ? `${frequencyLabel[frequency]}, on ${weekdayOf(booked.date)}s`
                      : canBookNow
                        ? `${frequencyLabel[frequency]}, on the weekday of the first visit you book (or the one a landscaper offers)`
                        : `${frequencyLabel[frequency]}: the landscaper offers a day of the week${price ? "" : " and a price per visit"}`}
                  </Detail>
                )}
                <Detail caps label="Services" className="sm:col-span-2">
                  <ul className="flex flex-wrap gap-2">
                    {quote.services.map((id) => (
                      <li
                        key={id}
                        className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900 ring-1 ring-brand-200"
                      >
                        {serviceName(id)}
                      </li>
                    ))}
                  </ul>
                </Detail>
                {quote.address ? (
                  <Detail caps label="Property" className="sm:col-span-2">
                    {addressLine(quote.address, quote.zipCode)}
                  </Detail>
                ) : null}
              </dl>
              {price ? (
                <div
                  className="mt-5 grid gap-3 rounded-lg bg-brand-900 p-4 text-white"
                  data-testid="submitted-price"
                >
                  <div>
                    <p className="text-sm text-brand-100">Your price</p>
                    <p className="text-2xl font-bold tabular-nums">{firmPriceText(price, frequency)}</p>
                  </div>
                  <PriceLines price={price} tone="dark" />
                  <p className="text-sm font-semibold">
                    {booked ? "Price locked for this booking" : heldUntilText(price.heldUntil)}
                  </p>
                  <p className="text-sm text-brand-100">
                    {booked
                      ? `Booked with ${booked.landscaperName} at ${booked.recurring ? `${formatCents(booked.perVisitCents)} per visit` : formatCents(booked.firstVisitCents)}, their price for your lawn. It changes only if you say yes to a new one.`
                      : "The landscaper who takes your request works at this price. It changes only if you say yes to a new one."}
                  </p>
                </div>
              ) : hasEstimate ? (
                <div className="mt-5 rounded-lg bg-brand-900 p-4 text-white">
                  <p className="text-sm text-brand-100">
                    Estimated price{frequency === "one_time" ? "" : " per visit"}
                  </p>
                  <p className="text-2xl font-bold tabular-nums" data-testid="submitted-estimate">
                    {formatRange(quote.estimateLowCents, quote.estimateHighCents)}
                  </p>
                  <p className="mt-1 text-sm text-brand-100">
                    The final price is confirmed by the landscaper before anything is booked.
                  </p>
                </div>
              ) : null}
            </CardContent>
          </Card>

          {booked ? null : (
            <Card className="gap-4 p-5 sm:p-6">
              <CardHeader>
                <CardTitle asHeading="h2">Next steps</CardTitle>
              </CardHeader>
              <ol className="grid gap-3">
                {nextSteps
                  .filter((step) => step !== null)
                  .map((step, index) => (
                    <li key={step} className="flex gap-3 text-sm text-slate-700">
                      <span
                        aria-hidden="true"
                        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
                      >
                        {index + 1}
                      </span>
                      <span className="pt-1">{step}</span>
                    </li>
                  ))}
              </ol>
            </Card>
          )}
        </div>

        <aside className="grid gap-4 lg:sticky lg:top-24" aria-label="Help">
          <Card className="gap-2 p-5">
            <h2 className="text-base font-semibold text-slate-900">Need immediate help?</h2>
            <p className="text-sm text-slate-600">Call our team and we'll help you right away.</p>
            <a href={site.phoneHref} className={phoneLinkClass}>
              <Phone className="size-4" aria-hidden="true" />
              {site.phone}
            </a>
          </Card>
        </aside>
      </div>
    </>
  );
}
