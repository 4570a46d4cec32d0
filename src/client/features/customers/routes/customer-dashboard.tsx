import { LayoutDashboard, Plus, UserRound } from "lucide-react";
import { useSearchParams } from "react-router";
import type { SessionUser } from "../../../../shared/session";
import { useAreaUser } from "../../../areas/area-layout";
import { PageBody } from "../../../components/page-body";
import { ButtonLink } from "../../../components/ui/button-link";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { cn } from "../../../lib/utils";
import { ConversationFromLink } from "../../conversations";
import { useCustomerProfile } from "../api/customer-profile";
import { ProfilePanel } from "../components/profile-panel";
import { RequestsPanel } from "../components/requests-panel";
import { WelcomeBanner } from "../components/welcome-banner";
import { useWelcomeBanner } from "../hooks/use-welcome-banner";

export function meta() {
  return [{ title: "My Project Dashboard | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

type Tab = "dashboard" | "profile";

export default function CustomerDashboardPage() {
  const { user } = useAreaUser();
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "profile" ? "profile" : "dashboard";
  const profile = useCustomerProfile(user.role === "customer");
  const welcome = useWelcomeBanner(profile.data?.signedInAt);

  const selectTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === "profile") next.set("tab", "profile");
    else next.delete("tab");
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <PageBody>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Project Dashboard</h1>
          <p className="text-slate-600">Follow your requests, approve quotes and rate finished work.</p>
        </div>
        <ButtonLink to="/instant-quote" className="w-full sm:w-auto" icon={Plus}>
          Get Instant Quote
        </ButtonLink>
      </header>

      {welcome.mounted ? (
        <div
          className={cn(
            "-mb-6 grid transition-[grid-template-rows,opacity] duration-300 motion-reduce:transition-none",
            welcome.visible ? "grid-rows-[1fr] opacity-100" : "grid-rows-[0fr] opacity-0",
          )}
        >
          <div className="min-h-0 overflow-hidden">
            <div className="pb-6">
              <WelcomeBanner
                firstName={user.firstName}
                returning={profile.data?.returning ?? true}
                onDismiss={welcome.dismiss}
              />
            </div>
          </div>
        </div>
      ) : null}

      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="dashboard">
            <LayoutDashboard aria-hidden="true" />
            Dashboard
          </TabsTrigger>
          <TabsTrigger value="profile">
            <UserRound aria-hidden="true" />
            My Profile
          </TabsTrigger>
        </TabsList>
        <TabsContent value="dashboard">
          <RequestsPanel />
        </TabsContent>
        <TabsContent value="profile">
          <ProfilePanel user={user} />
        </TabsContent>
      </Tabs>
      {/* Message notifications link here with ?conversation=<jobId>. */}
      <ConversationFromLink />
    </PageBody>
  );
}
