import { CircleCheck, CreditCard } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { addDaysIso, daysUntil, formatLongDate } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import {
  type CardView,
  cancellationTermsText,
  cardLabel,
  HOLD_AT_APPROVAL_WITHIN_DAYS,
  HOLD_DAYS_BEFORE_VISIT,
  refusalWithOutcome,
  WORK_APPROVAL_HOURS,
} from "../../../../shared/payments";
import { seriesLabel } from "../../../../shared/recurring";
import { formatCents, jobLabel, withArticle } from "../../../../shared/services";
import { FormAlert } from "../../../components/form-alert";
import { useDialogState } from "../../../components/form-dialog";
import { LoadError } from "../../../components/load-error";
import { Skeleton } from "../../../components/skeleton";
import { triggerElement } from "../../../components/trigger-button";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeading,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { ApiError } from "../../../lib/api-client";
import { failureMessage } from "../../../lib/form-errors";
import { choiceCard, choiceInput } from "../../../lib/styles";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { CardForm, type CardFormHandle, useCards } from "../../payments";
import { ReviewSummaryLine } from "../../reviews";
import { approvalSummary } from "../../series";
import { useApproveJob } from "../api/job-actions";
import { offerVsEstimate } from "../lib/offer-vs-estimate";
import { LandscaperRecord } from "./landscaper-record";

/**
 * 'Approve & book' (the card's button, the dialog's title and its action: one name): the offer beside the
 * customer's estimate, how the card is used (held now, or on the day 2 days before the visit, by the payment
 * pass; charged after the work; the cancellation rule), the card to hold — or the form to add one — and the
 * approval. The action is one press: a card typed in is saved first, then the offer approved; it is never
 * disabled, and whatever stops it is said above the card form, cause first, scrolled into view (the card not
 * saved: nothing saved or booked; saved but the hold refused: the card stays saved and the message says so).
 */
