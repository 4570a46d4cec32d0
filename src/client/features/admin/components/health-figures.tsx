import {
  type HealthFigures,
  type HealthSummary,
  healthShare,
  hoursText,
  per100,
  SUPPLY_GAP_PROS,
  type SupplyGap,
} from "../../../../shared/admin-health";
import { formatCents } from "../../../../shared/services";
import { focusRing } from "../../../lib/styles";
import { cn } from "../../../lib/utils";

const dash = "—";
const count = (value: number) => value.toLocaleString("en-US");
const fillOf = (figures: HealthFigures, hours: number) =>
  figures.fill.find((f) => f.hours === hours) ?? { hours, due: 0, filled: 0 };
const repeatOf = (figures: HealthFigures, days: number) =>
  figures.repeat.find((r) => r.days === days) ?? { days, customers: 0, repeated: 0 };
const hours = (value: number | null) => (value === null ? dash : hoursText(value));

/** One figure: its name, its value ("—" when there is nothing to count) and what it was counted from. */
export interface FigureColumn {
  label: string;
  value: (figures: HealthFigures) => string;
  /** The counts behind it, for the overview. */
  from: (figures: HealthFigures) => string;
}

const fillColumn = (within: number): FigureColumn => ({
  label: `Filled within ${within} h`,
  value: (f) => healthShare(fillOf(f, within).filled, fillOf(f, within).due) ?? dash,
  from: (f) =>
    `${count(fillOf(f, within).filled)} of ${count(fillOf(f, within).due)} requests ${within} h old or more`,
});

const perBooking = (label: string, part: (f: HealthFigures) => number): FigureColumn => ({
  label: `${label} per 100 bookings`,
  value: (f) => per100(part(f), f.bookings) ?? dash,
  from: (f) => `${count(part(f))} in ${count(f.bookings)} bookings`,
});

const repeatColumn = (days: number): FigureColumn => ({
  label: `Repeat customers at ${days} days`,
  value: (f) => healthShare(repeatOf(f, days).repeated, repeatOf(f, days).customers) ?? dash,
  from: (f) => `${count(repeatOf(f, days).repeated)} of ${count(repeatOf(f, days).customers)} customers`,
});

/** The figures in the order the page shows them, each worded as shared/admin-health.ts defines it. */
export const figureColumns: FigureColumn[] = [
  { label: "Requests", value: (f) => count(f.requests), from: (f) => `${count(f.booked)} booked so far` },
  fillColumn(24),
  fillColumn(72),
  {
    label: "Median time to book",
    value: (f) => hours(f.medianHoursToBooked),
    from: (f) => `over ${count(f.booked)} booked requests`,
  },
  {
    label: "Time to book, 90th percentile",
    value: (f) => hours(f.p90HoursToBooked),
    from: (f) => `over ${count(f.booked)} booked requests`,
  },
  {
    label: "First visits on their day",
    value: (f) => healthShare(f.firstVisitsOnDay, f.firstVisits) ?? dash,
    from: (f) => `${count(f.firstVisitsOnDay)} of ${count(f.firstVisits)} first visits`,
  },
  perBooking("Pro cancellations", (f) => f.proCancellations),
  perBooking("Releases", (f) => f.releases),
  perBooking("Misses", (f) => f.misses),
  {
    label: "Disputes per 100 visits",
    value: (f) => per100(f.disputes, f.completedVisits) ?? dash,
    from: (f) => `${count(f.disputes)} in ${count(f.completedVisits)} completed visits`,
  },
  {
    label: "Refunds of revenue",
    value: (f) => healthShare(f.refundedCents, f.chargedCents) ?? dash,
    from: (f) => `${formatCents(f.refundedCents)} of ${formatCents(f.chargedCents)} charged`,
  },
  repeatColumn(30),
  repeatColumn(60),
  repeatColumn(90),
];

