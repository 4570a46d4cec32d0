import {
  CalendarCheck,
  CalendarClock,
  CircleCheck,
  Clock,
  Flag,
  Handshake,
  Info,
  RotateCcw,
} from "lucide-react";
import type * as React from "react";
import { addressLine } from "../../../../shared/address";
import { formatLongDate, formatShortDate, todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import { cancellationTermsText } from "../../../../shared/payments";
import { visitStageLabel } from "../../../../shared/proof";
import { seriesLabel } from "../../../../shared/recurring";
import { formatCents, jobLabel, serviceName } from "../../../../shared/services";
import { Detail } from "../../../components/detail";
import { JobStatusBadge } from "../../../components/job-status-badge";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";
import { BookProDialog, RequestOffers } from "../../booking";
import { MessagesButton } from "../../conversations";
import { CustomerPriceChange } from "../../price-changes";
import { CustomerDisputePanel, PhotoGallery, VisitStatus } from "../../proof";
import { CustomerReviewPanel } from "../../reviews";
import {
  BookAgainDialog,
  DeclineMoveDialog,
  FrequencyBadge,
  movedLine,
  requestedDate,
  seriesTitle,
} from "../../series";
import { AddToCalendar } from "./add-to-calendar";
import { ApproveJobDialog } from "./approve-job-dialog";
import { CancelJobDialog } from "./cancel-job-dialog";
import { FinalPriceDetail } from "./final-price-detail";
import { GalleryConsent } from "./gallery-consent";
import { LandscaperRecord } from "./landscaper-record";
import { PaymentDetail } from "./payment-detail";
import { PriceDetails } from "./price-details";
import { ReviewStep } from "./review-step";
import { StarRating } from "./star-rating";
import { WorkApproval } from "./work-approval";

const cancellable = new Set<JobView["status"]>(["pending", "accepted", "scheduled"]);
/** A landscaper has the job: the customer and they can write to each other. */
const withLandscaper = new Set<JobView["status"]>(["accepted", "scheduled", "completed"]);

/** One of the customer's requests: what was asked, where it stands, and what they can do next. */
export function JobCard({ job }: { job: JobView }) {
  const label = jobLabel(job.number);
  const servicesText = job.services.map(serviceName).join(", ");
  const titleId = `job-${job.id}-title`;
  const asked = requestedDate(job);
  const review = job.review?.side === "customer" ? job.review : null;
  // A cancelled request will never get these, so "not yet" would mislead.
  const pendingText = (text: string) => <Muted>{job.status === "cancelled" ? "—" : text}</Muted>;

  return (
    <article
      aria-labelledby={titleId}
      className="relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="job-card"
      data-job-number={job.number}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-5">
        <div className="grid min-w-0 gap-1">
          {job.series ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-mono text-xs font-semibold text-slate-500">
                {label} · {seriesLabel(job.series.number)}
              </p>
              <FrequencyBadge frequency={job.series.frequency} />
            </div>
          ) : (
            <p className="font-mono text-xs font-semibold text-slate-500">{label}</p>
          )}
          <h3 id={titleId} className="text-base leading-snug font-semibold text-slate-900">
            {servicesText}
          </h3>
          <p className="text-xs text-slate-500">
            {/* A visit the series made: which series it belongs to (its 'requested' day is the app's). */}
            {job.series && (job.status === "scheduled" || job.status === "completed")
              ? `A visit of ${seriesTitle(job.series.frequency, job.services).toLowerCase()} (${seriesLabel(job.series.number)})`
              : `Requested ${formatShortDate(todayInCharlotte(new Date(job.createdAt)))}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {withLandscaper.has(job.status) ? (
            <MessagesButton jobId={job.id} unread={job.unreadMessages} />
          ) : null}
          {/* Accepted by the landscaper means an offer that waits for the customer: say it from her side. */}
          {job.status === "accepted" ? (
            <Badge variant="info">Waiting for you</Badge>
          ) : job.status === "completed" && !job.workApprovedAt && !job.problemReportedAt ? (
            // Done but not yet paid for: the customer's approval (or silence) charges it.
            <Badge variant="warning">Done, waiting for your approval</Badge>
          ) : job.status === "scheduled" && job.arrival?.stage ? (
            // Where the visit stands today, not "Scheduled", once the landscaper has set off.
            <Badge variant="info">{visitStageLabel[job.arrival.stage]}</Badge>
          ) : (
            <JobStatusBadge status={job.status} />
          )}
        </div>
      </header>

      {/* On the visit's day where it stands comes first: "Carlos is on the way, arriving about 10:40 AM." */}
      {job.status === "scheduled" ? (
        <VisitStatus job={job} who="customer" className="mx-4 mt-4 sm:mx-5" />
      ) : null}
      <MovedVisit job={job} />
      <CustomerPriceChange job={job} />

      <div className="flex flex-col gap-4 px-4 py-4 sm:flex-row sm:px-5">
        <dl className="grid flex-1 grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-3">
          {asked ? <Detail label={asked.label}>{formatShortDate(asked.date)}</Detail> : null}
          {/* Before her yes the date is an offer, not a booking. */}
          <Detail label={job.status === "accepted" ? "Offered for" : "Scheduled date"}>
            {job.scheduledDate ? formatShortDate(job.scheduledDate) : pendingText("Not scheduled yet")}
          </Detail>
          <Detail label="Landscaper">{job.landscaperName ?? pendingText("Not assigned yet")}</Detail>
          <PriceDetails job={job} awaiting={pendingText("Awaiting quote")} />
          <FinalPriceDetail job={job} />
          <PaymentDetail job={job} />
          {job.status === "completed" && job.rating !== null ? (
            <Detail label="Tip">
              {job.tipCents > 0 ? formatCents(job.tipCents) : <Muted>No tip</Muted>}
            </Detail>
          ) : null}
          {/* With a review, the review below shows the stars and words (with its replies and release). */}
          {job.rating !== null && !review?.mine ? (
            <Detail label="Your rating">
              <StarRating value={job.rating} />
            </Detail>
          ) : null}
          <Detail label="Property" className="col-span-2 lg:col-span-3">
            {addressLine(job.address, job.zipCode)}
          </Detail>
          {job.additionalNotes ? (
            <Detail label="Your notes" className="col-span-2 lg:col-span-3">
              <span className="whitespace-pre-line">{job.additionalNotes}</span>
            </Detail>
          ) : null}
          {job.ratingComment && !review?.mine ? (
            <Detail label="Your comment" className="col-span-2 lg:col-span-3">
              <span className="whitespace-pre-line">{job.ratingComment}</span>
            </Detail>
          ) : null}
        </dl>
        {job.hasPhoto ? (
          <a
            href={`/api/jobs/${job.id}/photo`}
            target="_blank"
            rel="noreferrer"
            className="shrink-0 self-start rounded-lg focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <img
              src={`/api/jobs/${job.id}/photo`}
              alt={`Your property, sent with ${label} (opens full size)`}
              loading="lazy"
              className="h-28 w-full rounded-lg border border-slate-200 object-cover sm:w-36"
            />
          </a>
        ) : null}
      </div>

      <JobProof job={job} label={label} />

      {job.status === "pending" ? <RequestOffers job={job} /> : null}

      <CustomerReviewPanel job={job} />
      <JobNextStep job={job} servicesText={servicesText} />
    </article>
  );
}

/** A visit the landscaper moved (weather): the new day, why, and the way to decline it (the visit is cancelled). */
function MovedVisit({ job }: { job: JobView }) {
  const line = movedLine(job);
  if (!line) return null;
  return (
    <div
      className="mx-4 mt-4 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-950 sm:mx-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="moved-visit"
    >
      <p className="flex items-start gap-2">
        <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{line}</span>
      </p>
      <DeclineMoveDialog job={job} />
    </div>
  );
}

/** What the landscaper's visit left behind: the before/after photos (problem photos show with the report). */
function JobProof({ job, label }: { job: JobView; label: string }) {
  const photos = (job.photos ?? []).filter((photo) => photo.kind !== "problem");
  if (photos.length === 0) return null;
  return (
    <div className="grid gap-3 px-4 pb-4 sm:px-5">
      <PhotoGallery photos={photos} title="Photos from your landscaper" subject={`${label}, your property`} />
      <GalleryConsent job={job} />
    </div>
  );
}

function JobNextStep({ job, servicesText }: { job: JobView; servicesText: string }) {
  // Once the landscaper has arrived the visit is under way: the server refuses a cancellation then.
  // A moved visit has one answer on its banner (keep the new day or cancel the visit), not a skip as well.
  const canCancel = cancellable.has(job.status) && !job.arrival?.onTheWayAt && !movedLine(job);
  // A visit of a running series is skipped; the series goes on.
  const skip = job.series?.status === "active" && job.status === "scheduled";
  const cancel = canCancel ? (
    <CancelJobDialog job={job} servicesText={servicesText} skip={skip ? "card" : undefined} />
  ) : null;
  // Beside a booking's Cancel (or Skip) button: until when that is free and the fee after, as the approval
  // dialog and the booking email said it (the server's rule, from the job's `cancellation`).
  const cancelTerms =
    canCancel && job.status === "scheduled" && job.cancellation ? (
      <span className="mt-1 block" data-testid="cancel-terms">
        {cancellationTermsText(job.cancellation, { doing: skip ? "Skipping this visit" : "Cancelling" })}
      </span>
    ) : null;

  switch (job.status) {
    case "pending":
      return (
        <Footer icon={Clock} tone="slate" text={pendingText(job)}>
          {/* A firm price can be booked at once with a pro free for it (issue 35). */}
          {job.firmPrice && job.firmPrice.heldUntil >= todayInCharlotte() ? (
            <BookProDialog job={job} />
          ) : null}
          {cancel}
        </Footer>
      );
    case "accepted":
      return (
        <Footer
          icon={Handshake}
          tone="sky"
          text={
            <>
              <strong className="font-semibold">{job.landscaperName ?? "A landscaper"}</strong> offered{" "}
              <strong className="font-semibold">
                {job.quotedPriceCents !== null ? formatCents(job.quotedPriceCents) : "a price"}
              </strong>{" "}
              {job.series ? "a visit, the first on" : "on"}{" "}
              <strong className="font-semibold">
                {job.scheduledDate ? formatLongDate(job.scheduledDate) : "a date to be confirmed"}
              </strong>
              . Approve to book it.
              {job.landscaperReliability ? (
                <LandscaperRecord reliability={job.landscaperReliability} className="mt-1" />
              ) : null}
            </>
          }
        >
          <ApproveJobDialog job={job} />
          {cancel}
        </Footer>
      );
    case "scheduled":
      return (
        <Footer
          icon={CalendarCheck}
          tone="brand"
          text={
            <>
              {`${(job.visit ?? 1) > 1 ? "Redo visit booked" : "Booked"} for ${
                job.scheduledDate ? formatLongDate(job.scheduledDate) : "the agreed date"
              }${job.landscaperName ? ` with ${job.landscaperName}` : ""}.`}
              {cancelTerms}
            </>
          }
        >
          <AddToCalendar job={job} />
          {cancel}
        </Footer>
      );
    case "completed": {
      const dispute = job.dispute ?? null;
      // A visit of a series still running comes again on its own.
      const bookAgain =
        job.series && job.series.status !== "cancelled" ? null : <BookAgainDialog job={job} />;
      // A reported problem still open: the report, and a redo offer to answer.
      if (dispute && dispute.state !== "resolved") return <CustomerDisputePanel job={job} />;
      // The finished work (of a redo visit too) waits for the customer's word.
      if (!job.workApprovedAt && !job.problemReportedAt) return <WorkApproval job={job} />;
      if (!job.workApprovedAt)
        return dispute ? (
          <CustomerDisputePanel job={job} />
        ) : (
          <Footer
            icon={Flag}
            tone="sky"
            text="You reported a problem. Our team will contact you, and nothing is charged until it is resolved."
          />
        );
      return (
        <>
          {dispute && dispute.resolution !== "redo" ? <CustomerDisputePanel job={job} /> : null}
          {job.rating === null ? (
            <ReviewStep job={job} />
          ) : (
            <Footer icon={CircleCheck} tone="brand" text="Completed and rated. Thank you for your feedback!">
              {bookAgain}
            </Footer>
          )}
          {job.rating === null && bookAgain ? (
            <Footer
              icon={RotateCcw}
              tone="slate"
              text="Need it again? Book the same service, once or on a schedule."
            >
              {bookAgain}
            </Footer>
          ) : null}
        </>
      );
    }
    case "cancelled":
      return (
        <Footer
          icon={Info}
          tone="slate"
          text={job.cancelReason ? `Cancelled: ${job.cancelReason}` : "This request was cancelled."}
        />
      );
  }
}

const toneClass = {
  slate: "bg-slate-50 text-slate-700",
  sky: "bg-sky-50 text-sky-950",
  brand: "bg-brand-50 text-brand-900",
} as const;

function Footer({
  icon: Icon,
  tone,
  text,
  children,
}: {
  icon: typeof Clock;
  tone: keyof typeof toneClass;
  text: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex flex-col gap-3 border-t border-slate-100 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5",
        toneClass[tone],
      )}
    >
      <p className="flex items-start gap-2 text-sm">
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{text}</span>
      </p>
      {children ? <div className="flex flex-col gap-2 sm:flex-row sm:shrink-0">{children}</div> : null}
    </div>
  );
}

function Muted({ children }: { children: React.ReactNode }) {
  return <span className="font-normal text-slate-500">{children}</span>;
}

/** A request without an offer yet: where it is (landscapers who serve the ZIP see it at once) and for how long. */
function pendingText(job: JobView): string {
  const offers = job.offers?.length ?? 0;
  // Pros' offers wait above (issue 35): nothing is booked until the customer books one of them.
  if (offers > 0)
    return `${offers === 1 ? "1 offer is" : `${offers} offers are`} waiting for your choice. Nothing is booked or charged until you book one.`;
  const days = Math.floor((Date.now() - new Date(job.createdAt).getTime()) / 86_400_000);
  const since = days <= 0 ? "today" : days === 1 ? "yesterday" : `${days} days ago`;
  return `Sent ${since} to landscapers who serve ${job.zipCode}; no offer yet. You'll be told as soon as one comes, and nothing is booked or charged before you approve it.`;
}