export function ApproveJobDialog({ job }: { job: JobView }) {
  const [chosen, setChosen] = useState<string | undefined>();
  const [addingCard, setAddingCard] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const { dialog, close } = useDialogState({
    onClose: () => {
      setFailure(undefined);
      setAddingCard(false);
    },
  });
  const cards = useCards(dialog.open);
  const approve = useApproveJob();
  // What the press is doing now: saving the typed card, then booking.
  const [step, setStep] = useState<"saving" | "booking" | null>(null);
  const cardForm = useRef<CardFormHandle>(null);
  // 'Use a different card' goes away as it is clicked: focus moves on to the new card's first field rather
  // than falling back to the dialog's box.
  const cardFormRef = useRef<HTMLDivElement>(null);
  const focusCardForm = useRef(false);
  // A refusal is said above the card form, in the scrolling body (on a phone a sticky bar holding it hid the
  // fields to fix), and announced (role=alert). It appears after focus went to a field to fix and pushes the
  // form down: scrolled to the top of the view, the message and the card's fields below it are all in sight.
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: "start" });
  }, [failure]);
  // On open, focus goes to the card to pay with (the chosen saved card, or the new card's number) once the
  // cards are loaded, without scrolling the terms away; the dialog's own box holds it until then. Radix's
  // first control, 'Not now', looked chosen.
  const contentRef = useRef<HTMLDivElement>(null);
  const focusOnLoad = useRef(false);
  useEffect(() => {
    if (!dialog.open || !cards.isSuccess || !focusOnLoad.current) return;
    focusOnLoad.current = false;
    const box = contentRef.current;
    if (!box || document.activeElement !== box) return;
    const field = box.querySelector<HTMLElement>("input[type=radio]:checked, input");
    field?.focus({ preventScroll: true });
    // The terms stay at the top when the field shows above the sticky bar; otherwise the least scroll that
    // brings it out from under the bar (a taller offer, e.g. with its latest review, on a short phone).
    const bar = box.querySelector<HTMLElement>("[data-sticky-actions]");
    if (field && bar) {
      const hidden = field.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
      if (hidden > 0) box.scrollBy({ top: hidden + 12 });
    }
  }, [dialog.open, cards.isSuccess]);
  useEffect(() => {
    if (!addingCard || !focusCardForm.current) return;
    focusCardForm.current = false;
    cardFormRef.current?.querySelector<HTMLElement>("input")?.focus();
  }, [addingCard]);

  const saved = cards.data?.cards ?? [];
  // While a new card is being added nothing saved is chosen: the press saves that card and books with it, or a
  // saved card is picked again (which closes the form). The card the customer turned away from is never booked.
  const cardId = addingCard
    ? undefined
    : chosen && saved.some((card) => card.id === chosen)
      ? chosen
      : saved[0]?.id;
  const price = job.quotedPriceCents !== null ? formatCents(job.quotedPriceCents) : "the price";
  const date = job.scheduledDate ? formatLongDate(job.scheduledDate) : "the agreed date";
  const holdsNow = job.scheduledDate !== null && daysUntil(job.scheduledDate) <= HOLD_AT_APPROVAL_WITHIN_DAYS;
  // The cancellation rule as the server applies it and the booking email states it (the job's `cancellation`).
  const terms = job.cancellation ?? null;
  const lateAlready = terms !== null && new Date(terms.freeUntil).getTime() <= Date.now();
  const offered = job.series?.status === "offered" ? job.series : null;
  const showCardForm = cards.isSuccess && (saved.length === 0 || addingCard);

  /** The card to book with: the one chosen, or the one typed in, saved first. Null: said why. */
  const cardToBook = async (): Promise<{ card: CardView; justSaved: boolean } | null> => {
    if (!cards.isSuccess) {
      setFailure(
        cards.isError
          ? "Your saved cards could not be loaded, so nothing was booked. Press Try again below."
          : "Your saved cards are still loading. Press Approve & book again in a moment.",
      );
      return null;
    }
    if (!showCardForm) {
      const card = saved.find((c) => c.id === cardId);
      if (!card) setFailure("Choose a card to book with.");
      return card ? { card, justSaved: false } : null;
    }
    setStep("saving");
    const result = (await cardForm.current?.save()) ?? {
      card: null,
      message: "The card form is still loading. Try again in a moment.",
    };
    if (!result.card) {
      setFailure(refusalWithOutcome(result.message, "nothing was saved or booked"));
      return null;
    }
    // From here the new card is one of the saved ones, chosen: a second press books with it.
    setChosen(result.card.id);
    setAddingCard(false);
    return { card: result.card, justSaved: true };
  };

  const onApprove = async () => {
    if (step) return;
    setFailure(undefined);
    try {
      const booking = await cardToBook();
      if (!booking) return;
      const { card, justSaved } = booking;
      const label = cardLabel(card);
      setStep("booking");
      try {
        const answer = await approve.mutateAsync({ jobId: job.id, cardId: card.id });
        toast({ title: answer.message, variant: "success" });
        close();
      } catch (error) {
        if (error instanceof ApiError && error.code === "card_declined") {
          // That card will refuse again: say which one (kept if it was just saved), and open the form for another.
          setFailure(
            refusalWithOutcome(
              error.message,
              `nothing was booked (${label} ${justSaved ? "was saved, but it refused" : "refused"} the hold)`,
            ),
          );
          setAddingCard(true);
          return;
        }
        const kept = justSaved ? `${label} was saved, but the booking did not go through: ` : "";
        // The job changed meanwhile (409): the refreshed card shows where it stands now.
        if (error instanceof ApiError && error.code === "conflict") {
          toast({ title: `${kept}${failureMessage(error)}`, variant: "destructive" });
          close();
          return;
        }
        setFailure(`${kept}${failureMessage(error)}`);
      }
    } finally {
      setStep(null);
    }
  };

  // The day the payment pass places a later hold, and on which card: the default card, whatever is chosen here.
  const holdDay = job.scheduledDate
    ? formatLongDate(addDaysIso(job.scheduledDate, -HOLD_DAYS_BEFORE_VISIT))
    : null;
  const chosenCard = saved.find((card) => card.id === cardId);
  const defaultCard = saved.find((card) => card.isDefault);
  const laterCard =
    chosenCard && !chosenCard.isDefault && defaultCard
      ? `your default card, ${cardLabel(defaultCard)},`
      : "your card";
  const holdText = holdsNow
    ? `We'll hold ${price} on your card now.`
    : `We'll hold ${price} on ${laterCard} on ${holdDay ?? "the day"}, ${HOLD_DAYS_BEFORE_VISIT} days before the visit. If the card refuses the hold then, we'll tell you and your landscaper, and the visit waits until you add a card that accepts it.`;

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>{triggerElement({ label: "Approve & book", icon: CircleCheck })}</DialogTrigger>
      {/* The scroll padding keeps a focused field clear of the sticky bar of buttons below. */}
      <DialogContent
        ref={contentRef}
        className="max-h-[90dvh] scroll-pb-36 overflow-y-auto"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          contentRef.current?.focus();
          focusOnLoad.current = true;
        }}
      >
        <DialogHeading
          title="Approve & book"
          description={
            <>
              {/* The record box right below names the landscaper; the sentence need not say it twice. */}
              {jobLabel(job.number)}:{" "}
              {job.landscaperReliability ? "offered" : (job.landscaperName ?? "Your landscaper")} for {price}
              {offered ? " a visit, the first" : ""} on {date}.
              {offered ? ` Approving books ${seriesLabel(offered.number)}:` : null}
            </>
          }
        />
        <div className="grid gap-4 text-sm text-slate-700">
          {/* The main fact for deciding, beside the price: how far it is from what the customer was quoted. */}
          {job.firmPrice ? (
            <p className="font-medium text-slate-900" data-testid="offer-vs-estimate">
              This is your firm price from the quote ({jobLabel(job.number)}): the landscaper takes it as it
              is.
            </p>
          ) : job.quotedPriceCents !== null ? (
            <p className="font-medium text-slate-900" data-testid="offer-vs-estimate">
              {offerVsEstimate(job.quotedPriceCents, job.estimateLowCents, job.estimateHighCents)}
            </p>
          ) : null}
          {job.landscaperReliability ? (
            <p className="rounded-lg bg-brand-50 px-3 py-2 font-medium text-brand-900">
              <LandscaperRecord name={job.landscaperName} reliability={job.landscaperReliability} withIcon />
              {/* A pro with no review yet is already "New on GreenScape" in the line above. */}
              {job.landscaperReviews?.count ? (
                <ReviewSummaryLine summary={job.landscaperReviews} className="mt-1 font-normal" compact />
              ) : null}
            </p>
          ) : null}
          {/* The first visit of an offered series: approving it books them all, each paid on its own. */}
          {offered ? (
            <ul className="grid list-disc gap-1 pl-5" data-testid="series-terms">
              {approvalSummary(offered, job.scheduledDate, holdsNow).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          <p data-testid="hold-explanation">
            {offered
              ? null
              : `${holdText} It is charged after the work: when you approve it, or ${WORK_APPROVAL_HOURS} hours after it is marked complete if you don't answer. You're never charged more than ${price} unless you say yes to a higher final price. `}
            {terms && !lateAlready
              ? cancellationTermsText(terms, { doing: offered ? "Cancelling the first visit" : "Cancelling" })
              : null}
          </p>
          {terms && lateAlready ? (
            <Alert variant="warning" data-testid="late-booking">
              <AlertDescription>
                This visit is less than 24 hours away: cancelling after you book costs{" "}
                {withArticle(terms.feeCents)} cancellation fee.
              </AlertDescription>
            </Alert>
          ) : null}
          <div ref={failureRef} className="scroll-mt-2 empty:hidden">
            <FormAlert message={failure} />
          </div>
          {cards.isPending ? (
            <Skeleton label="Loading your cards" className="h-16" />
          ) : cards.isError ? (
            <LoadError title="Your cards could not be loaded." query={cards} />
          ) : saved.length > 0 ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 font-medium text-slate-800">Pay with</legend>
              {saved.map((card) => (
                <label
                  key={card.id}
                  className={cn(choiceCard, "flex items-center gap-3 px-3 py-2 text-slate-900")}
                >
                  <input
                    type="radio"
                    name={`card-${job.id}`}
                    value={card.id}
                    checked={card.id === cardId}
                    onChange={() => {
                      setChosen(card.id);
                      setAddingCard(false);
                    }}
                    className={choiceInput}
                  />
                  <CreditCard className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                  {cardLabel(card)}
                </label>
              ))}
              {addingCard ? null : (
                <div>
                  <Button
                    type="button"
                    variant="link"
                    className="h-auto px-0"
                    onClick={() => {
                      focusCardForm.current = true;
                      setAddingCard(true);
                    }}
                  >
                    Use a different card
                  </Button>
                </div>
              )}
            </fieldset>
          ) : null}
          {showCardForm ? (
            <div ref={cardFormRef}>
              <CardForm mode={cards.data.mode} embedded={{ handle: cardForm, onSubmit: onApprove }} />
              {saved.length > 0 ? (
                <p className="mt-2 text-slate-600" data-testid="new-card-hint">
                  Approve & book saves this card and books with it, or choose a saved card above.
                </p>
              ) : null}
            </div>
          ) : null}
          {/* What the way out does (jobs/lifecycle.ts: an offer has no expiry; it ends when the customer
              approves or cancels, or the landscaper withdraws it). */}
          <p className="text-slate-600" data-testid="not-now-hint">
            Not now closes this and changes nothing: the offer stays open on your dashboard until you approve
            it or cancel the request, or the landscaper withdraws it.
          </p>
        </div>
        {/* Kept in view while the terms scroll: on a phone "Approve & book" would sit below the fold. */}
        <div
          className="sticky -bottom-6 -mx-6 -mb-6 border-t border-slate-100 bg-white px-6 py-3"
          data-sticky-actions
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={step !== null}>
                Not now
              </Button>
            </DialogClose>
            <Button
              type="button"
              onClick={onApprove}
              pending={step !== null}
              pendingLabel={step === "saving" ? "Saving card..." : "Booking..."}
            >
              Approve & book
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
