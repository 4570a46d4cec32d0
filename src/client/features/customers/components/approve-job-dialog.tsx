import { CircleCheck, CreditCard } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { daysUntil, formatCharlotteDateTime, formatLongDate } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import {
  type CardView,
  cardLabel,
  freeCancellationEnds,
  HOLD_AT_APPROVAL_WITHIN_DAYS,
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
import { approvalSummary } from "../../series";
import { useApproveJob } from "../api/job-actions";
import { LandscaperRecord } from "./landscaper-record";

/**
 * 'Approve price & date': the offer, how the card is used (held now or 2 days before the visit, charged only
 * after the work is approved, the cancellation rule), the card to hold — or the form to add one — and the
 * approval. 'Approve & book' is one press: a card typed in is saved first, then the offer approved; it is
 * never disabled, and whatever stops it is said beside it (the card not saved: nothing booked; saved but the
 * booking refused: the card stays saved and the message says so).
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
  const feeText = cards.data ? withArticle(cards.data.cancellationFeeCents) : "a";
  const freeUntil = job.scheduledDate ? freeCancellationEnds(job.scheduledDate) : null;
  const lateAlready = freeUntil !== null && freeUntil.getTime() <= Date.now();
  const offered = job.series?.status === "offered" ? job.series : null;
  const showCardForm = cards.isSuccess && (saved.length === 0 || addingCard);

  /** The card to book with: the one chosen, or the one typed in, saved first. Null: said why. */
  const cardToBook = async (): Promise<{ card: CardView; justSaved: boolean } | null> => {
    if (!cards.isSuccess) {
      setFailure(
        cards.isError
          ? "Nothing was booked: your saved cards could not be loaded. Try again above."
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
      setFailure(`Nothing was booked: your card was not saved. ${result.message}`);
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
            `Nothing was booked: ${label} ${justSaved ? "was saved, but it refused" : "refused"} the hold. ${error.message}`,
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

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        {triggerElement({ label: "Approve price & date", icon: CircleCheck })}
      </DialogTrigger>
      {/* The scroll padding keeps a field focused after a refusal clear of the sticky bar below, which grows by
          the refusal's message on a phone. */}
      <DialogContent className="max-h-[90dvh] scroll-pb-60 overflow-y-auto">
        <DialogHeading
          title="Approve and book"
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
          {job.landscaperReliability ? (
            <p className="rounded-lg bg-brand-50 px-3 py-2 font-medium text-brand-900">
              <LandscaperRecord name={job.landscaperName} reliability={job.landscaperReliability} withIcon />
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
              : `${holdsNow ? `We'll hold ${price} on your card now.` : `We'll hold ${price} on your card 2 days before the visit.`} It is charged after the work: when you approve it, or ${WORK_APPROVAL_HOURS} hours after it is marked complete if you don't answer. `}
            {freeUntil && !lateAlready
              ? `Cancelling ${offered ? "the first visit " : ""}is free until ${formatCharlotteDateTime(freeUntil)}; after that it costs ${feeText} cancellation fee.`
              : null}
          </p>
          {lateAlready ? (
            <Alert variant="warning" data-testid="late-booking">
              <AlertDescription>
                This visit is less than 24 hours away: cancelling after you book costs {feeText} cancellation
                fee.
              </AlertDescription>
            </Alert>
          ) : null}
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
        </div>
        {/* Kept in view while the terms scroll: on a phone "Approve & book" would sit below the fold. What stopped
            the last press is said here, beside the button, not above a form scrolled out of view. */}
        <div className="sticky -bottom-6 -mx-6 -mb-6 grid gap-3 border-t border-slate-100 bg-white px-6 py-3">
          <FormAlert message={failure} />
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
