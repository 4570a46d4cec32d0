import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { askingText, type BookingAnswer, requestedProText } from "../../../../shared/booking";
import { Skeleton } from "../../../components/skeleton";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { failureMessage } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { dismissAllToasts } from "../../../lib/toast";
import { useRequestPros } from "../api/request-pros";
import { AccountStep } from "./account-step";
import { BookedStep } from "./booked-step";
import { ChoosePro, type ProChoice, resolvePro } from "./choose-pro";
import { ConfirmStep } from "./confirm-step";

type Step = "choose" | "account" | "confirm" | "booked";
const stepNames: Record<Step, string> = {
  choose: "Choose a pro and a day",
  account: "Your account",
  confirm: "Your card and booking",
  booked: "Booked",
};

export interface BookableQuote {
  id: string;
  fullName: string;
  email: string;
  zipCode: string;
}

/**
 * Booking at once from the quote's page (issue 35): a pro and a day, then the account (a password: the quote
 * has the name and email), then the card, then booked. Shown to a visitor who has the quote's secret and to
 * a signed-in customer; a landscaper's or admin's session books nothing.
 */
export function BookAPro({
  quote,
  token,
  recurring,
  onBooked,
  framed = true,
  pro: fromProfile,
}: {
  quote: BookableQuote;
  token: string | undefined;
  recurring: boolean;
  /** The page around it says what changed (its next steps were about waiting for an offer). */
  onBooked?: (answer: BookingAnswer) => void;
  /** In its own card (the quote's page), or bare inside a dialog that has its own title (the dashboard). */
  framed?: boolean;
  /** The profile the customer came from ("Book <name>", issue 36): that pro first, chosen when free that day. */
  pro?: string;
}) {
  const { user } = useSession();
  const [step, setStep] = useState<Step>("choose");
  const [choice, setChoice] = useState<ProChoice | null>(null);
  const [filled, setFilled] = useState<string | null>(null);
  const [booked, setBooked] = useState<BookingAnswer | null>(null);
  // Once booked the request is no longer bookable: the list is not asked for again.
  const pros = useRequestPros(
    quote.id,
    token,
    !booked && (Boolean(token) || user?.role === "customer"),
    fromProfile,
  );
  const requested = pros.data?.requested ?? null;
  // The pro the customer came from is chosen for them, with the day they asked for, when free then.
  useEffect(() => {
    if (requested?.status === "free")
      setChoice((current) => current ?? { pro: requested.landscaperId, date: requested.wantedDate });
  }, [requested]);
  const headingRef = useRef<HTMLElement>(null);
  // Whether the flow has the account step: decided by the first Continue (signing up mid-flow keeps it).
  const [withAccount, setWithAccount] = useState<boolean | null>(null);
  const moved = useRef(false);

  // Each step's heading takes the focus, so keyboard and screen-reader users start the new step at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new step, which it does not read.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
  }, [step]);
  const go = (next: Step) => {
    moved.current = true;
    // The last step's message (the quote sent, a card saved) would lie over the next step's fields.
    dismissAllToasts();
    setStep(next);
  };

  if (!booked && user && user.role !== "customer") return null;
  // The quote's page simply leaves it out; the dashboard's dialog says why (the price's hold ended, say).
  if (!booked && pros.isError)
    return framed ? null : <p className="text-sm text-slate-700">{failureMessage(pros.error)}</p>;
  const list = pros.data?.pros ?? [];
  const pro = choice ? resolvePro(list, choice) : null;

  const flow: Step[] = (withAccount ?? !user) ? ["choose", "account", "confirm"] : ["choose", "confirm"];
  const stepText = booked ? null : (
    <p
      ref={framed ? undefined : (headingRef as React.RefObject<HTMLParagraphElement>)}
      tabIndex={framed ? undefined : -1}
      className="text-sm text-slate-600 outline-none"
    >
      Step {flow.indexOf(step) + 1} of {flow.length}: {stepNames[step]}
    </p>
  );
  const steps = (
    <div className="grid min-w-0 grid-cols-1 gap-4" data-testid="book-a-pro">
      {pros.isPending && !booked ? (
        <Skeleton label="Finding pros free for your lawn" className="h-40" />
      ) : null}
      {pros.isSuccess && list.length === 0 && !booked ? (
        <p className="text-sm text-slate-700" data-testid="no-instant-pros">
          {askingText(quote.zipCode || "your area", pros.data.nearbyPros, pros.data.usualOfferHours)}
        </p>
      ) : null}
      {step === "choose" && list.length > 0 ? (
        <>
          {filled ? (
            <Alert variant="warning">
              <AlertDescription>{filled}</AlertDescription>
            </Alert>
          ) : null}
          {requested ? (
            <p className="text-sm text-slate-700" data-testid="requested-pro">
              {requestedProText(requested)}
            </p>
          ) : null}
          <ChoosePro pros={list} recurring={recurring} value={choice} onChange={setChoice} />
          <p className="text-sm text-slate-600">
            {user ? "Next: your card." : "Next: a password for your account, then your card."} Nothing is
            charged until after the work.
          </p>
          <Button
            type="button"
            size="lg"
            disabled={!pro || !choice?.date}
            onClick={() => {
              setWithAccount(!user);
              go(user ? "confirm" : "account");
            }}
          >
            Continue
          </Button>
        </>
      ) : null}
      {step === "account" ? (
        <AccountStep name={quote.fullName} email={quote.email} onDone={() => go("confirm")} />
      ) : null}
      {step === "confirm" && pro && choice ? (
        <ConfirmStep
          jobId={quote.id}
          token={token}
          pro={pro}
          date={choice.date}
          recurring={recurring}
          cancellationFeeCents={pros.data?.cancellationFeeCents ?? 0}
          onBooked={(answer) => {
            setBooked(answer);
            // The step first (it clears the last step's toasts), then the page's own word on it.
            go("booked");
            onBooked?.(answer);
          }}
          onDayFilled={(message) => {
            setFilled(message);
            // The same pro stays chosen; their days are read again and the customer picks another.
            setChoice({ pro: choice.pro, date: "" });
            void pros.refetch();
            go("choose");
          }}
        />
      ) : null}
      {step === "booked" && booked ? <BookedStep answer={booked} /> : null}
      {step !== "choose" && step !== "booked" ? (
        <button
          type="button"
          className="justify-self-start text-sm font-medium text-brand-700 underline underline-offset-2"
          onClick={() => go("choose")}
        >
          Back to the pros
        </button>
      ) : null}
    </div>
  );
  if (!framed)
    return (
      <div className="grid min-w-0 gap-3">
        {stepText}
        {steps}
      </div>
    );
  return (
    <Card className="min-w-0 gap-4 p-5 sm:p-6">
      <CardHeader>
        <CardTitle asHeading="h2">
          <span ref={headingRef as React.RefObject<HTMLSpanElement>} tabIndex={-1} className="outline-none">
            {booked ? "You're booked" : "Book a pro now"}
          </span>
        </CardTitle>
        {stepText}
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-1 gap-4">{steps}</CardContent>
    </Card>
  );
}
