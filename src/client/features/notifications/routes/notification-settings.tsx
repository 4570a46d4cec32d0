import { History } from "lucide-react";
import type { SessionUser } from "../../../../shared/session";
import { useAreaUser } from "../../../areas/area-layout";
import { PageBody } from "../../../components/page-body";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { NotificationPreferencesForm } from "../components/notification-preferences-form";
import { NotificationsPageHeader } from "../components/page-header";
import { HISTORY_PATH } from "../lib/paths";
import { alertTopics } from "../lib/topics";

export function meta() {
  return [{ title: "Notification Settings | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

export default function NotificationSettingsPage() {
  const { user } = useAreaUser();
  return <Settings user={user} />;
}

function Settings({ user }: { user: SessionUser }) {
  return (
    <PageBody width="3xl">
      <NotificationsPageHeader
        user={user}
        title="Notification Settings"
        description={`Choose how we reach you about ${alertTopics(user)}.`}
        otherScreen={{ to: HISTORY_PATH, label: "Notification History", icon: History }}
      />
      <Card className="gap-6">
        <CardHeader>
          <CardTitle asHeading="h2">Notification Preferences</CardTitle>
          <CardDescription>
            Alerts always appear in your notification history. These settings add other channels.
          </CardDescription>
        </CardHeader>
        <NotificationPreferencesForm />
      </Card>
    </PageBody>
  );
}
