import { BellRing, History } from "lucide-react";
import { type LinkCardItem, LinkCards } from "../../../../components/link-card";

const links: LinkCardItem[] = [
  {
    to: "/dashboard/settings/notifications",
    title: "Notification Settings",
    text: "Choose push, SMS and email alerts for new jobs and updates.",
    icon: BellRing,
  },
  {
    to: "/dashboard/notifications",
    title: "Notification History",
    text: "Every alert we've sent you, with search and filters.",
    icon: History,
  },
];

/** The alerts tab: the two notification screens. */
export function AlertsTab() {
  return (
    <div className="grid gap-4">
      <h2 className="sr-only">Alerts</h2>
      <LinkCards links={links} />
    </div>
  );
}
