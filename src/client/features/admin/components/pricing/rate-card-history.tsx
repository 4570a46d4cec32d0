import { formatCharlotteClock, formatShortDate, todayInCharlotte } from "../../../../../shared/dates";
import {
  type RateCardHistoryEntry,
  type RateCardStatus,
  rateCardStatusLabel,
} from "../../../../../shared/pricing-admin";
import { Badge, type BadgeProps } from "../../../../components/ui/badge";

const statusBadge: Record<RateCardStatus, NonNullable<BadgeProps["variant"]>> = {
  in_force: "success",
  scheduled: "info",
  past: "muted",
  replaced: "warning",
};

/** Who published a version: the launch card was written with the database, and an account may be gone. */
const publisherOf = (entry: RateCardHistoryEntry) => entry.publishedBy ?? "A removed account";

/**
 * "Nov 28, 2026, 11:27 PM", on Charlotte's clock: the same calendar as the dates versions start on, so a
 * version published late in the evening is not shown as published the day after it took effect.
 */
function publishedAtText(iso: string): string {
  const when = new Date(iso);
  return `${formatShortDate(todayInCharlotte(when))}, ${formatCharlotteClock(when)}`;
}

/** Every version, newest first: when it starts, where it stands, why, who published it and when. */
export function RateCardHistory({
  entries,
  headingId,
}: {
  entries: RateCardHistoryEntry[];
  headingId: string;
}) {
  return (
    <ol className="grid gap-3" aria-labelledby={headingId}>
      {entries.map((entry) => (
        <li
          key={entry.version}
          data-testid="rate-card-version"
          className="grid gap-1.5 rounded-lg border border-slate-200 bg-white p-4 text-sm"
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="font-semibold text-slate-900">Version {entry.version}</p>
            <Badge variant={statusBadge[entry.status]}>{rateCardStatusLabel[entry.status]}</Badge>
            <p className="text-slate-600">
              {entry.status === "scheduled" ? "Starts" : "Effective"} {formatShortDate(entry.effectiveFrom)}
            </p>
          </div>
          {entry.note ? (
            <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{entry.note}</p>
          ) : null}
          <p className="text-slate-600">
            {/* The launch card was written with the database (its row's time is the migration's, not a
                publication after its start date). */}
            {entry.version === 1 && entry.publishedBy === null
              ? "The launch prices, set up with the marketplace"
              : `Published by ${publisherOf(entry)} on ${publishedAtText(entry.publishedAt)}`}
          </p>
        </li>
      ))}
    </ol>
  );
}
