import { Table2 } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { type AnalyticsData, type AnalyticsPeriod, adminMessages } from "../../../../shared/admin";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";

/**
 * The Recharts code of the admin area, loaded on demand (React.lazy) so /admin paints before this chunk
 * arrives. Each chart is a figure with a name; the drawing is one labelled image, and a table with the
 * same numbers is always there for screen readers and can be shown to anyone.
 */

const colors = { bookings: "#166534", landscapers: "#0369a1", repeat: "#15803d", abandoned: "#b45309" };
const axisTick = { fill: "#475569", fontSize: 12 };
// The look every chart shares: light grid lines, a slate axis line, the values axis without one.
const timeMargin = { top: 8, right: 8, bottom: 0, left: -16 };
const grid = { strokeDasharray: "3 3", stroke: "#e2e8f0" };
const axisLine = { stroke: "#cbd5e1" };
const periodAxis = {
  dataKey: "label",
  tick: axisTick,
  tickLine: false,
  axisLine,
  interval: "preserveStartEnd",
} as const;
const countAxis = { allowDecimals: false, tick: axisTick, tickLine: false, axisLine: false } as const;

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const formatDay = (iso: string, long = false) =>
  (long ? longDayFormat : dayFormat).format(new Date(`${iso}T12:00:00Z`));

/** The axis names a bucket by its first day; the table spells the period out. */
const periodLabel = (period: AnalyticsPeriod) => formatDay(period.start);
function periodText(period: AnalyticsPeriod, bucket: AnalyticsData["bucket"]): string {
  return bucket === "day"
    ? formatDay(period.start, true)
    : `${formatDay(period.start)} – ${formatDay(period.end)}`;
}

/**
 * A landscaper on one line: the business alone when there is one ("Queen City Lawn Care", not the person's
 * name after it), shortened with an ellipsis past 22 characters (the tooltip and table show it whole).
 */
function NameTick({
  x,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: string };
}) {
  const name = String(payload?.value ?? "").split(" · ")[0] ?? "";
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fill={axisTick.fill} fontSize={axisTick.fontSize}>
      {name.length > 22 ? `${name.slice(0, 21)}…` : name}
    </text>
  );
}

