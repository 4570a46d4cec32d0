import { lazy, Suspense, useState } from "react";
import {
  type AnalyticsRange,
  type AnalyticsRole,
  analyticsRanges,
  analyticsRoles,
} from "../../../../shared/admin";
import { FilterSelect } from "../../../components/filter-controls";
import { Skeleton } from "../../../components/skeleton";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { type AnalyticsFilter, useAnalytics } from "../api/admin-api";
import { ListMessage } from "./list-controls";

// Recharts is heavy: its chunk loads after the rest of the screen has painted.
const AdminCharts = lazy(() => import("./admin-charts"));

const rangeOptions = analyticsRanges.map((range) => ({
  value: String(range) as `${AnalyticsRange}`,
  label: `Last ${range} days`,
}));
const roleLabels: Record<AnalyticsRole, string> = {
  both: "Clients & landscapers",
  clients: "Clients",
  landscapers: "Landscapers",
};
const roleOptions = analyticsRoles.map((role) => ({ value: role, label: roleLabels[role] }));

const defaultAnalyticsFilter: AnalyticsFilter = { range: 30, role: "both" };

/** The filter state and figures of a chart panel, for screens that show more of the same data. */
export function useChartFilters() {
  const [filter, setFilter] = useState<AnalyticsFilter>(defaultAnalyticsFilter);
  const analytics = useAnalytics(filter);
  return { filter, setFilter, analytics };
}

function ChartsSkeleton() {
  return (
    <div role="status" className="grid gap-4 lg:grid-cols-2">
      <span className="sr-only">Loading charts...</span>
      {[0, 1].map((key) => (
        <Skeleton key={key} className="h-80 rounded-xl border border-slate-200 bg-white" />
      ))}
    </div>
  );
}

/** Chart Filters (time range, role) and the charts they drive; the server computes for the chosen range. */
export function ChartPanel({ state }: { state: ReturnType<typeof useChartFilters> }) {
  const { filter, setFilter, analytics } = state;
  return (
    <div className="grid gap-4">
      <Card className="gap-3 p-4 sm:p-5">
        <CardHeader>
          <CardTitle asHeading="h3">Chart Filters</CardTitle>
          <CardDescription>Choose the period and whose activity the charts show.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row">
          <FilterSelect
            label="Time Range"
            value={String(filter.range) as `${AnalyticsRange}`}
            onChange={(value) => setFilter({ ...filter, range: Number(value) as AnalyticsRange })}
            options={rangeOptions}
            className="grid gap-1.5 sm:w-56"
          />
          <FilterSelect
            label="Role Filter"
            value={filter.role}
            onChange={(role) => setFilter({ ...filter, role })}
            options={roleOptions}
            className="grid gap-1.5 sm:w-56"
          />
        </CardContent>
      </Card>
      <div aria-busy={analytics.isFetching}>
        {analytics.isPending ? (
          <ChartsSkeleton />
        ) : analytics.isError || !analytics.data ? (
          <ListMessage role="alert">
            <p>The charts could not be loaded.</p>
            <Button type="button" variant="outline" className="mt-4" onClick={() => void analytics.refetch()}>
              Try again
            </Button>
          </ListMessage>
        ) : (
          <Suspense fallback={<ChartsSkeleton />}>
            <AdminCharts data={analytics.data} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
