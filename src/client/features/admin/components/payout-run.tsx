import { Banknote } from "lucide-react";
import { formatCharlotteDateTime } from "../../../../shared/dates";
import type { PayoutRunAnswer, PayoutWait, WaitingBalance } from "../../../../shared/payments";
import { formatCents } from "../../../../shared/services";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { usePayOutNow } from "../api/admin-api";

/**
 * Today's payouts outside the weekly run: money leaves for every ready account, so it asks first. Its
 * answer stays on the page (PayoutRunResult): no toast repeats it over the banner; a failure is a toast.
 * A solid button: the pale 'secondary' one read as disabled.
 */
export function PayOutNow({ onAnswer }: { onAnswer: (answer: PayoutRunAnswer) => void }) {
  const payOut = usePayOutNow();
  const confirm = async (close: () => void) => {
    try {
      onAnswer(await payOut.mutateAsync());
    } catch (error) {
      toast({ title: "Payouts not sent", description: failureMessage(error), variant: "destructive" });
    }
    close();
  };
  return (
    <ConfirmDialog
      trigger={{ label: "Pay out now", icon: Banknote }}
      title="Pay out now?"
      description={
        <>
          Every landscaper with payouts set up is paid their whole balance today, outside the weekly run.
          Money sent to a bank cannot be called back.
        </>
      }
      confirmLabel="Pay out now"
      pendingLabel="Paying out..."
      pending={payOut.isPending}
      onConfirm={confirm}
    />
  );
}

/**
 * Why a group of balances waits and what the next weekly run does for them, said once for the group. The
 * run pays only accounts ready by its time (createDuePayouts): for a landscaper without one, its date is
 * when they could first be paid, not when they will be.
 */
function groupText(wait: PayoutWait, nextRun: string): string {
  switch (wait) {
    case "no_account":
      return `Not set up for payouts. No run pays them until they set up; if they do before the weekly run of ${nextRun}, that run pays them.`;
    case "account_unfinished":
      return `Payout setup not finished with our payment partner. No run pays them until they finish; if they do before the weekly run of ${nextRun}, that run pays them.`;
    case "next_run":
      return `Ready for payouts: paid at the next weekly run, ${nextRun}.`;
    case "paid_today":
      return `Paid out once today already (one payout a day): the rest is paid at the next weekly run, ${nextRun}.`;
  }
}

const waitOrder: PayoutWait[] = ["no_account", "account_unfinished", "paid_today", "next_run"];
const groupName: Record<PayoutWait, string> = {
  no_account: "not set up for payouts",
  account_unfinished: "payout setup not finished",
  paid_today: "paid out today already",
  next_run: "ready for the next run",
};

/** The last "Pay out now": its sentence, then the balances it could not pay, grouped by why. */
export function PayoutRunResult({ run }: { run: PayoutRunAnswer }) {
  const groups = waitOrder
    .map((wait) => ({ wait, balances: run.waiting.filter((w) => w.outlook.wait === wait) }))
    .filter((group) => group.balances.length > 0);
  return (
    <Alert variant={run.waiting.length ? "warning" : "success"} role="status" data-testid="payout-run">
      <AlertTitle>{run.message}</AlertTitle>
      {run.waiting.length > 1 ? (
        <AlertDescription>
          <div className="mt-1 grid gap-3">
            {groups.map(({ wait, balances }) => (
              <WaitGroup key={wait} wait={wait} balances={balances} />
            ))}
          </div>
        </AlertDescription>
      ) : null}
    </Alert>
  );
}

function WaitGroup({ wait, balances }: { wait: PayoutWait; balances: WaitingBalance[] }) {
  const nextRun = formatCharlotteDateTime(new Date(balances[0]!.outlook.nextRunAt));
  return (
    <div className="grid gap-1">
      <p>{groupText(wait, nextRun)}</p>
      <ul className="grid gap-0.5 pl-4" aria-label={`Balances not paid: ${groupName[wait]}`}>
        {balances.map((w) => (
          <li key={w.landscaperId} className="list-disc">
            <span className="font-semibold tabular-nums">{formatCents(w.balanceCents)}</span> —{" "}
            {w.landscaperName}
          </li>
        ))}
      </ul>
    </div>
  );
}
