import type * as React from "react";
import { formatCharlotteDateTime, formatShortDate } from "../../../../../shared/dates";
import type { JobStatus, JobView, PriceRequestView } from "../../../../../shared/jobs";
import { frequencyLabel, seriesLabel, weekdayNames } from "../../../../../shared/recurring";
import { formatCents } from "../../../../../shared/services";
import { customerCalled } from "../../lib/contact-text";
import { Whole } from "./job-card-parts";

/** Where the higher final price the landscaper asked stands with the customer. */
export function priceRequestText(request: PriceRequestView, agreedCents: number): string {
  const asked = formatCents(request.requestedCents);
  const agreed = formatCents(agreedCents);
  if (request.answer === "approved") return `The customer approved the new price of ${asked}.`;
  if (request.answer === "declined")
    return `The customer kept the agreed price of ${agreed} (you asked ${asked}).`;
  return `You asked ${asked}; the customer has not answered yet. Until they approve it, the agreed ${agreed} stands.`;
}

/** "4.2 mi from your base": centroid to centroid, so an estimate of the drive, not a route. */
export function milesLabel(miles: number): string {
  return miles < 0.05 ? "In your base ZIP" : `${miles.toFixed(1)} mi from your base`;
}

/** A series request or visit in a line: what it asks of the landscaper, or what was agreed. */
export function seriesText(series: NonNullable<JobView["series"]>, firm: boolean): React.ReactNode {
  const how = frequencyLabel[series.frequency];
  if (series.status === "requested")
    return firm
      ? `${how} — you offer a day of the week at the firm price`
      : `${how} — you offer a price per visit and a weekday`;
  const day = series.weekday === null ? "" : `, ${weekdayNames[series.weekday]}s`;
  const price =
    series.pricePerVisitCents === null ? "" : `, ${formatCents(series.pricePerVisitCents)} a visit`;
  const state = series.status === "offered" ? " (waiting for the customer's approval)" : "";
  return (
    <>
      <Whole>{seriesLabel(series.number)}:</Whole> {how.toLowerCase()}
      {day}
      {price}
      {state}
    </>
  );
}

/** The one line under a job's details that says where it stands and what waits on whom, or null. */
export function cardNote(job: JobView, visitDayComes: boolean): string | null {
  return visitDayComes && job.scheduledDate
    ? `Visit on ${formatShortDate(job.scheduledDate)}: you can send "On my way" that day.`
    : job.status === "accepted"
      ? "Waiting for the customer to approve your price and date."
      : job.status === "pending" && job.myOffer
        ? `You offered ${formatShortDate(job.myOffer.date)}${
            (job.offerCount ?? 1) > 1
              ? ` (${job.offerCount} pros' offers wait, yours included): the customer books one, and we tell you either way.`
              : ": the customer books it or waits for other offers, and we tell you either way."
          } If that day passes first, your offer lapses.`
        : job.status === "pending" && (job.offerCount ?? 0) > 0
          ? `${job.offerCount === 1 ? "1 pro has" : `${job.offerCount} pros have`} offered already: you can offer too, and the customer books one.`
          : job.status === "completed" && job.approvalEndsAt
            ? `Waiting for ${customerCalled(job)} to approve the work; it is approved on its own at ${formatCharlotteDateTime(new Date(job.approvalEndsAt))} if they don't answer.`
            : job.status === "cancelled" && job.cancelReason
              ? `Cancelled: ${job.cancelReason}`
              : null;
}

/** The label of the card's date, by where the job stands. */
export const dateLabel: Record<JobStatus, string> = {
  pending: "Date",
  accepted: "Offered for",
  scheduled: "Scheduled",
  completed: "Service date",
  cancelled: "Was scheduled",
};