function ChartFigure({
  title,
  description,
  summary,
  empty,
  table,
  children,
  className,
}: {
  title: string;
  description: string;
  summary: string;
  empty: boolean;
  table: { head: string[]; rows: (string | number)[][] };
  children: React.ReactElement;
  className?: string;
}) {
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      className={cn(
        "flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5",
        className,
      )}
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900">
            {title}
          </h3>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
        {empty ? null : (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((value) => !value)}
            className="-ml-3 shrink-0 self-start sm:ml-0"
          >
            <Table2 className="size-4" aria-hidden="true" />
            {showTable ? "Show as chart" : "Show as table"}
          </Button>
        )}
      </div>
      {empty ? (
        <p className="flex h-40 items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-600">
          {adminMessages.noChartData}
        </p>
      ) : (
        <>
          {showTable ? null : (
            <div role="img" aria-label={summary} className="h-64 w-full">
              <ResponsiveContainer width="100%" height="100%">
                {children}
              </ResponsiveContainer>
            </div>
          )}
          <div id={tableId} className={showTable ? "max-h-64 overflow-auto" : "sr-only"}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  {table.head.map((cell, index) => (
                    <th
                      key={cell}
                      scope="col"
                      className={cn("py-2 pr-3 font-medium", index > 0 && "text-right")}
                    >
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])} className="border-b border-slate-100 last:border-0">
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <th key={`${row[0]}-h`} scope="row" className="py-2 pr-3 font-normal text-slate-900">
                          {cell}
                        </th>
                      ) : (
                        <td
                          key={`${row[0]}-${table.head[index]}`}
                          className="py-2 pr-3 text-right tabular-nums"
                        >
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}

const bucketWords = (data: AnalyticsData) => {
  const count = data.bookings?.length ?? data.engagement?.length ?? 0;
  return data.bucket === "day" ? `Per day, last ${count} days` : `Per week, last ${count} weeks`;
};

export default function AdminCharts({ data }: { data: AnalyticsData }) {
  const figures: React.ReactNode[] = [];

  if (data.bookings) {
    const points = data.bookings.map((p) => ({ ...p, label: periodLabel(p) }));
    const total = points.reduce((sum, p) => sum + p.bookings, 0);
    figures.push(
      <ChartFigure
        key="bookings"
        title="Total Bookings"
        description={bucketWords(data)}
        summary={`Bar chart of bookings: ${total} in total. ${points.map((p) => `${periodText(p, data.bucket)}: ${p.bookings}`).join("; ")}.`}
        empty={total === 0}
        table={{
          head: [data.bucket === "day" ? "Day" : "Week", "Bookings"],
          rows: points.map((p) => [periodText(p, data.bucket), p.bookings]),
        }}
      >
        <BarChart data={points} margin={timeMargin} accessibilityLayer={false}>
          <CartesianGrid {...grid} vertical={false} />
          <XAxis {...periodAxis} />
          <YAxis {...countAxis} />
          <Tooltip cursor={{ fill: "#f0fdf4" }} />
          <Bar
            dataKey="bookings"
            name="Bookings"
            fill={colors.bookings}
            radius={[4, 4, 0, 0]}
            maxBarSize={48}
          />
        </BarChart>
      </ChartFigure>,
    );
  }

  if (data.topLandscapers) {
    const points = data.topLandscapers;
    figures.push(
      <ChartFigure
        key="landscapers"
        title="Top Performing Landscapers"
        description={`Completed jobs, last ${data.range} days`}
        summary={`Horizontal bar chart of completed jobs by landscaper. ${points.map((p) => `${p.name}: ${p.jobs}`).join("; ")}.`}
        empty={points.length === 0}
        table={{ head: ["Landscaper", "Completed jobs"], rows: points.map((p) => [p.name, p.jobs]) }}
      >
        <BarChart
          data={points}
          layout="vertical"
          margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid {...grid} horizontal={false} />
          <XAxis type="number" {...countAxis} axisLine={axisLine} />
          <YAxis
            type="category"
            dataKey="name"
            width={156}
            tick={<NameTick />}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip cursor={{ fill: "#f0f9ff" }} />
          <Bar
            dataKey="jobs"
            name="Completed jobs"
            fill={colors.landscapers}
            radius={[0, 4, 4, 0]}
            maxBarSize={28}
          />
        </BarChart>
      </ChartFigure>,
    );
  }

  if (data.engagement) {
    const points = data.engagement.map((p) => ({ ...p, label: periodLabel(p) }));
    const empty = points.every((p) => p.repeatBookings === 0 && p.abandonedQuotes === 0);
    figures.push(
      <ChartFigure
        key="engagement"
        title="Client Engagement Trends"
        description={`Repeat bookings and abandoned quotes. ${bucketWords(data)}`}
        summary={`Line chart of repeat bookings and abandoned quotes. ${points
          .map(
            (p) =>
              `${periodText(p, data.bucket)}: ${p.repeatBookings} repeat, ${p.abandonedQuotes} abandoned`,
          )
          .join("; ")}.`}
        empty={empty}
        table={{
          head: [data.bucket === "day" ? "Day" : "Week", "Repeat bookings", "Abandoned quotes"],
          rows: points.map((p) => [periodText(p, data.bucket), p.repeatBookings, p.abandonedQuotes]),
        }}
        className="lg:col-span-2"
      >
        <LineChart data={points} margin={timeMargin} accessibilityLayer={false}>
          <CartesianGrid {...grid} vertical={false} />
          <XAxis {...periodAxis} padding={{ left: 16, right: 16 }} />
          <YAxis {...countAxis} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line
            type="linear"
            dataKey="repeatBookings"
            name="Repeat bookings"
            stroke={colors.repeat}
            strokeWidth={2.5}
            dot={{ r: 3 }}
          />
          <Line
            type="linear"
            dataKey="abandonedQuotes"
            name="Abandoned quotes"
            stroke={colors.abandoned}
            strokeWidth={2.5}
            strokeDasharray="6 4"
            dot={{ r: 3 }}
          />
        </LineChart>
      </ChartFigure>,
    );
  }

  return <div className="grid gap-4 lg:grid-cols-2">{figures}</div>;
}
