import {
  CalendarCheck,
  CalendarDays,
  Camera,
  CircleDollarSign,
  Mail,
  MapPin,
  Navigation,
  Phone,
  Repeat,
  Star,
  Wrench,
} from "lucide-react";
import type * as React from "react";
import { addressLine } from "../../../../../shared/address";
import { formatShortDate, todayInCharlotte } from "../../../../../shared/dates";
import type { JobView } from "../../../../../shared/jobs";
import { firmPriceText } from "../../../../../shared/pricing";
import { seriesLabel, weekdayNames } from "../../../../../shared/recurring";
import { formatCents, formatRange, jobLabel, serviceName } from "../../../../../shared/services";
import { firstNameOf } from "../../../../../shared/session";
import { JobStatusBadge } from "../../../../components/job-status-badge";
import { Badge } from "../../../../components/ui/badge";
import { Button } from "../../../../components/ui/button";
import { toast } from "../../../../lib/toast";
import { cn } from "../../../../lib/utils";
import { MessagesButton } from "../../../conversations";
import {
  AskPriceChangeDialog,
  LandscaperPriceChange,
  LeaveNoMarkDialog,
  priceDeclined,
} from "../../../price-changes";
import {
  LandscaperDisputePanel,
  PhotoGallery,
  VisitStatus,
  VisitStepAction,
  visitStepOpen,
} from "../../../proof";
import { customerAverageText, LandscaperReviewPanel } from "../../../reviews";
import {
  FrequencyBadge,
  LeaveSeriesDialog,
  MoveVisitDialog,
  movedLine,
  requestedDate,
} from "../../../series";
import { jobPhotoUrl, useJobAction } from "../../api/jobs";
import {
  customerCalled,
  showsContactLinks,
  withheldContactText,
  withheldPhotoText,
} from "../../lib/contact-text";
import { CompleteJobDialog } from "./complete-job-dialog";
import { AcceptJobDialog, reportActionError, WithdrawJobDialog } from "./job-action-dialogs";
import { Detail, EmailLink, LaterVisitsNote, PhoneLink, Whole } from "./job-card-parts";
import { cardNote, dateLabel, milesLabel, priceRequestText, seriesText } from "./job-card-text";
import { ReleaseBookingDialog } from "./release-booking-dialog";

interface JobCardProps {
  job: JobView;
  /** Approved landscapers only; otherwise the buttons are disabled and `lockedReasonId` says why. */
  canAct: boolean;
  lockedReasonId?: string | undefined;
  /** The dates of the series' other scheduled visits the queue does not list (this card is the first). */
  laterDates?: readonly string[] | undefined;
  /** In the Schedule's visit dialog, whose title already names the customer and the job: no visible heading. */
  titled?: boolean | undefined;
  /** What this phone still holds for the job, or was refused when sent (issue 37). */
  fieldNote?: React.ReactNode;
}

