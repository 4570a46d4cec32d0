import { CalendarDays } from "lucide-react";
import { useState } from "react";
import type { OfferView } from "../../../../shared/booking";
import { formatLongDate } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { jobLabel } from "../../../../shared/services";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogHeading } from "../../../components/ui/dialog";
import { toastBooked } from "../lib/booked-toast";
import { ConfirmStep } from "./confirm-step";
import { ProCard, proName } from "./pro-card";

/**
 * The pros' offers waiting on a customer's open request (issue 35, item 6), oldest first: each pro's record,
 * distance, price and the day they offer, with "Book this offer" (the card step in a dialog). Booking one
 * closes the others; until then more pros may offer.
 */
export function RequestOffers({ job }: { job: JobView }) {
  const offers = job.offers ?? [];
  const [chosen, setChosen] = useState<OfferView | null>(null);
  if (offers.length === 0) return null;
  const recurring = Boolean(job.seriesId);
  const headingId = `offers-${job.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 px-4 pb-4 sm:px-5"
      data-testid="request-offers"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {offers.length === 1 ? "1 offer" : `${offers.length} offers`} for you to choose from
      </h3>
      <ul className="grid gap-3">
        {offers.map((offer) => (
          <li
            key={offer.offerId}
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-end"
          >
            <ProCard
              pro={{ ...offer, reason: `Can come ${formatLongDate(offer.date)}` }}
              recurring={recurring}
            />
            <Button
              type="button"
              size="sm"
              className="shrink-0"
              // The visible words first (Label in Name), then whose offer and which day.
              aria-label={`Book this offer: ${proName(offer)}, ${formatLongDate(offer.date)}`}
              onClick={() => setChosen(offer)}
            >
              <CalendarDays className="size-4" aria-hidden="true" />
              Book this offer
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        Booking one closes the other offers. Until you choose, other pros who serve {job.zipCode} can still
        offer.
      </p>
      <Dialog open={chosen !== null} onOpenChange={(open) => (open ? null : setChosen(null))}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
          {chosen ? (
            <>
              <DialogHeading
                title={`Book ${chosen.businessName ?? chosen.personName}`}
                description={`${jobLabel(job.number)} on ${formatLongDate(chosen.date)}, the day they offered.`}
              />
              <ConfirmStep
                jobId={job.id}
                token={undefined}
                pro={chosen}
                date={chosen.date}
                recurring={recurring}
                cancellationFeeCents={chosen.cancellationFeeCents}
                offerId={chosen.offerId}
                onBooked={(answer) => {
                  setChosen(null);
                  toastBooked(answer);
                }}
              />
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