/** The whole period's figures: a tile each, with the counts behind it. */
export function HealthOverview({ figures }: { figures: HealthFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4" data-testid="health-overview">
      {figureColumns.map((column) => (
        <div
          key={column.label}
          className="grid content-start gap-0.5 rounded-lg border border-slate-200 bg-white p-3"
        >
          <dt className="text-xs font-medium text-slate-600 sm:text-sm">{column.label}</dt>
          <dd className="text-xl font-bold text-slate-900 tabular-nums">{column.value(figures)}</dd>
          <dd className="text-xs text-slate-600">{column.from(figures)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One breakdown as a table: a row per group, a column per figure. Wide: it scrolls sideways inside its own
 * focusable region, so a keyboard can scroll it too.
 */
export function BreakdownTable({
  caption,
  groupLabel,
  rows,
}: {
  caption: string;
  groupLabel: string;
  rows: readonly { key: string; label: string; figures: HealthFigures }[];
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">Nothing happened in this period.</p>;
  return (
    <section
      aria-label={caption}
      // Focusable so a keyboard user can scroll the table sideways.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className={cn("overflow-x-auto rounded-lg border border-slate-200 bg-white", focusRing)}
    >
      <table className="w-full min-w-[72rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
            <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 font-medium">
              {groupLabel}
            </th>
            {figureColumns.map((column) => (
              <th key={column.label} scope="col" className="px-3 py-2 text-right align-bottom font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100 last:border-b-0">
              <th
                scope="row"
                className="sticky left-0 bg-white px-3 py-2 font-medium whitespace-nowrap text-slate-800"
              >
                {row.label}
              </th>
              {figureColumns.map((column) => (
                <td key={column.label} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {column.value(row.figures)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The ZIPs with requests and too few pros, or a sentence saying there are none. */
export function SupplyGapTable({ gaps }: { gaps: readonly SupplyGap[] }) {
  if (gaps.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="supply-gaps-empty">
        Every ZIP with requests in this period has at least {SUPPLY_GAP_PROS} available pros.
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="supply-gaps">
        <caption className="sr-only">
          ZIPs with requests and fewer than {SUPPLY_GAP_PROS} available pros
        </caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
            <th scope="col" className="px-3 py-2 font-medium">
              ZIP
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Neighborhood
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Requests
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Available pros
            </th>
          </tr>
        </thead>
        <tbody>
          {gaps.map((gap) => (
            <tr key={gap.zipCode} className="border-b border-slate-100 last:border-b-0">
              <th scope="row" className="px-3 py-2 font-medium text-slate-800 tabular-nums">
                {gap.zipCode}
              </th>
              <td className="px-3 py-2">{gap.neighbourhood ?? dash}</td>
              <td className="px-3 py-2 text-right tabular-nums">{count(gap.requests)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{count(gap.availablePros)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The dashboard's four tiles, from the summary: label, value and the counts behind it. */
export function summaryTiles(summary: HealthSummary | undefined) {
  return [
    {
      label: "Filled within 24 h",
      value: summary ? (healthShare(summary.fill24.filled, summary.fill24.due) ?? dash) : undefined,
      note: summary
        ? `${count(summary.fill24.filled)} of ${count(summary.fill24.due)} requests 24 h old or more`
        : "",
    },
    {
      label: "Median time to book",
      value: summary ? hours(summary.medianHoursToBooked) : undefined,
      note: "from request sent to booked",
    },
    {
      label: "First visits on their day",
      value: summary ? (healthShare(summary.firstVisitsOnDay, summary.firstVisits) ?? dash) : undefined,
      note: summary ? `${count(summary.firstVisitsOnDay)} of ${count(summary.firstVisits)} first visits` : "",
    },
    {
      label: "Supply-gap ZIPs",
      value: summary ? count(summary.supplyGapZips) : undefined,
      note: `with requests, under ${SUPPLY_GAP_PROS} available pros`,
    },
  ];
}
