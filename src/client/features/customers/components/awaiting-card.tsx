import { BellRing } from "lucide-react";
import { formatCharlotteDateTime, formatShortDate } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { formatCents, jobLabel, serviceName } from "../../../../shared/services";
import { IconBadge } from "../../../components/icon-badge";
import { ButtonLink } from "../../../components/ui/button-link";
import { Card } from "../../../components/ui/card";
import { awaitingCustomer } from "../lib/awaiting-customer";

/** The amount and the deadline that make the question urgent, or not. */
function detailOf(job: JobView, action: string): string {
  const price = formatCents(job.finalPriceCents ?? job.quotedPriceCents ?? 0);
  if (action === "Review the offer")
    return job.scheduledDate ? `${price} on ${formatShortDate(job.scheduledDate)}` : price;
  // Asked before the work (issue 34); the other kind is a higher final price asked at completion.
  if (action === "Answer the price change" && job.priceChange?.state === "open")
    return `${formatCents(job.priceChange.askedCents)}${job.priceChange.perVisit ? " a visit" : ""} asked instead of ${formatCents(job.priceChange.agreedCents)}; nothing changes until you answer`;
  if (action === "Answer the price change" && job.priceRequest)
    return `${formatCents(job.priceRequest.requestedCents)} asked instead of ${formatCents(job.quotedPriceCents ?? 0)}`;
  if (action === "Approve the work" && job.approvalEndsAt)
    return `${price}, approved for you on ${formatCharlotteDateTime(new Date(job.approvalEndsAt))} unless you report a problem`;
  return "When you have a moment";
}

/** The customer's home: what waits on them, each with the way to it. Nothing when nothing waits. */
export function AwaitingCard({ jobs }: { jobs: JobView[] }) {
  const items = awaitingCustomer(jobs);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="awaiting-heading">
      <Card className="gap-4 p-5 sm:p-6">
        <div className="flex items-center gap-3">
          <IconBadge icon={BellRing} round />
          <h2 id="awaiting-heading" className="text-lg font-semibold text-slate-900">
            Waiting for you <span className="font-normal text-slate-500">({items.length})</span>
          </h2>
        </div>
        <ul className="grid gap-2">
          {items.map(({ job, action }) => (
            <li
              key={job.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="grid gap-0.5 text-sm">
                <p>
                  <span className="font-mono font-semibold text-slate-900">{jobLabel(job.number)}</span>{" "}
                  <span className="text-slate-700">{job.services.map(serviceName).join(", ")}</span>
                </p>
                <p className="text-slate-600">{detailOf(job, action)}</p>
              </div>
              <ButtonLink to="/dashboard/customer" size="sm" className="w-full sm:w-auto">
                {action}
                <span className="sr-only"> for {jobLabel(job.number)}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