/** One job of the queue: who, what, where and when, the money, and what this landscaper can do next. */
export function JobCard({
  job,
  canAct,
  lockedReasonId,
  laterDates = [],
  titled = false,
  fieldNote,
}: JobCardProps) {
  const decline = useJobAction();
  const assigned = job.status !== "pending";
  const describedBy = canAct ? undefined : lockedReasonId;
  const headingId = `job-${job.id}-title`;

  async function onDecline() {
    try {
      const answer = await decline.mutateAsync({ jobId: job.id, action: "decline" });
      toast({ title: answer.message, description: "Changed your mind? Undo it under 'Declined by you'." });
    } catch (error) {
      reportActionError(error);
    }
  }

  async function onWithdrawOffer() {
    try {
      const answer = await decline.mutateAsync({ jobId: job.id, action: "offer/withdraw" });
      toast({ title: answer.message });
    } catch (error) {
      reportActionError(error);
    }
  }

  const actions: React.ReactNode[] = [];
  // Leaving the job sits apart from the visit's buttons: on a phone they stack, and a hurried tap lands nearby.
  const leaving: React.ReactNode[] = [];
  const today = todayInCharlotte();
  const visitDayComes = job.status === "scheduled" && job.scheduledDate !== null && job.scheduledDate > today;
  if (job.status === "pending" && job.myOffer) {
    // Their offer waits for the customer's choice (issue 35): it can be taken back, not sent twice.
    actions.push(
      <Button
        key="withdraw-offer"
        type="button"
        size="sm"
        variant="outline"
        disabled={!canAct || decline.isPending}
        aria-describedby={describedBy}
        onClick={() => void onWithdrawOffer()}
        pending={decline.isPending}
      >
        Withdraw offer
      </Button>,
    );
  } else if (job.status === "pending") {
    actions.push(<AcceptJobDialog key="accept" job={job} disabled={!canAct} describedBy={describedBy} />);
    actions.push(
      <Button
        key="decline"
        type="button"
        size="sm"
        variant="outline"
        disabled={!canAct || decline.isPending}
        aria-describedby={describedBy}
        onClick={() => void onDecline()}
        pending={decline.isPending}
      >
        Decline
      </Button>,
    );
  } else if (job.status === "scheduled" && !visitDayComes) {
    // The next step first (On my way, Arrived, Start work), completing after it; both from the visit's day.
    actions.push(<VisitStepAction key="visit" job={job} disabled={!canAct} describedBy={describedBy} />);
    actions.push(
      <CompleteJobDialog
        key="complete"
        job={job}
        disabled={!canAct}
        describedBy={describedBy}
        secondary={visitStepOpen(job)}
      />,
    );
  }
  // Before the visit's day completing is not the next step. A one-time job may still be done early by
  // agreement (last and outlined, never the main button); a series visit not at all (the server refuses).
  const completeEarly =
    visitDayComes && !job.seriesId ? (
      <CompleteJobDialog key="complete" job={job} disabled={!canAct} describedBy={describedBy} secondary />
    ) : null;
  // The job is this landscaper's: they and the customer can write to each other.
  if (assigned && job.status !== "cancelled") {
    actions.push(<MessagesButton key="messages" jobId={job.id} unread={job.unreadMessages} />);
  }
  // A visit not yet arrived at can move (weather, mostly).
  if (job.status === "scheduled" && !job.arrival?.arrivedAt) {
    actions.push(<MoveVisitDialog key="move" job={job} disabled={!canAct} describedBy={describedBy} />);
  }
  if (completeEarly) actions.push(completeEarly);
  if (job.canAskPriceChange)
    actions.push(<AskPriceChangeDialog key="price" job={job} disabled={!canAct} describedBy={describedBy} />);
  // A series visit is not withdrawn alone: the series goes back together.
  const inSeries = job.series?.status === "active" || job.series?.status === "offered";
  // An instant booking within its 2 hours (issue 35): released, the next free pro is booked for the customer.
  // While it can be released, Release is the one way out (the customer gets the next free pro at once); a
  // Withdraw beside it looked like the same red button with another name. After the 2 hours, Withdraw.
  const releasable = job.status === "scheduled" && Boolean(job.releasableUntil);
  if (releasable)
    leaving.push(
      <ReleaseBookingDialog key="release" job={job} disabled={!canAct} describedBy={describedBy} />,
    );
  if (!releasable && (job.status === "accepted" || job.status === "scheduled")) {
    leaving.push(
      // After the customer declined a price change, leaving is no mark on the record: said on the button.
      priceDeclined(job) ? (
        <LeaveNoMarkDialog key="leave" job={job} disabled={!canAct} describedBy={describedBy} />
      ) : inSeries ? (
        <LeaveSeriesDialog key="leave" job={job} disabled={!canAct} describedBy={describedBy} />
      ) : (
        <WithdrawJobDialog key="withdraw" job={job} disabled={!canAct} describedBy={describedBy} />
      ),
    );
  }

  // The customer's report: on the completed job while it is open or resolved by our team, and on the redo
  // visit it led to (what to put right); a redo visit's own completion starts afresh.
  const showDispute =
    job.dispute != null && !(job.status === "completed" && job.dispute.resolution === "redo");
  const proofPhotos = assigned ? (job.photos ?? []).filter((photo) => photo.kind !== "problem") : [];

  const note = cardNote(job, visitDayComes);
  const moved = movedLine(job);
  // A series visit's date comes from the series' rule, not the customer's preferred date: the card shows
  // "Visit: <date>", and the 'Original date' only when the visit was moved (as the customer's card does).
  const requested = requestedDate(job);
  const seriesVisit = job.series != null && requested?.label !== "Preferred date";

  return (
    <article
      aria-labelledby={headingId}
      // Relative: the visit status's hidden live region (sr-only, absolutely placed) stays inside the card,
      // and so inside the queue's scrolling list, instead of stretching the page below the footer.
      className="relative grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className={cn("grid min-w-0 gap-0.5", titled && "sr-only")}>
          {/* Wrapped, not cut: before the approval the ZIP is the only place the landscaper is given. */}
          <h3 id={headingId} className="font-semibold break-words text-slate-900">
            {job.contactHidden ? `Request in ${job.area}` : job.customerName}
          </h3>
          <p className="text-xs text-slate-500">
            <Whole>{jobLabel(job.number)}</Whole>
            {job.series ? (
              <>
                {" · "}
                <Whole>{seriesLabel(job.series.number)}</Whole>
              </>
            ) : null}{" "}
            · <Whole>requested {formatShortDate(todayInCharlotte(new Date(job.createdAt)))}</Whole>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {job.series ? <FrequencyBadge frequency={job.series.frequency} /> : null}
          {/* Accepted here is an offer the customer hasn't approved: say so, and whose answer it waits on (by
              name only once it is theirs to see: the customer's details stay withheld until the approval). */}
          {job.status === "accepted" || (job.status === "pending" && job.myOffer) ? (
            <Badge variant="info">
              Offer sent — waiting for {job.contactHidden ? "the customer" : firstNameOf(job.customerName)}
            </Badge>
          ) : (
            <JobStatusBadge status={job.status} />
          )}
        </div>
      </header>
      {job.series?.requestedWeekday != null ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          The customer asks to move this series to {weekdayNames[job.series.requestedWeekday]}s: answer in the
          box above the counts, at the top of your dashboard.
        </p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <ul className="grid gap-2 text-sm text-slate-700 sm:grid-cols-2 sm:gap-x-6">
          <Detail icon={Wrench}>{job.services.map(serviceName).join(", ")}</Detail>
          {job.series ? (
            <Detail icon={Repeat}>{seriesText(job.series, Boolean(job.firmPrice))}</Detail>
          ) : null}
          <Detail icon={MapPin}>{withheldContactText(job) ?? addressLine(job.address, job.zipCode)}</Detail>
          {job.distanceMiles != null ? (
            <Detail icon={Navigation}>{milesLabel(job.distanceMiles)}</Detail>
          ) : null}
          {requested ? (
            <Detail icon={CalendarDays}>
              {requested.label === "Preferred date" ? "Preferred" : requested.label}:{" "}
              {formatShortDate(requested.date)}
              {job.status === "pending" && job.preferredDate < today ? " (date passed)" : ""}
            </Detail>
          ) : null}
          {assigned && job.scheduledDate ? (
            <Detail icon={CalendarCheck}>
              {seriesVisit ? "Visit" : dateLabel[job.status]}: {formatShortDate(job.scheduledDate)}
              {(job.visit ?? 1) > 1 ? " (redo visit)" : ""}
            </Detail>
          ) : null}
          <Detail icon={CircleDollarSign}>
            {job.firmPrice
              ? `Firm price: ${firmPriceText(job.firmPrice, job.series?.frequency ?? "one_time")}`
              : `Estimate: ${formatRange(job.estimateLowCents, job.estimateHighCents)}`}
          </Detail>
          {job.quotedPriceCents !== null &&
          job.quotedPriceCents !== job.series?.pricePerVisitCents &&
          job.quotedPriceCents !== job.firmPrice?.firstVisitCents ? (
            <Detail icon={CircleDollarSign}>
              <span className="font-semibold text-slate-900">
                {job.firmPrice ? "Agreed price" : "Your quote"}: {formatCents(job.quotedPriceCents)}
              </span>
            </Detail>
          ) : null}
          {job.finalPriceCents !== null ? (
            <Detail icon={CircleDollarSign}>
              <span className="font-semibold text-slate-900">
                {job.priceRequest?.answer === "pending" ? "Agreed price" : "Final price"}:{" "}
                {formatCents(job.finalPriceCents)}
                {job.tipCents > 0 ? ` + ${formatCents(job.tipCents)} tip` : ""}
              </span>
            </Detail>
          ) : null}
          {job.priceRequest ? (
            <Detail icon={CircleDollarSign}>
              {priceRequestText(job.priceRequest, job.quotedPriceCents ?? 0)}
            </Detail>
          ) : null}
          {job.customerAverage ? (
            <Detail icon={Star}>{customerAverageText(job.customerAverage)}</Detail>
          ) : null}
          {showsContactLinks(job) ? (
            <>
              <Detail icon={Phone}>
                <PhoneLink phone={job.customerPhone} />
              </Detail>
              <Detail icon={Mail}>
                <EmailLink email={job.customerEmail} />
              </Detail>
            </>
          ) : null}
          {withheldPhotoText(job) ? <Detail icon={Camera}>{withheldPhotoText(job)}</Detail> : null}
        </ul>
        {job.hasPhoto && !job.contactHidden ? (
          <a
            href={jobPhotoUrl(job.id)}
            target="_blank"
            rel="noreferrer"
            className="block w-full self-start overflow-hidden rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none sm:w-40"
          >
            <img
              src={jobPhotoUrl(job.id)}
              alt={`${customerCalled(job)}'s property, as sent with the request`}
              loading="lazy"
              className="h-40 w-full object-cover sm:h-28"
            />
          </a>
        ) : null}
      </div>

      {job.additionalNotes ? (
        <p className="rounded-lg bg-slate-100/70 px-3 py-2 text-sm text-slate-700">
          <span className="font-medium text-slate-900">Notes: </span>
          {job.additionalNotes}
        </p>
      ) : null}

      <LandscaperPriceChange job={job} disabled={!canAct} />
      {job.status === "scheduled" ? <VisitStatus job={job} who="landscaper" /> : null}
      <PhotoGallery
        photos={proofPhotos}
        title="Your photos"
        subject={`${jobLabel(job.number)}, ${customerCalled(job)}'s property`}
      />
      <LandscaperReviewPanel job={job} disabled={!canAct} />
      {showDispute ? <LandscaperDisputePanel job={job} disabled={!canAct} describedBy={describedBy} /> : null}

      {laterDates.length > 0 && job.series ? (
        // The Schedule shows this week and next only, so the later dates are named here.
        <LaterVisitsNote seriesNumber={job.series.number} dates={laterDates} />
      ) : null}

      {fieldNote}
      {note || moved || actions.length > 0 || leaving.length > 0 ? (
        <footer className="grid gap-3 border-t border-slate-100 pt-4">
          {note || moved ? (
            <div className="grid gap-1 text-sm text-slate-600">
              {moved ? <p>{moved}</p> : null}
              {note ? <p>{note}</p> : null}
            </div>
          ) : null}
          {actions.length > 0 || leaving.length > 0 ? (
            // Full width and stacked on phones: a visit day can show four buttons. Leaving the job comes
            // last, set off by a line on phones and pushed to the other side from 640 px. In the Schedule's
            // visit dialog (672 px) one row does not fit, and Withdraw wrapped alone above the visit's
            // buttons: there it stays below the line at every width.
            <div className={cn("flex flex-col gap-2", !titled && "sm:flex-row sm:flex-wrap sm:items-center")}>
              {leaving.length > 0 ? (
                <div
                  className={cn(
                    "order-last flex flex-col gap-2 border-t border-slate-100 pt-2",
                    titled ? "sm:flex-row" : "sm:order-first sm:mr-auto sm:border-0 sm:pt-0",
                  )}
                >
                  {leaving}
                </div>
              ) : null}
              <div
                className={cn(
                  "flex flex-col gap-2 sm:flex-row sm:flex-wrap",
                  !titled && "sm:ml-auto sm:justify-end",
                )}
              >
                {actions}
              </div>
            </div>
          ) : null}
        </footer>
      ) : null}
    </article>
  );
}
