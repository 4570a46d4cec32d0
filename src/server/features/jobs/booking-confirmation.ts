import { bookingMessages } from "../../../shared/booking.js";
import type { Env } from "../../config/env.js";
import type { Db, Tx } from "../../db/client.js";
import { conflict, notFound } from "../../lib/errors.js";
import { calendarContentType, writeCalendar } from "../../lib/ics.js";
import { enqueueEmail } from "../../lib/outbox/enqueue.js";
import { type BookingFacts, type BookingTerms, bookingFacts, bookingTerms } from "./booking-terms.js";
import { loadJob } from "./lifecycle.js";
import type { JobRow } from "./views.js";

/**
 * The booking confirmation: an email when the customer approves an offer, with the visit as a calendar file,
 * and the same file from the job's "Add to calendar" while the visit is booked.
 */

/** Stable per job whatever the address the site is served from: a second download updates the same entry. */
const calendarUid = (jobId: string) => `job-${jobId}@greenscapecharlotte.com`;
const productId = "-//GreenScape Charlotte//Bookings//EN";

function calendarFile(facts: BookingFacts, terms: BookingTerms, now: Date) {
  // The entry keeps what stays true for as long as it sits in a calendar; the hold's state (which changes
  // within days) is in the email and on the dashboard.
  const description = [
    `${terms.jobNumber}: ${facts.services}`,
    `Landscaper: ${facts.landscaper.displayName}`,
    `Price: ${terms.price}`,
    terms.arrival,
    terms.charge,
    terms.cancellation,
    ...(terms.series ? [terms.series] : []),
    terms.calendar.file,
    `Your dashboard: ${facts.dashboardUrl}`,
  ].join("\n\n");
  const content = writeCalendar(
    [
      {
        uid: calendarUid(facts.jobId),
        stamp: now,
        when: { day: facts.date },
        summary: `${facts.services} with ${facts.landscaper.displayName} (${terms.jobNumber})`,
        location: facts.address,
        description,
        url: facts.dashboardUrl,
        sequence: Math.max(0, facts.daySettings - 1),
        // Nobody needs to be home for most visits: the day stays free in the customer's calendar.
        transparent: true,
      },
    ],
    { productId },
  );
  return { filename: `GreenScape-${terms.jobNumber}.ics`, contentType: calendarContentType, content };
}

const isBooked = (row: JobRow): row is JobRow & { scheduledDate: string } =>
  row.status === "scheduled" && row.scheduledDate !== null;

/**
 * Queued in the approval's transaction (a booking that rolls back sends nothing). It goes whatever the email
 * preference says, like a receipt: it is the customer's record of what they agreed to pay and when.
 */
export async function queueBookingConfirmation(
  tx: Tx,
  env: Env,
  booked: JobRow,
  /** Booked before the address was confirmed (an instant booking from the quote): the email says what is left. */
  options: { unconfirmedEmail?: boolean } = {},
): Promise<void> {
  if (!isBooked(booked)) return;
  const now = new Date();
  const facts = await bookingFacts(tx, env, booked);
  const terms = bookingTerms(facts, now);
  await enqueueEmail(
    tx,
    booked.customerEmail,
    {
      template: "booking_confirmed",
      name: booked.customerName,
      jobNumber: terms.jobNumber,
      services: facts.services,
      day: terms.day,
      landscaperName: facts.landscaper.displayName,
      price: terms.price,
      address: facts.address,
      arrival: terms.arrival,
      hold: terms.hold,
      charge: terms.charge,
      cancellation: terms.cancellation,
      ...(terms.series ? { series: terms.series } : {}),
      calendar: terms.calendar.email,
      dashboardUrl: facts.dashboardUrl,
      ...(options.unconfirmedEmail ? { confirmEmail: bookingMessages.confirmEmail } : {}),
    },
    { attachments: [{ kind: "inline", ...calendarFile(facts, terms, now) }] },
  );
}

/** The booked visit's calendar file, for its customer alone (anyone else: not found). */
export async function customerCalendarFile(options: { db: Db; env: Env; customerId: string; jobId: string }) {
  const current = await loadJob(options.db, options.jobId);
  if (current.customerId !== options.customerId) throw notFound("Job not found.");
  if (!isBooked(current))
    throw conflict("Only a booked visit can be added to a calendar: this one is not booked now.");
  const now = new Date();
  const facts = await bookingFacts(options.db, options.env, current);
  return calendarFile(facts, bookingTerms(facts, now), now);
}
