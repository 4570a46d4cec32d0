import { ArrowRight, BellRing, ClipboardCheck, FileUp, LayoutDashboard, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { SessionUser } from "../../../../shared/session";
import { site } from "../../../../shared/site";
import { useAreaUser } from "../../../areas/area-layout";
import { Badge } from "../../../components/ui/badge";
import { Card, CardDescription, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";

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
  const links: { to: string; title: string; text: string; icon: LucideIcon; primary?: boolean }[] = [
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
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {links.map(({ to, title, text, icon: Icon, primary }) => (
            <li key={to}>
              <Link
                to={to}
                className={cn(
                  "group flex h-full items-start gap-4 rounded-xl border bg-white p-5 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none",
                  primary ? "border-brand-600" : "border-slate-200",
                )}
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="grid flex-1 gap-1">
                  <span className="font-semibold text-slate-900">{title}</span>
                  <span className="text-sm text-slate-600">{text}</span>
                </span>
                <ArrowRight
                  className="mt-1 size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
