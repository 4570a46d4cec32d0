import { CircleDollarSign } from "lucide-react";
import type { JobView } from "../../../../shared/jobs";
import { Button } from "../../../components/ui/button";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { useWithdrawPriceChange } from "../api/price-changes";
import { landscaperStateText, shownPriceChange } from "../lib/price-change-text";

const tone = {
  open: "border-amber-200 bg-amber-50 text-amber-950",
  approved: "border-brand-200 bg-brand-50 text-brand-900",
  declined: "border-slate-200 bg-slate-50 text-slate-800",
  withdrawn: "border-slate-200 bg-slate-50 text-slate-800",
  lapsed: "border-slate-200 bg-slate-50 text-slate-800",
} as const;

/**
 * Where the landscaper's price change stands on their job card: waiting (with 'Take back'), approved, declined
 * (the card's way out then leaves no mark), or taken back. Nothing while there is none.
 */
export function LandscaperPriceChange({ job, disabled }: { job: JobView; disabled: boolean }) {
  const takeBack = useWithdrawPriceChange();
  const change = shownPriceChange(job);
  if (!change) return null;
  const customer = job.contactHidden || !job.customerName ? "The customer" : job.customerName;

  async function onTakeBack() {
    try {
      const answer = await takeBack.mutateAsync({ jobId: job.id });
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      toast({ title: "Could not take it back", description: failureMessage(error), variant: "destructive" });
    }
  }

  return (
    <section
      aria-label="Price change"
      className={cn("grid gap-2 rounded-lg border px-3 py-3 text-sm", tone[change.state])}
      data-testid="price-change-status"
    >
      <p className="flex items-start gap-2">
        <CircleDollarSign className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {landscaperStateText(change, customer)}
          {change.state === "open" ? (
            <span className="mt-1 block text-slate-700">Your reason: “{change.reason}”</span>
          ) : null}
        </span>
      </p>
      {change.state === "open" ? (
        <div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="bg-white"
            disabled={disabled || takeBack.isPending}
            pending={takeBack.isPending}
            pendingLabel="Taking back..."
            onClick={() => void onTakeBack()}
          >
            Take back the price change
          </Button>
        </div>
      ) : null}
    </section>
  );
}
