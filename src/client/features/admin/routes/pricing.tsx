import { useEffect, useId, useRef, useState } from "react";
import { formatShortDate } from "../../../../shared/dates";
import type { AdminPricingAnswer, PublishRateCardAnswer } from "../../../../shared/pricing-admin";
import { LoadError } from "../../../components/load-error";
import { Skeleton } from "../../../components/skeleton";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Card } from "../../../components/ui/card";
import { useAdminPricing } from "../api/pricing-api";
import { AdminPage } from "../components/admin-page";
import { RateCardForm } from "../components/pricing/rate-card-form";
import { RateCardHistory } from "../components/pricing/rate-card-history";

export function meta() {
  return [{ title: "Pricing | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

interface Published {
  answer: PublishRateCardAnswer;
  /** The number the confirmation named; another admin publishing first moves the answer's number on. */
  announced: number;
}

/**
 * Admin → Pricing (issue 34, item 3): the rate card every instant quote is priced with. The card in force and
 * any scheduled one, a form for the next version with a live preview on five sample lots, and the history.
 */
export default function PricingPage() {
  const pricing = useAdminPricing();
  const data = pricing.data;
  const historyId = useId();
  const [published, setPublished] = useState<Published | null>(null);
  const successRef = useRef<HTMLDivElement>(null);

  // The confirmation closes and the form starts again on the new version: the message takes focus (here, and
  // again once the dialog has gone), so a keyboard or screen reader user lands on what happened.
  const focusPublished = () => {
    // Scrolled explicitly: a focus made while the dialog still locks the page's scroll does not scroll.
    successRef.current?.focus({ preventScroll: true });
    successRef.current?.scrollIntoView({ block: "start" });
  };
  useEffect(() => {
    if (published) successRef.current?.focus();
  }, [published]);

  return (
    <AdminPage
      title="Pricing"
      description="The rate card every instant quote is priced with. Each change is published as a new version from a date you choose; quotes keep the version they were given."
    >
      {pricing.isError ? <LoadError title="The rate card could not be loaded." query={pricing} /> : null}
      {!data && pricing.isPending ? <Skeleton label="Loading the rate card" className="h-96" /> : null}

      {published ? (
        <div
          ref={successRef}
          tabIndex={-1}
          className="scroll-mt-28 rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <Alert variant="success">
            <AlertTitle>{published.answer.message}</AlertTitle>
            {published.answer.version !== published.announced ? (
              <AlertDescription>
                Another admin published version {published.announced} a moment earlier: check the history
                below.
              </AlertDescription>
            ) : null}
          </Alert>
        </div>
      ) : null}

      {data ? (
        <>
          <CardsInForce data={data} />
          <Card className="p-4 sm:p-6">
            {/* A new version (ours or another admin's) starts the form again from the newest card. */}
            <RateCardForm
              key={data.nextVersion}
              data={data}
              onPublished={(answer, announced) => setPublished({ answer, announced })}
              focusPublished={focusPublished}
            />
          </Card>
          <section aria-labelledby={historyId} className="grid gap-3">
            <h2 id={historyId} className="text-lg font-semibold text-slate-900">
              History
            </h2>
            <RateCardHistory entries={data.history} headingId={historyId} />
          </section>
        </>
      ) : null}
    </AdminPage>
  );
}

/** The card quotes use today, and what is scheduled to replace it. */
function CardsInForce({ data }: { data: AdminPricingAnswer }) {
  const { inForce, scheduled } = data;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
        <dt className="text-sm font-medium text-slate-600">In force today</dt>
        <dd className="text-slate-900">
          <span className="font-semibold">Version {inForce.version}</span>, since{" "}
          {formatShortDate(inForce.effectiveFrom)}
          {inForce.note ? (
            <span className="block text-sm text-slate-600 [overflow-wrap:anywhere]">{inForce.note}</span>
          ) : null}
        </dd>
      </div>
      <div className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
        <dt className="text-sm font-medium text-slate-600">Scheduled</dt>
        {scheduled.length === 0 ? (
          <dd className="text-slate-900">Nothing scheduled</dd>
        ) : (
          scheduled.map((card) => (
            <dd key={card.version} className="text-slate-900">
              <span className="font-semibold">Version {card.version}</span>, from{" "}
              {formatShortDate(card.effectiveFrom)}
              {card.note ? (
                <span className="block text-sm text-slate-600 [overflow-wrap:anywhere]">{card.note}</span>
              ) : null}
            </dd>
          ))
        )}
      </div>
    </dl>
  );
}
