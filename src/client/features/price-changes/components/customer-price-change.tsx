import { CircleDollarSign } from "lucide-react";
import type { JobView } from "../../../../shared/jobs";
import { jobLabel } from "../../../../shared/services";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { failureMessage } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { PhotoGallery } from "../../proof";
import { useApprovePriceChange, useDeclinePriceChange } from "../api/price-changes";
import { customerStateText, pricesOf, shownPriceChange } from "../lib/price-change-text";

/**
 * The customer's side of a price change on their job card: while it waits, who asks what instead of the agreed
 * price and why, the photos, and Approve / Decline (each confirmed, saying what follows); silence changes
 * nothing. Once answered or taken back, one line says where the price stands.
 */
export function CustomerPriceChange({ job }: { job: JobView }) {
  const approve = useApprovePriceChange();
  const decline = useDeclinePriceChange();
  const change = shownPriceChange(job);
  if (!change) return null;
  const landscaper = job.landscaperName ?? "Your landscaper";
  const { asked, agreed } = pricesOf(change);

  if (change.state !== "open") {
    const text = customerStateText(change, landscaper);
    return text ? (
      <p
        className="mx-4 mt-4 flex items-start gap-2 text-sm text-slate-700 sm:mx-5"
        data-testid="price-change"
      >
        <CircleDollarSign className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span>{text}</span>
      </p>
    ) : null;
  }

  const answer = (mutation: typeof approve, failure: string) => async (close: () => void) => {
    try {
      const result = await mutation.mutateAsync({ jobId: job.id });
      toast({ title: result.message, variant: "success" });
      close();
    } catch (error) {
      toast({ title: failure, description: failureMessage(error), variant: "destructive" });
      close();
    }
  };
  const busy = approve.isPending || decline.isPending;
  const later = change.perVisit ? " for this visit and the later ones" : "";
  const held = job.payment?.status === "held";
  const headingId = `price-change-${job.id}`;

  return (
    <section
      aria-labelledby={headingId}
      className="mx-4 mt-4 grid gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-950 sm:mx-5"
      data-testid="price-change"
    >
      <h4 id={headingId} className="flex items-center gap-2 font-semibold">
        <CircleDollarSign className="size-4 shrink-0" aria-hidden="true" />
        Price change asked
      </h4>
      <p>
        {landscaper} asks <strong className="font-semibold">{asked}</strong> instead of the agreed{" "}
        <strong className="font-semibold">{agreed}</strong>
        {later}, before the work: “{change.reason}”
      </p>
      <PhotoGallery
        photos={change.photos}
        title="Their photos"
        subject={`the price change on ${jobLabel(job.number)}`}
        className="text-slate-600"
      />
      <p>
        If you approve, {asked} becomes the agreed price{later}. If you decline, the agreed {agreed} stands,
        and {landscaper} may then keep the job at it or withdraw (your request then goes back to landscapers
        in your area). If you don't answer, nothing changes: the agreed {agreed} stands, on the visit day too.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <ConfirmDialog
          trigger={{ label: `Approve ${asked}`, size: "sm", disabled: busy }}
          title={<>Approve {asked}?</>}
          description={
            <>
              The agreed price of {jobLabel(job.number)} becomes {asked}
              {later}, and {landscaper} is told.
              {held ? " The amount held on your card changes to match." : ""} Your card is charged after the
              work, never more than the agreed price unless you say yes to a higher final price.
            </>
          }
          confirmLabel="Approve new price"
          pendingLabel="Approving..."
          pending={approve.isPending}
          onConfirm={answer(approve, "Could not approve the new price")}
        />
        <ConfirmDialog
          trigger={{
            label: "Decline",
            size: "sm",
            variant: "outline",
            className: "bg-white",
            disabled: busy,
          }}
          title={<>Decline {asked}?</>}
          description={
            <>
              The agreed {agreed} stands, and {landscaper} is told. They may keep the{" "}
              {change.perVisit ? "series at that price or leave it" : "job at that price or withdraw from it"}
              ; if they do, your {change.perVisit ? "series goes" : "request goes"} back to the queue for
              other landscapers.
            </>
          }
          confirmLabel={`Decline, keep ${agreed}`}
          pendingLabel="Declining..."
          pending={decline.isPending}
          onConfirm={answer(decline, "Could not decline the price change")}
        />
      </div>
    </section>
  );
}
