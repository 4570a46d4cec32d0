import { formatLongDate } from "../../../shared/dates.js";
import { BLIND_DAYS } from "../../../shared/reviews.js";
import { formatCents, jobLabel, serviceName } from "../../../shared/services.js";
import type { Env } from "../../config/env.js";
import type { NewNotification } from "../notifications/index.js";
import type { JobRow } from "./views.js";

/** The texts people read about a job's progress: in-app notifications and the emails' fields. */

export const servicesOf = (row: Pick<JobRow, "selectedServices">) =>
  row.selectedServices.map(serviceName).join(", ");

export const customerDashboardUrl = (env: Env) => `${env.PUBLIC_URL}/dashboard/customer`;

const toLandscaper = (userId: string, message: string, type: NewNotification["type"] = "job") =>
  ({ userId, type, message, link: "/landscaper-dashboard" }) satisfies NewNotification;
const toCustomer = (userId: string, message: string) =>
  ({ userId, type: "job", message, link: "/dashboard/customer" }) satisfies NewNotification;

export const jobAlerts = {
  accepted(job: JobRow, options: { landscaperId: string; landscaperName: string }): NewNotification[] {
    const price = formatCents(job.quotedPriceCents ?? 0);
    const label = jobLabel(job.number);
    return [
      toLandscaper(
        options.landscaperId,
        `You accepted ${label} for ${price}. Waiting for the customer's approval.`,
      ),
      ...(job.customerId
        ? [
            toCustomer(
              job.customerId,
              `${options.landscaperName} accepted ${label}: ${price} on ${formatLongDate(job.scheduledDate!)}. Please approve.`,
            ),
          ]
        : []),
    ];
  },

  approved(job: JobRow): NewNotification[] {
    if (!job.landscaperId) return [];
    return [
      toLandscaper(
        job.landscaperId,
        `${job.customerName} approved ${jobLabel(job.number)}: scheduled for ${formatLongDate(job.scheduledDate!)}.`,
      ),
    ];
  },

  completed(job: JobRow, landscaperId: string): NewNotification[] {
    const label = jobLabel(job.number);
    return [
      toLandscaper(
        landscaperId,
        job.requestedPriceCents !== null
          ? `${label} completed at the agreed ${formatCents(job.finalPriceCents ?? 0)}; the customer is asked to approve ${formatCents(job.requestedPriceCents)}.`
          : `${label} completed: ${formatCents(job.finalPriceCents ?? 0)}.`,
        "payment",
      ),
      ...(job.customerId
        ? [
            toCustomer(
              job.customerId,
              job.requestedPriceCents !== null
                ? `${label} is complete. Your landscaper asks ${formatCents(job.requestedPriceCents)} instead of the agreed ${formatCents(job.finalPriceCents ?? 0)}: approve the work at the price you choose.`
                : `${label} is complete. Rate your service and leave a tip if you wish.`,
            ),
          ]
        : []),
    ];
  },

  /** The assigned landscaper, and the customer when someone else (our team) cancelled. */
  cancelled(job: JobRow, options: { byUserId: string; reason: string }): NewNotification[] {
    const label = jobLabel(job.number);
    return [
      ...(job.landscaperId
        ? [toLandscaper(job.landscaperId, `${label} was cancelled: ${options.reason}`)]
        : []),
      ...(job.customerId && job.customerId !== options.byUserId
        ? [toCustomer(job.customerId, `${label} was cancelled by our team: ${options.reason}`)]
        : []),
    ];
  },

  /**
   * The stars are not told: reviews are double-blind (issue 36), so the landscaper reads the review once they
   * have rated the customer or 7 days have passed. A visit whose series was reviewed this month has no review.
   */
  rated(job: JobRow, options: { tipCents: number; reviewed: boolean }): NewNotification[] {
    if (!job.landscaperId) return [];
    const label = jobLabel(job.number);
    const tip = options.tipCents ? ` ${job.customerName} tipped you ${formatCents(options.tipCents)}.` : "";
    const message = options.reviewed
      ? `${job.customerName} reviewed ${label}. Rate them on the job to read it now; otherwise it shows in ${BLIND_DAYS} days.${tip}`
      : `${job.customerName} rated ${label}.${tip}`;
    return [toLandscaper(job.landscaperId, message, options.tipCents ? "payment" : "job")];
  },
};

/** The history note of a rating: '5 stars, tip $10.00'. */
export const ratingNote = (rating: number, tipCents: number) =>
  `${rating} stars${tipCents ? `, tip ${formatCents(tipCents)}` : ""}`;
