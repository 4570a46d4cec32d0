import { CreditCard } from "lucide-react";
import { useState } from "react";
import type { AvailablePro, BookingAnswer } from "../../../../shared/booking";
import { addDaysIso, daysUntil, formatLongDate } from "../../../../shared/dates";
import {
  cancellationTermsText,
  cardLabel,
  freeCancellationEnds,
  HOLD_AT_APPROVAL_WITHIN_DAYS,
  HOLD_DAYS_BEFORE_VISIT,
  WORK_APPROVAL_HOURS,
} from "../../../../shared/payments";
import { formatCents } from "../../../../shared/services";
import { Skeleton } from "../../../components/skeleton";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { failureMessage } from "../../../lib/form-errors";
import { CardForm, useCards } from "../../payments";
import { useBookOffer } from "../api/book-offer";
import { useBookRequest } from "../api/book-request";
import { proName } from "./pro-card";

/**
 * What booking does to the card, said before the button: held now or two days before, charged after the work;
 * for a recurring plan, visit by visit.
 */
export function holdSentence(
  price: { first: string; perVisit: string },
  date: string,
  recurring: boolean,
  now = new Date(),
): string {
  const first = recurring ? `the first visit's ${price.first}` : price.first;
  const held =
    daysUntil(date, now) <= HOLD_AT_APPROVAL_WITHIN_DAYS
      ? `Booking holds ${first} on your card now.`
      : `We hold ${first} on your card on ${formatLongDate(addDaysIso(date, -HOLD_DAYS_BEFORE_VISIT))}, ${HOLD_DAYS_BEFORE_VISIT} days before the visit.`;
  const charged = `charged after the work: when you approve it, or ${WORK_APPROVAL_HOURS} hours after it is marked complete if you don't answer.`;
  return recurring
    ? `${held} Each later visit is held ${HOLD_DAYS_BEFORE_VISIT} days before it. Every visit is ${charged} You're never charged more than ${price.perVisit} a visit unless you say yes to a new price.`
    : `${held} It is ${charged} You're never charged more than ${price.first} unless you say yes to a new price.`;
}

/**
 * Step 3: the card (a saved one, or the form to add one), what is held when and the cancellation rule, then
 * one button that books. A day that filled meanwhile is said here and the customer goes back to choose.
 */
export function ConfirmStep({
  jobId,
  token,
  pro,
  date,
  recurring,
  cancellationFeeCents,
  offerId,
  onBooked,
  onDayFilled,
}: {
  jobId: string;
  token: string | undefined;
  pro: Pick<
    AvailablePro,
    "landscaperId" | "businessName" | "personName" | "perVisitCents" | "firstVisitCents"
  >;
  date: string;
  recurring: boolean;
  cancellationFeeCents: number;
  /** Booking a pro's own offer on the request (its day and price) rather than a free day of theirs. */
  offerId?: string | undefined;
  onBooked: (answer: BookingAnswer) => void;
  /** The day filled meanwhile (a free day's booking only: an offer's day is the pro's own). */
  onDayFilled?: (message: string) => void;
}) {
  const cards = useCards();
  const bookDay = useBookRequest(jobId);
  const bookTheOffer = useBookOffer(jobId);
  const book = offerId ? bookTheOffer : bookDay;
  const [failure, setFailure] = useState<string | null>(null);
  const saved = cards.data?.cards ?? [];
  const card = saved.find((c) => c.isDefault) ?? saved[0] ?? null;
  const price = formatCents(pro.firstVisitCents);
  const terms = { freeUntil: freeCancellationEnds(date).toISOString(), feeCents: cancellationFeeCents };

  const submit = async () => {
    setFailure(null);
    try {
      onBooked(
        offerId
          ? await bookTheOffer.mutateAsync({ offerId, cardId: card?.id })
          : await bookDay.mutateAsync({ token, landscaperId: pro.landscaperId, date, cardId: card?.id }),
      );
    } catch (error) {
      if (onDayFilled && error instanceof ApiError && error.code === "day_filled") onDayFilled(error.message);
      else setFailure(failureMessage(error));
    }
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 text-sm text-slate-700">
      <dl className="grid gap-2 rounded-lg bg-brand-50 p-4 text-brand-950 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-brand-800">Pro</dt>
          <dd className="font-medium">{proName(pro)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-brand-800">
            {recurring ? "First visit" : "Visit"}
          </dt>
          <dd className="font-medium">{formatLongDate(date)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-brand-800">Price</dt>
          <dd className="font-medium tabular-nums">
            {recurring ? `${formatCents(pro.perVisitCents)} per visit` : price}
            {recurring && pro.firstVisitCents !== pro.perVisitCents ? `, first visit ${price}` : ""}
          </dd>
        </div>
      </dl>
      <p data-testid="booking-hold">
        {holdSentence({ first: price, perVisit: formatCents(pro.perVisitCents) }, date, recurring)}
      </p>
      <p>{cancellationTermsText(terms, { doing: recurring ? "Cancelling a visit" : "Cancelling" })}</p>
      {cards.isPending ? (
        <Skeleton label="Loading your cards" className="h-16" />
      ) : card ? (
        <p className="flex items-center gap-2 font-medium text-slate-900">
          <CreditCard className="size-4 text-brand-700" aria-hidden="true" />
          Card: {cardLabel(card)}
        </p>
      ) : (
        <div className="grid min-w-0 grid-cols-1 gap-2">
          <p className="font-medium text-slate-900">Add a card to hold your price</p>
          <CardForm mode={cards.data?.mode ?? "test"} submitLabel="Save card" />
        </div>
      )}
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <Button
        type="button"
        size="lg"
        className="h-auto min-h-11 whitespace-normal py-2.5 text-center"
        disabled={!card || book.isPending}
        onClick={submit}
      >
        {book.isPending
          ? "Booking…"
          : recurring
            ? `Book ${pro.businessName ?? pro.personName}: ${formatCents(pro.perVisitCents)} a visit`
            : `Book ${pro.businessName ?? pro.personName} for ${price}`}
      </Button>
      {!card && !cards.isPending ? (
        <p className="-mt-2 text-sm text-slate-600">Save your card above first; then book.</p>
      ) : null}
    </div>
  );
}
