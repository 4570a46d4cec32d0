import {
  ArrowLeft,
  BarChart3,
  BellRing,
  BriefcaseBusiness,
  CircleDollarSign,
  HandCoins,
  Landmark,
  type LucideIcon,
  MailWarning,
  Percent,
  Repeat,
  Settings,
  UserCog,
  Users,
  Wallet,
} from "lucide-react";
import type * as React from "react";
import type { DashboardSummary } from "../../../../shared/admin";
import { formatCents } from "../../../../shared/services";
import { LinkCard } from "../../../components/link-card";
import { LoadError } from "../../../components/load-error";
import { ButtonLink } from "../../../components/ui/button-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";
import { useDashboardSummary } from "../api/admin-api";
import { AdminPage } from "../components/admin-page";
import { ChartPanel, useChartFilters } from "../components/chart-panel";
import { HealthTiles } from "../components/health-tiles";
import { JobHistory } from "../components/job-history";
import { PausedLandscapers } from "../components/paused-landscapers";

export function meta() {
  return [{ title: "Admin Dashboard | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

const count = (value: number) => value.toLocaleString("en-US");

function SectionHeading({
  id,
  children,
  description,
}: {
  id: string;
  children: string;
  description?: string;
}) {
  return (
    <div>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {children}
      </h2>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
    </div>
  );
}

interface Tile {
  label: string;
  value: (summary: DashboardSummary) => string;
  icon: LucideIcon;
  tone: string;
  hint?: string;
}

const summaryTiles: Tile[] = [
  { label: "Total Users", value: (s) => count(s.users.total), icon: Users, tone: "bg-sky-100 text-sky-800" },
  {
    label: "Total Jobs",
    value: (s) => count(s.jobs.total),
    icon: BriefcaseBusiness,
    tone: "bg-slate-100 text-slate-700",
  },
  {
    label: "Total Revenue",
    value: (s) => formatCents(s.money.revenueCents),
    icon: CircleDollarSign,
    tone: "bg-emerald-100 text-emerald-800",
  },
  {
    label: "Platform Earnings",
    value: (s) => formatCents(s.money.platformCents),
    icon: Landmark,
    tone: "bg-brand-100 text-brand-800",
  },
];

const payoutTiles: Tile[] = [
  {
    label: "Total Revenue",
    value: (s) => formatCents(s.money.revenueCents),
    icon: CircleDollarSign,
    tone: "bg-emerald-100 text-emerald-800",
    hint: "Charged for approved work and late cancellations, less refunds",
  },
  {
    label: "Tips",
    value: (s) => formatCents(s.money.tipsCents),
    icon: HandCoins,
    tone: "bg-amber-100 text-amber-900",
    hint: "100% to landscapers",
  },
  {
    label: "Platform Earnings",
    value: (s) => formatCents(s.money.platformCents),
    icon: Landmark,
    tone: "bg-brand-100 text-brand-800",
    hint: "25% of each charge for work (fees go to landscapers)",
  },
  {
    label: "Landscaper Payouts",
    value: (s) => formatCents(s.money.payoutsCents),
    icon: Wallet,
    tone: "bg-sky-100 text-sky-800",
    hint: "75% of each charge for work, all tips and fees",
  },
  {
    label: "Active Series",
    value: (s) => count(s.recurring?.activeSeries ?? 0),
    icon: Repeat,
    tone: "bg-violet-100 text-violet-800",
    hint: "Weekly, every 2 weeks or monthly service",
  },
  {
    label: "Recurring Revenue",
    value: (s) =>
      s.recurring?.revenueSharePercent === null || s.recurring?.revenueSharePercent === undefined
        ? "—"
        : `${s.recurring.revenueSharePercent}%`,
    icon: Percent,
    tone: "bg-teal-100 text-teal-800",
    hint: "Share of revenue from series visits",
  },
];

/** The four platform tiles: two per row on a phone, four on a wide screen. */
function Tiles({ tiles, summary }: { tiles: Tile[]; summary: DashboardSummary | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {tiles.map(({ label, value, icon: Icon, tone }) => (
        // The icon sits inside the <dt>: a <dl> group may hold only <dt> and <dd>.
        <div
          key={label}
          className="relative grid min-w-0 content-center gap-0.5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:py-5 sm:pr-5 sm:pl-[4.5rem]"
        >
          <dt className="text-sm font-medium text-slate-600">
            <span
              className={cn(
                "absolute top-1/2 left-5 hidden size-10 -translate-y-1/2 items-center justify-center rounded-lg sm:flex",
                tone,
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            {label}
          </dt>
          <dd className="truncate text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">
            {summary ? value(summary) : <span className="text-slate-400">–</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Figures inside a card: a tinted box each, with what the figure is made of underneath. */
function CardFigures({ tiles, summary }: { tiles: Tile[]; summary: DashboardSummary | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3">
      {tiles.map(({ label, value, icon: Icon, tone, hint }) => (
        <div key={label} className="grid content-start gap-1 rounded-lg bg-slate-50 p-3 sm:p-4">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <span className={cn("flex size-7 shrink-0 items-center justify-center rounded-md", tone)}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            {label}
          </dt>
          <dd className="truncate text-xl font-bold text-slate-900 tabular-nums">
            {summary ? value(summary) : <span className="text-slate-400">–</span>}
          </dd>
          {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function Section({ id, children, className }: { id: string; children: React.ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn("grid content-start gap-3", className)}>
      {children}
    </section>
  );
}

export default function AdminDashboardPage() {
  const summary = useDashboardSummary();
  const data = summary.data;
  const charts = useChartFilters();

  return (
    <AdminPage
      title="Admin Dashboard"
      description="Live figures from every booking, payment and application on GreenScape Charlotte."
      actions={
        <ButtonLink to="/admin/analytics" variant="outline" icon={BarChart3}>
          Analytics
        </ButtonLink>
      }
    >
      {summary.isError ? (
        <LoadError title="The dashboard figures could not be loaded." query={summary} />
      ) : null}

      {/* A work queue comes first: a landscaper paused from new jobs waits for an admin's review. */}
      <PausedLandscapers />

      <Section id="notification-center">
        <SectionHeading id="notification-center">Notification Center</SectionHeading>
        <div className="grid gap-3 sm:grid-cols-2">
          <LinkCard
            to="/dashboard/settings/notifications"
            icon={Settings}
            title="Notification Settings"
            text="Push, SMS and email preferences"
          />
          <LinkCard
            to="/dashboard/notifications"
            icon={BellRing}
            title="Notification History"
            text="Your recent alerts"
          />
          <LinkCard
            to="/admin/deliveries"
            icon={MailWarning}
            title="Failed Deliveries"
            text={
              !data
                ? "Messages that could not be sent"
                : data.failedDeliveries === 0
                  ? "Every message was delivered"
                  : `${data.failedDeliveries} message${data.failedDeliveries === 1 ? "" : "s"} could not be sent`
            }
          />
        </div>
      </Section>

      <Section id="platform-summary">
        <SectionHeading id="platform-summary">Platform Summary</SectionHeading>
        <Tiles tiles={summaryTiles} summary={data} />
      </Section>

      <HealthTiles />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="user-management" role="region">
          <CardHeader>
            <CardTitle asHeading="h2" id="user-management" className="flex items-center gap-2">
              <UserCog className="size-5 text-brand-700" aria-hidden="true" />
              User Management
            </CardTitle>
            <CardDescription>
              Accounts by role; admins include those granted by the server's settings.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <dl className="grid grid-cols-3 gap-3 text-center">
              {(
                [
                  ["Customers", data?.users.customers],
                  ["Landscapers", data?.users.landscapers],
                  ["Admins", data?.users.admins],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-lg bg-slate-50 px-2 py-3">
                  <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
                  <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
                    {value === undefined ? <span className="text-slate-400">–</span> : count(value)}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="grid gap-2 sm:grid-cols-2">
              <ButtonLink
                to="/admin/users"
                variant="outline"
                className="h-auto min-h-10 py-2 whitespace-normal"
              >
                {"Manage Users & Export Clients"}
              </ButtonLink>
              <ButtonLink
                to="/admin/landscaper-approvals"
                variant="outline"
                className="h-auto min-h-10 py-2 whitespace-normal"
              >
                {"Landscaper Approvals & Export"}
              </ButtonLink>
            </div>
          </CardContent>
        </Card>

        <Card aria-labelledby="revenue-summary" role="region">
          <CardHeader>
            <CardTitle asHeading="h2" id="revenue-summary" className="flex items-center gap-2">
              <Wallet className="size-5 text-brand-700" aria-hidden="true" />
              {"Revenue & Payout Summary"}
            </CardTitle>
            <CardDescription>
              From completed jobs: the platform keeps 25%, landscapers get 75% and every tip.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CardFigures tiles={payoutTiles} summary={data} />
          </CardContent>
        </Card>
      </div>

      <Card aria-labelledby="job-history" role="region" className="p-4 sm:p-6">
        <CardHeader>
          <CardTitle asHeading="h2" id="job-history">
            Job History
          </CardTitle>
          <CardDescription>The latest jobs matching your search.</CardDescription>
        </CardHeader>
        <CardContent>
          <JobHistory variant="dashboard" />
        </CardContent>
      </Card>

      <Section id="charts">
        <SectionHeading id="charts" description="Bookings, top landscapers and client engagement.">
          Performance Charts
        </SectionHeading>
        <ChartPanel state={charts} />
      </Section>

      <div>
        <ButtonLink to="/" variant="ghost" icon={ArrowLeft}>
          Return to Home
        </ButtonLink>
      </div>
    </AdminPage>
  );
}
