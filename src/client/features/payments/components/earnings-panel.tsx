import { Banknote, CalendarClock, HandCoins, Landmark, type LucideIcon } from "lucide-react";
import { formatCharlotteDateTime, formatShortDate } from "../../../../shared/dates";
import { type EarningsAnswer, payoutWaitText } from "../../../../shared/payments";
import { formatCents } from "../../../../shared/services";
import { LoadError } from "../../../components/load-error";
import { Skeleton } from "../../../components/skeleton";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useEarnings, useSetUpPayouts } from "../api/earnings";
import { VisitEarnings } from "./visit-earnings";

const payoutBadge = {
  paid: { label: "Paid", variant: "success" },
  pending: { label: "On its way", variant: "info" },
  failed: { label: "Failed", variant: "destructive" },
} as const;

/**
 * The landscaper's Earnings tab: what is owed to them, when it is paid, where it goes, every payout and what
 * each job earned (75% of the price, all tips and cancellation fees). Preview (master users) shows nothing.
 */
export function EarningsPanel({ preview }: { preview: boolean }) {
  const earnings = useEarnings(!preview);
  if (preview)
    return (
      <Alert variant="info">
        <AlertDescription>Earnings belong to landscaper accounts.</AlertDescription>
      </Alert>
    );
  if (earnings.isPending) return <Skeleton label="Loading your earnings" className="h-40 rounded-xl" />;
  if (earnings.isError) return <LoadError title="Your earnings could not be loaded." query={earnings} />;
  const data = earnings.data;
  return (
    <div className="grid gap-6" data-testid="earnings">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Tile label="Available balance" icon={Banknote} value={formatCents(data.balanceCents)} />
        <Tile
          label="Next payout"
          icon={CalendarClock}
          value={nextPayoutValue(data)}
          hint={
            data.nextPayout.outlook
              ? payoutWaitText(data.nextPayout.outlook, "you")
              : `Nothing owed now. The next weekly run is ${formatCharlotteDateTime(new Date(data.nextPayout.at))}.`
          }
        />
        <Tile label="Paid out (tips included)" icon={Landmark} value={formatCents(data.totals.paidCents)} />
        <Tile label="Tips received" icon={HandCoins} value={formatCents(data.totals.tipsCents)} />
      </dl>
      <PayoutAccount data={data} />
      <Card className="gap-4 p-5 sm:p-6">
        <CardHeader>
          <CardTitle asHeading="h2">Payouts</CardTitle>
          <CardDescription>
            Paid every week. If your bank refuses a payout, we try again automatically.
          </CardDescription>
        </CardHeader>
        {data.payouts.length === 0 ? (
          <p className="text-sm text-slate-600">No payouts yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Payout history">
            {data.payouts.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="text-slate-700">Week of {formatShortDate(p.runDate)}</span>
                <span className="flex items-center gap-2">
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {formatCents(p.amountCents)}
                  </span>
                  <Badge variant={payoutBadge[p.status].variant}>{payoutBadge[p.status].label}</Badge>
                </span>
                {p.failureMessage && p.status !== "paid" ? (
                  <span className="w-full text-red-800">{p.failureMessage}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="gap-4 p-5 sm:p-6">
        <CardHeader>
          <CardTitle asHeading="h2">Earnings by job</CardTitle>
          <CardDescription>
            You earn 75% of each job's price, every tip and any cancellation fee.
          </CardDescription>
        </CardHeader>
        {data.jobs.length === 0 ? (
          <p className="text-sm text-slate-600">
            Nothing earned yet: a job's earnings appear once its customer approves the work.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Earnings by job">
            {data.jobs.map((j) => (
              <li key={j.jobId} className="grid gap-1 py-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
                <span>
                  <span className="font-mono text-xs font-semibold text-slate-500">{j.jobNumber}</span>{" "}
                  <span className="font-medium text-slate-900">{j.services}</span>
                  <span className="block text-slate-600">{formatShortDate(j.date)}</span>
                </span>
                <span className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700 tabular-nums sm:justify-end">
                  <span>Your 75%: {formatCents(j.earningsCents)}</span>
                  {j.tipCents ? <span>Tip: {formatCents(j.tipCents)}</span> : null}
                  {j.feeCents ? <span>Cancellation fee: {formatCents(j.feeCents)}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <VisitEarnings />
    </div>
  );
}

/** The tile's figure: what the next run pays, else that the balance waits (why in the hint), else nothing. */
function nextPayoutValue(data: EarningsAnswer): string {
  if (data.nextPayout.amountCents > 0) return formatCents(data.nextPayout.amountCents);
  // The amount is the balance beside it; this tile says it waits, and its hint why and until when.
  return data.nextPayout.outlook ? "Waiting" : "Nothing due";
}

function PayoutAccount({ data }: { data: EarningsAnswer }) {
  const setUp = useSetUpPayouts();
  const testMode = data.mode === "test";
  if (data.account?.ready)
    return (
      <Alert variant="success">
        <AlertDescription>
          Payouts are set up{testMode ? " with a test payout account (test mode — no real payouts)" : ""}.
        </AlertDescription>
      </Alert>
    );
  return (
    <Card className="gap-3 p-5 sm:p-6">
      <CardHeader>
        <CardTitle asHeading="h2">Set up payouts</CardTitle>
        <CardDescription>
          {testMode
            ? "Test mode — no real payouts. A test payout account is created at once, and your balance is paid into it every week."
            : "Tell our payment partner where to send your money. Your balance is paid every week once this is done."}
        </CardDescription>
      </CardHeader>
      <div>
        <Button
          type="button"
          pending={setUp.isPending}
          pendingLabel="Setting up..."
          onClick={async () => {
            try {
              const answer = await setUp.mutateAsync();
              if (answer.onboardingUrl) window.location.assign(answer.onboardingUrl);
              else toast({ title: answer.message, variant: "success" });
            } catch (error) {
              toast({
                title: "Could not set up payouts",
                description: failureMessage(error),
                variant: "destructive",
              });
            }
          }}
        >
          Set up payouts
        </Button>
      </div>
    </Card>
  );
}

function Tile({
  label,
  value,
  icon: Icon,
  hint,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  hint?: string;
}) {
  return (
    // content-start: beside a tile with a long hint, a short one keeps its rows at the top.
    <div className="grid min-w-0 content-start gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
        <span className="truncate">{label}</span>
      </dt>
      <dd className="text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}
