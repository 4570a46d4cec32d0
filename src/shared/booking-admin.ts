import { z } from "zod";

/*
 * Admin → Analytics, "Booking" (issue 35): how customers book pros, over the analytics range. The server
 * counts (admin/booking-figures.ts, where each figure is defined); the panel divides and words them, so the
 * counts behind every share are in the answer and on the screen.
 */

/** How long after its creation a request must be booked to count as filled. */
export const FILL_WITHIN_HOURS = 24;

/** GET /api/admin/booking-figures?range=7|30|90. */
export const bookingFiguresSchema = z.object({
  range: z.number(),
  /** Requests scheduled with a pro in the range: offers approved plus instant bookings. */
  bookings: z.number(),
  /** Of those, booked at once (the lifecycle action `book`), a rebooking after a release included. */
  instantBookings: z.number(),
  /** The median time from the quote to each booking, in seconds; null with no booking. */
  medianSecondsToBooked: z.number().nullable(),
  /** Requests sent in the range at least FILL_WITHIN_HOURS ago, with or without a firm price. */
  requestsDue: z.number(),
  /** Of those, the ones booked within FILL_WITHIN_HOURS of being sent. */
  filledInTime: z.number(),
  /** Instant bookings a pro gave back in the range. */
  releases: z.number(),
});
export type BookingFigures = z.infer<typeof bookingFiguresSchema>;

/** "3 h 05 min", "12 min", "under a minute": a time to book in hours and minutes (never days). */
export function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60).toLocaleString("en-US")} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** Releases per 100 instant bookings, to one decimal ("33.3", "0"); null with no instant booking. */
export function releasesPer100(releases: number, instantBookings: number): string | null {
  if (instantBookings === 0) return null;
  const per100 = Math.round((releases / instantBookings) * 1000) / 10;
  return per100.toLocaleString("en-US", { maximumFractionDigits: 1 });
}
