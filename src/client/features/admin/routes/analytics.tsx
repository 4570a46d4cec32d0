import { ArrowLeft, RefreshCw } from "lucide-react";
import { adminMessages } from "../../../../shared/admin";
import { todayInCharlotte } from "../../../../shared/dates";
import { exportFileName } from "../../../../shared/exports";
import { ButtonLink } from "../../../components/ui/button-link";
import { exportUrl } from "../api/admin-api";
import { AdminPage } from "../components/admin-page";
import { BookingFiguresPanel } from "../components/booking-figures";
import { ChartPanel, useChartFilters } from "../components/chart-panel";
import { ExportButton, ZipExportButton } from "../components/export-button";
import { PricingFiguresPanel } from "../components/pricing-figures";

export function meta() {
  return [{ title: "Analytics | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export default function AnalyticsPage() {
  const charts = useChartFilters();
  const computedAt = charts.analytics.data?.computedAt;
  return (
    <AdminPage
      title="Analytics & Performance Insights"
      description="Bookings, landscaper performance and client engagement over the period you choose."
      actions={
        <>
          <ExportButton
            url={exportUrl("analytics.csv", { range: charts.filter.range, role: charts.filter.role })}
            fallbackName={exportFileName("analytics", todayInCharlotte())}
            label="Export Analytics CSV"
            success={() => ({ title: adminMessages.analyticsExported })}
          />
          <ZipExportButton />
        </>
      }
    >
      <section aria-labelledby="charts-heading">
        <h2 id="charts-heading" className="sr-only">
          Charts
        </h2>
        <ChartPanel state={charts} />
      </section>

      {/* Side by side on a wide screen: both read the range the charts' filter chose. */}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PricingFiguresPanel range={charts.filter.range} />
        <BookingFiguresPanel range={charts.filter.range} />
      </div>

      <footer className="flex flex-col gap-4 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
          <span>
            {adminMessages.refreshNote} Last updated:{" "}
            {computedAt ? <time dateTime={computedAt}>{timeFormat.format(new Date(computedAt))}</time> : "—"}
          </span>
        </p>
        <ButtonLink to="/admin" variant="outline" icon={ArrowLeft}>
          Back to Admin
        </ButtonLink>
      </footer>
    </AdminPage>
  );
}
