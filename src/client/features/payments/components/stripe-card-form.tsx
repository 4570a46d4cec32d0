import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { CreditCard } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useImperativeHandle, useState } from "react";
import type { CardView } from "../../../../shared/payments";
import { FormAlert } from "../../../components/form-alert";
import { Skeleton } from "../../../components/skeleton";
import { Button } from "../../../components/ui/button";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useConfirmCard, useStartCardSetup } from "../api/cards";
import type { CardSaveResult, EmbeddedCardForm } from "./card-form-handle";

/** Stripe.js is loaded once per publishable key, only on the screens that take a card. */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Stripe's Payment Element: the card goes from the browser to Stripe, and our server only learns which
 * card Stripe saved (the SetupIntent's id). Lazy-loaded by CardForm when Stripe keys are set.
 */
export default function StripeCardForm({
  onSaved,
  embedded,
}: {
  onSaved?: (card: CardView) => void;
  embedded?: EmbeddedCardForm;
}) {
  const start = useStartCardSetup();
  const [setup, setSetup] = useState<{ clientSecret: string; publishableKey: string } | null>(null);
  const { mutateAsync } = start;
  useEffect(() => {
    let cancelled = false;
    mutateAsync()
      .then((answer) => {
        if (!cancelled) setSetup(answer);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [mutateAsync]);
  if (start.isError) return <FormAlert message={failureMessage(start.error)} />;
  if (!setup) return <Skeleton label="Loading the card form" className="h-32" />;
  return (
    <Elements stripe={stripeFor(setup.publishableKey)} options={{ clientSecret: setup.clientSecret }}>
      <SetupForm {...(onSaved ? { onSaved } : {})} {...(embedded ? { embedded } : {})} />
    </Elements>
  );
}

function SetupForm({
  onSaved,
  embedded,
}: {
  onSaved?: (card: CardView) => void;
  embedded?: EmbeddedCardForm;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const confirm = useConfirmCard();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  /** Stripe checks and keeps the card; our server then records the card Stripe saved. */
  const { mutateAsync } = confirm;
  const save = useCallback(async (): Promise<CardSaveResult> => {
    if (!stripe || !elements)
      return { card: null, message: "The card form is still loading. Try again in a moment." };
    const result = await stripe.confirmSetup({ elements, redirect: "if_required" });
    if (result.error) return { card: null, message: result.error.message ?? "The card could not be saved." };
    try {
      const answer = await mutateAsync(result.setupIntent.id);
      onSaved?.(answer.card);
      return answer;
    } catch (error) {
      return { card: null, message: failureMessage(error) };
    }
  }, [stripe, elements, mutateAsync, onSaved]);
  useImperativeHandle(embedded?.handle, () => ({ save }), [save]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (embedded) {
      embedded.onSubmit();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const saved = await save();
      if (saved.card) toast({ title: saved.message, variant: "success" });
      else setFailure(saved.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Add a card">
      <PaymentElement />
      {embedded ? null : (
        <>
          <FormAlert message={failure} />
          <div>
            <Button
              type="submit"
              variant="secondary"
              disabled={!stripe}
              pending={busy}
              pendingLabel="Saving card..."
              icon={<CreditCard className="size-4" aria-hidden="true" />}
            >
              Save card
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
