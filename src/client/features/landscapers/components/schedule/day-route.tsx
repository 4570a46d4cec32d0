import { ExternalLink, Timer } from "lucide-react";
import type { ScheduleDay } from "../../../../../shared/schedule";
import { mapsLegs } from "../../lib/maps-link";

/**
 * Under a day's summary: the minutes the suggested order saves against the booked order (only when it saves
 * a whole minute: the server sends 0 otherwise), and the whole day's directions in Google Maps in the shown
 * order (one link per ten stops, decision 026).
 */
export function DayRoute({ day, base }: { day: ScheduleDay; base: string | null }) {
  const legs = mapsLegs(base, day.visits);
  if (legs.length === 0) return null;
  return (
    <div className="grid gap-1.5 text-sm" data-testid="day-route">
      {day.minutesSaved >= 1 ? (
        <p className="flex items-start gap-1.5 font-medium text-brand-800">
          <Timer className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Suggested order saves about {day.minutesSaved} min against the order the visits were booked in
          </span>
        </p>
      ) : null}
      {/* Not a list: the day's stops are its list items, and one link is the usual case. */}
      <p className="flex flex-wrap gap-x-3 gap-y-1">
        {legs.map((leg) => (
          <a
            key={leg.fromStop}
            href={leg.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-6 items-center gap-1 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:rounded focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            {legs.length === 1 ? "Open in Maps" : `Open stops ${leg.fromStop}–${leg.toStop} in Maps`}
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only"> (Google Maps, opens in a new tab)</span>
          </a>
        ))}
      </p>
    </div>
  );
}
