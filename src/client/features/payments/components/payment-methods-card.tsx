import { CreditCard, Plus } from "lucide-react";
import { useState } from "react";
import { type CardView, cardLabel } from "../../../../shared/payments";
import { LoadError } from "../../../components/load-error";
import { Skeleton } from "../../../components/skeleton";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useCards, useMakeDefaultCard, useRemoveCard } from "../api/cards";
import { CardForm } from "./card-form";

const expiry = (card: CardView) =>
  `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear).slice(-2)}`;

/**
 * Profile → Payment methods: the saved cards (the default one is held for bookings), making another the
 * default, removing one, adding one.
 */
export function PaymentMethodsCard() {
  const cards = useCards();
  const [adding, setAdding] = useState(false);
  const makeDefault = useMakeDefaultCard();
  const remove = useRemoveCard();

  const run = async (work: Promise<{ message: string }>, failedTitle: string) => {
    try {
      toast({ title: (await work).message, variant: "success" });
    } catch (error) {
      toast({ title: failedTitle, description: failureMessage(error), variant: "destructive" });
    }
  };

  return (
    <Card className="gap-4 p-5 sm:p-6" data-testid="payment-methods">
      <CardHeader>
        <CardTitle asHeading="h2">Payment methods</CardTitle>
        <CardDescription>
          Your default card is held when you approve a booking and charged after the work: when you approve
          it, or 48 hours after it is marked complete if you don't answer.
        </CardDescription>
      </CardHeader>
      {cards.isPending ? (
        <Skeleton label="Loading your cards" className="h-16" />
      ) : cards.isError ? (
        <LoadError title="Your cards could not be loaded." query={cards} />
      ) : (
        <ul className="grid gap-2" aria-label="Saved cards">
          {cards.data.cards.length === 0 ? (
            <li className="text-sm text-slate-600">No card saved yet.</li>
          ) : (
            cards.data.cards.map((card) => (
              <li
                key={card.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2"
              >
                <span className="flex items-center gap-2 text-sm text-slate-900">
                  <CreditCard className="size-4 text-slate-500" aria-hidden="true" />
                  <span className="font-medium">{cardLabel(card)}</span>
                  <span className="text-slate-600">Expires {expiry(card)}</span>
                  {card.isDefault ? <Badge variant="success">Default</Badge> : null}
                </span>
                <span className="flex gap-2">
                  {card.isDefault ? null : (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() =>
                        run(makeDefault.mutateAsync(card.id), "Could not change the default card")
                      }
                      aria-label={`Make ${cardLabel(card)} the default`}
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    onClick={() => run(remove.mutateAsync(card.id), "Could not remove the card")}
                    aria-label={`Remove ${cardLabel(card)}`}
                  >
                    Remove
                  </Button>
                </span>
              </li>
            ))
          )}
        </ul>
      )}
      {adding ? (
        <div className="grid gap-3 border-t border-slate-100 pt-4">
          <CardForm mode={cards.data?.mode ?? "test"} onSaved={() => setAdding(false)} />
          <div>
            <Button type="button" variant="ghost" size="sm" onClick={() => setAdding(false)}>
              Close the card form
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => setAdding(true)}
            icon={<Plus className="size-4" aria-hidden="true" />}
          >
            Add a card
          </Button>
        </div>
      )}
    </Card>
  );
}
