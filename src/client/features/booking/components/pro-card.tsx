import { MapPin, ShieldCheck } from "lucide-react";
import type { AvailablePro } from "../../../../shared/booking";
import { reliabilityLine, reliabilitySpoken } from "../../../../shared/reliability";
import { formatCents } from "../../../../shared/services";
import { ReviewSummaryLine } from "../../reviews";

/** "Queen City Lawn Care · Carlos Mendoza", or the person alone. */
export function proName(pro: Pick<AvailablePro, "businessName" | "personName">): string {
  return pro.businessName ? `${pro.businessName} · ${pro.personName}` : pro.personName;
}

/**
 * What the customer weighs about one pro: who they are, their record (or that they are new), how far away they
 * are based, their price for this property and why they are where they are in the list.
 */
/** What a pro's card shows: a pro free to book, or a pro's offer (whose line under it is their day). */
export type ProSummary = Pick<
  AvailablePro,
  | "businessName"
  | "personName"
  | "initials"
  | "reliability"
  | "reviews"
  | "distanceBand"
  | "perVisitCents"
  | "firstVisitCents"
  | "quotedPerVisitCents"
> & { reason: string };

export function ProCard({ pro, recurring }: { pro: ProSummary; recurring: boolean }) {
  // Against the price the quote showed, per visit.
  const priceDifference = pro.perVisitCents - pro.quotedPerVisitCents;
  const firstVisitDiffers = pro.firstVisitCents !== pro.perVisitCents;
  return (
    <span className="grid min-w-0 flex-1 gap-1.5">
      <span className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
        >
          {pro.initials}
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="font-semibold text-slate-900">{pro.businessName ?? pro.personName}</span>
          {pro.businessName ? <span className="text-sm text-slate-600">{pro.personName}</span> : null}
        </span>
        <span className="shrink-0 text-right">
          <span className="block text-base font-bold text-slate-900 tabular-nums">
            {formatCents(recurring ? pro.perVisitCents : pro.firstVisitCents)}
          </span>
          <span className="block text-xs text-slate-600">{recurring ? "per visit" : "this visit"}</span>
        </span>
      </span>
      <span className="flex items-start gap-1.5 text-sm text-slate-700">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span aria-hidden="true">{reliabilityLine(pro.reliability, { withRating: false })}</span>
        <span className="sr-only">{reliabilitySpoken(pro.reliability, { withRating: false })}.</span>
      </span>
      {/* The rating is the reviews' (issue 36): "4.8 ★ (12 reviews)" and the latest one's first line. */}
      <ReviewSummaryLine summary={pro.reviews} />
      {pro.distanceBand ? (
        <span className="flex items-center gap-1.5 text-sm text-slate-700">
          <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
          Based {pro.distanceBand.toLowerCase()} from your property
        </span>
      ) : null}
      {recurring && firstVisitDiffers ? (
        <span className="text-sm text-slate-700">
          First visit {formatCents(pro.firstVisitCents)} (tall grass)
        </span>
      ) : null}
      {priceDifference !== 0 ? (
        <span className="text-sm text-slate-600">
          Their own rate: {formatCents(Math.abs(priceDifference))} {priceDifference < 0 ? "below" : "above"}{" "}
          your quoted price
        </span>
      ) : null}
      <span className="text-sm font-medium text-brand-800">{pro.reason}</span>
    </span>
  );
}
