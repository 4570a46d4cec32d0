import { RELEASE_WINDOW_HOURS } from "../../../../shared/booking";
import {
  type BookingFigures,
  durationText,
  FILL_WITHIN_HOURS,
  releasesPer100,
} from "../../../../shared/booking-admin";
import { Card } from "../../../components/ui/card";
import { type AnalyticsFilter, useBookingFigures } from "../api/admin-api";
import { share } from "./pricing-figures";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Each figure with the sentence that defines it, worded from what admin/booking-figures.ts counts: a
 * booking is a request scheduled with a pro (an offer approved, or a pro booked at once), counted from the
 * job's history in the range.
 */
function figuresOf(data: BookingFigures) {
  const per100 = releasesPer100(data.releases, data.instantBookings);
  return [
    {
      label: "Instant-booking share",
      value: data.bookings ? share(data.instantBookings, data.bookings) : "—",
      note: data.bookings
        ? "of bookings: a customer booked a chosen pro at once instead of approving an offer. The next pro booked after a release counts as an instant booking too."
        : "No bookings in these days.",
    },
    {
      label: "Median time from quote to booked",
      value: data.medianSecondsToBooked === null ? "—" : durationText(data.medianSecondsToBooked),
      note: data.bookings
        ? `from the request being sent to each booking, over the ${plural(data.bookings, "booking", "bookings")} of these days.`
        : "No bookings in these days.",
    },
    {
      label: `Filled within ${FILL_WITHIN_HOURS} hours`,
      value: data.requestsDue ? share(data.filledInTime, data.requestsDue) : "—",
      note: data.requestsDue
        ? `of requests sent in these days at least ${FILL_WITHIN_HOURS} hours ago, with or without a firm price: booked within ${FILL_WITHIN_HOURS} hours of being sent, even if cancelled or released since.`
        : `No request sent in these days is ${FILL_WITHIN_HOURS} hours old yet.`,
    },
    {
      label: "Releases per 100 instant bookings",
      value: per100 ?? "—",
      note:
        per100 === null
          ? "No instant bookings in these days."
          : `${plural(data.releases, "release", "releases")} and ${plural(data.instantBookings, "instant booking", "instant bookings")} in these days: a pro giving a booking back within ${RELEASE_WINDOW_HOURS} hours of it.`,
    },
  ];
}

/**
 * Instant booking at a glance (issue 35): how often customers book a pro at once, how soon a request is
 * booked, how many are booked within a day, and how often pros give a booking back, over the analytics range.
 */
export function BookingFiguresPanel({ range }: { range: AnalyticsFilter["range"] }) {
  const figures = useBookingFigures(range);
  const data = figures.data;
  return (
    <Card className="gap-4 p-5" aria-labelledby="booking-figures-heading" role="region">
      <div>
        <h2 id="booking-figures-heading" className="text-lg font-semibold text-slate-900">
          Booking
        </h2>
        <p className="text-sm text-slate-600">
          The last {range} days, today included. A booking is a request scheduled with a pro: a customer
          approving a pro's offer, or booking a pro at once.
        </p>
      </div>
      {figures.isError ? (
        <p role="alert" className="text-sm text-red-700">
          These figures could not be loaded. Reload the page to try again.
        </p>
      ) : !data ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : (
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="booking-figures">
          {figuresOf(data).map((figure) => (
            <div key={figure.label} className="rounded-lg bg-slate-50 px-3 py-2">
              <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
              <dd className="text-lg font-bold text-slate-900 tabular-nums">{figure.value}</dd>
              <dd className="text-xs text-slate-600">{figure.note}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
