import { lazy, Suspense } from "react";
import type { CardView } from "../../../../shared/payments";
import { Skeleton } from "../../../components/skeleton";
import type { EmbeddedCardForm } from "./card-form-handle";
import { TestCardForm } from "./test-card-form";

// Stripe.js and its React bindings load only here, and only with Stripe keys set.
const StripeCardForm = lazy(() => import("./stripe-card-form"));

/** The card form of the payment provider in use: the test processor's, or Stripe's Payment Element. */
export function CardForm({
  mode,
  onSaved,
  submitLabel,
  embedded,
}: {
  mode: "test" | "stripe";
  onSaved?: (card: CardView) => void;
  submitLabel?: string;
  embedded?: EmbeddedCardForm;
}) {
  const own = {
    ...(onSaved ? { onSaved } : {}),
    ...(embedded ? { embedded } : {}),
  };
  if (mode === "test") return <TestCardForm {...own} {...(submitLabel ? { submitLabel } : {})} />;
  return (
    <Suspense fallback={<Skeleton label="Loading the card form" className="h-32" />}>
      <StripeCardForm {...own} />
    </Suspense>
  );
}
