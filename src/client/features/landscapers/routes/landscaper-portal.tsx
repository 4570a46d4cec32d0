import { BellRing, ClipboardCheck, FileUp, LayoutDashboard } from "lucide-react";
import type { SessionUser } from "../../../../shared/session";
import { site } from "../../../../shared/site";
import { useAreaUser } from "../../../areas/area-layout";
import { type LinkCardItem, LinkCards } from "../../../components/link-card";
import { Badge } from "../../../components/ui/badge";
import { Card, CardDescription, CardTitle } from "../../../components/ui/card";

export function meta() {
  return [{ title: "Landscaper Portal | GreenScape Charlotte" }];
}

type Status = SessionUser["landscaperStatus"];

const statusCopy: Record<
  NonNullable<Status> | "none",
  { label: string; variant: "muted" | "warning" | "success" | "destructive"; text: string }
> = {
  none: {
    label: "Not started",
    variant: "muted",
    text: "Tell us about your business and where you work to apply for jobs.",
  },
  pending: {
    label: "Pending review",
    variant: "warning",
    text: "Our team is reviewing your application. We'll email you as soon as it is decided.",
  },
  approved: {
    label: "Approved",
    variant: "success",
    text: "You're approved: new jobs in your service area show up in your job queue.",
  },
  denied: {
    label: "Not approved",
    variant: "destructive",
    text: `Your application was not approved. Questions? Write to ${site.supportEmail}.`,
  },
};

/**
 * The landscaper's landing page (also where a landscaper password reset ends). Visitors go to the
 * landscaper login; customers and admins to their own home. Master users may look.
 */
export default function LandscaperPortalPage() {
  const { user } = useAreaUser();

  const status = statusCopy[user.landscaperStatus ?? "none"];
  const links: LinkCardItem[] = [
    ...(user.landscaperStatus === null
      ? [
          {
            to: "/onboarding/landscaper",
            title: "Finish your application",
            text: "Business details, service area and consent.",
            icon: ClipboardCheck,
            primary: true,
          },
        ]
      : []),
    {
      to: "/landscaper-dashboard",
      title: "Go to your dashboard",
      text: "Your job queue, profile and settings.",
      icon: LayoutDashboard,
    },
    {
      to: "/upload-documents",
      title: "Upload documents",
      text: "Proof of ID, liability insurance and certifications.",
      icon: FileUp,
    },
    {
      to: "/dashboard/settings/notifications",
      title: "Notification settings",
      text: "Choose how we tell you about new jobs.",
      icon: BellRing,
    },
  ];

  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Landscaper Portal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Welcome, {user.firstName}!
        </h1>

        <Card className="mt-8 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle asHeading="h2">Application status</CardTitle>
            <Badge variant={status.variant}>{status.label}</Badge>
          </div>
          <CardDescription>{status.text}</CardDescription>
        </Card>

        <h2 className="sr-only">Shortcuts</h2>
        <LinkCards links={links} className="mt-6" />
      </div>
    </div>
  );
}
