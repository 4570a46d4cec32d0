import { useQueryClient } from "@tanstack/react-query";
import { Bell, CalendarDays, LayoutDashboard, Settings, UserRound, Wallet } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import type { LandscaperProfileView } from "../../../../shared/landscapers";
import type { SessionUser } from "../../../../shared/session";
import { ACCOUNT_LOAD_TIMEOUT_MS } from "../../../areas/access";
import { useAreaUser } from "../../../areas/area-layout";
import { PageBody } from "../../../components/page-body";
import { PageStatus } from "../../../components/page-status";
import { TroubleLoading } from "../../../components/trouble-loading";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { useTimedOut } from "../../../lib/use-timed-out";
import { ConversationFromLink } from "../../conversations";
import { AppUpdatePrompt, keepFieldSnapshot, useFieldSync } from "../../field";
import { EarningsPanel } from "../../payments";
import { useLandscaperProfile } from "../api/profile";
import { AlertsTab } from "../components/profile/alerts-tab";
import { ApplicationBanner } from "../components/profile/application-banner";
import { ProfileTab } from "../components/profile/profile-tab";
import { SettingsTab } from "../components/profile/settings-tab";
import { JobQueuePanel } from "../components/queue/job-queue";
import { ScheduleTab } from "../components/schedule/schedule-tab";

export function meta() {
  return [{ title: "Landscaper Dashboard | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

const dashboardTabs = [
  { value: "dashboard", label: "Dashboard", icon: LayoutDashboard },
  { value: "schedule", label: "Schedule", icon: CalendarDays },
  { value: "earnings", label: "Earnings", icon: Wallet },
  { value: "profile", label: "Profile", icon: UserRound },
  { value: "settings", label: "Settings", icon: Settings },
  { value: "alerts", label: "Alerts", icon: Bell },
] as const;
const tabs = dashboardTabs.map((tab) => tab.value);
type Tab = (typeof dashboardTabs)[number]["value"];

function tabOf(value: string | null): Tab {
  return (tabs as readonly string[]).includes(value ?? "") ? (value as Tab) : "dashboard";
}

const statusBadge = {
  pending: { label: "Pending review", variant: "warning" },
  approved: { label: "Approved", variant: "success" },
  denied: { label: "Not approved", variant: "destructive" },
} as const;
const pausedBadge = { label: "Paused from new jobs", variant: "warning" } as const;

/**
 * The landscaper dashboard (/landscaper-dashboard and /dashboard/landscaper). Visitors go to the landscaper
 * login, customers to their portal, admins to /admin; master users get a read-only preview.
 */
export default function LandscaperDashboardPage() {
  const { user, preview } = useAreaUser();
  const isLandscaper = !preview;
  const profile = useLandscaperProfile(isLandscaper);
  const profileSlow = useTimedOut(isLandscaper && profile.isPending, ACCOUNT_LOAD_TIMEOUT_MS);

  if (profileSlow || (isLandscaper && profile.isError))
    return <TroubleLoading loginPath="/login/landscaper" />;
  if (isLandscaper && profile.isPending) return <PageStatus>Loading...</PageStatus>;

  return (
    <Dashboard
      user={user}
      preview={preview}
      profile={isLandscaper ? (profile.data?.profile ?? null) : null}
    />
  );
}

/**
 * The landscaper's day without a network (issue 37): what the phone kept is sent as soon as it can, and
 * today's and tomorrow's visits are written to the phone whenever they are read.
 */
function useFieldDay(enabled: boolean) {
  const queryClient = useQueryClient();
  useFieldSync(enabled);
  useEffect(() => (enabled ? keepFieldSnapshot(queryClient) : undefined), [enabled, queryClient]);
}

function Dashboard({
  user,
  preview,
  profile,
}: {
  user: SessionUser;
  preview: boolean;
  profile: LandscaperProfileView | null;
}) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  useFieldDay(!preview);
  const status = profile?.status ?? null;
  // A green "Approved" right above "You're paused from new jobs" would contradict the banner.
  const badge =
    status === "approved" && profile?.pausedAt ? pausedBadge : status ? statusBadge[status] : null;

  const selectTab = (value: string) => {
    // From the latest URL, not this render's: arrow keys can change tabs faster than React re-renders.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "dashboard") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <PageBody>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">
            Landscaper Dashboard
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome, {user.firstName}!</h1>
          <p className="text-slate-600">
            {profile?.businessName ? `${profile.businessName} · ` : ""}Your jobs, profile and settings.
          </p>
        </div>
        {badge ? (
          <Badge variant={badge.variant} className="self-start px-3 py-1 text-sm sm:self-auto">
            {badge.label}
          </Badge>
        ) : null}
      </header>

      {preview ? null : <AppUpdatePrompt />}
      {preview ? (
        <Alert variant="info">
          <AlertTitle>Admin preview of the landscaper dashboard</AlertTitle>
          <AlertDescription>Bookings are hidden and job actions are disabled.</AlertDescription>
        </Alert>
      ) : (
        <ApplicationBanner profile={profile} statusParam={params.get("status")} />
      )}

      {/* min-w-0: a grid item, it would otherwise widen the page to the scrolling tab row's full length. */}
      <Tabs value={tab} onValueChange={selectTab} className="min-w-0">
        {/* On a phone the six tabs sit in one box of two rows of three, every one in sight: a row that
            scrolled sideways hid Profile, Settings and Alerts past the edge with nothing saying they were
            there. From sm up they fit on one row. */}
        <TabsList
          aria-label="Dashboard sections"
          className="grid grid-cols-3 sm:inline-flex sm:w-full sm:justify-start lg:w-fit"
        >
          {dashboardTabs.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="min-w-0 px-2 sm:shrink-0 sm:flex-none sm:px-4">
              <Icon aria-hidden="true" className="hidden sm:block" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="dashboard">
          <JobQueuePanel preview={preview} approved={status === "approved"} />
        </TabsContent>
        <TabsContent value="schedule">
          <ScheduleTab preview={preview} approved={status === "approved"} />
        </TabsContent>
        <TabsContent value="earnings">
          <EarningsPanel preview={preview} />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileTab user={user} profile={profile} preview={preview} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab user={user} />
        </TabsContent>
        <TabsContent value="alerts">
          <AlertsTab />
        </TabsContent>
      </Tabs>
      {/* Message notifications link here with ?conversation=<jobId>. */}
      {preview ? null : <ConversationFromLink />}
    </PageBody>
  );
}
