import { lazy, Suspense } from "react";
import type { CardView } from "../../../../shared/payments";
import { Skeleton } from "../../../components/skeleton";
import { TestCardForm } from "./test-card-form";

// Stripe.js and its React bindings load only here, and only with Stripe keys set.
const StripeCardForm = lazy(() => import("./stripe-card-form"));

/** The card form of the payment provider in use: the test processor's, or Stripe's Payment Element. */
export function CardForm({
  mode,
  onSaved,
  submitLabel,
}: {
  mode: "test" | "stripe";
  onSaved?: (card: CardView) => void;
  submitLabel?: string;
}) {
  if (mode === "test")
    return <TestCardForm {...(onSaved ? { onSaved } : {})} {...(submitLabel ? { submitLabel } : {})} />;
  return (
    <Suspense fallback={<Skeleton label="Loading the card form" className="h-32" />}>
      <StripeCardForm {...(onSaved ? { onSaved } : {})} />
    </Suspense>
  );
}
