import {
  ArrowRight,
  CalendarDays,
  CalendarPlus,
  ClipboardList,
  type LucideIcon,
  UserRound,
} from "lucide-react";
import { Link } from "react-router";
import { formatLongDate } from "../../../../shared/dates";
import { jobLabel, serviceName } from "../../../../shared/services";
import type { SessionUser } from "../../../../shared/session";
import { useAreaUser } from "../../../areas/area-layout";
import { IconBadge } from "../../../components/icon-badge";
import { PageBody } from "../../../components/page-body";
import { Skeleton } from "../../../components/skeleton";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { ButtonLink } from "../../../components/ui/button-link";
import { Card } from "../../../components/ui/card";
import { useCustomerJobs, useNextJob } from "../api/customer-jobs";
import { useCustomerProfile } from "../api/customer-profile";
import { AddToCalendar } from "../components/add-to-calendar";
import { AwaitingCard } from "../components/awaiting-card";
import { PreviewNotice } from "../components/preview-notice";
import { UnconfirmedRequests, unconfirmedRequests } from "../components/unconfirmed-requests";

export function meta() {
  return [{ title: "Customer Portal | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

const shortcuts: { title: string; text: string; to: string; icon: LucideIcon }[] = [
  {
    title: "Book Service",
    text: "Get an instant estimate for any of our seven lawn and garden services.",
    to: "/instant-quote",
    icon: CalendarPlus,
  },
  {
    title: "My Bookings",
    text: "Follow your requests, approve quotes and rate finished work.",
    to: "/dashboard/customer",
    icon: ClipboardList,
  },
  {
    title: "Profile",
    text: "Keep your service address and phone number up to date.",
    to: "/dashboard/customer?tab=profile",
    icon: UserRound,
  },
];

export default function CustomerPortalPage() {
  const { user } = useAreaUser();
  return <Portal user={user} />;
}

function Portal({ user }: { user: SessionUser }) {
  const isCustomer = user.role === "customer";
  const profile = useCustomerProfile(isCustomer);
  const jobs = useCustomerJobs();
  const needsOnboarding = isCustomer && profile.isSuccess && profile.data.profile === null;

  return (
    <PageBody>
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 to-brand-700 px-6 py-8 text-white shadow-md sm:px-8 sm:py-10">
        <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Customer Portal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Welcome, {user.firstName}!
        </h1>
        <p className="mt-3 max-w-2xl text-brand-50">
          Book lawn and garden work, follow your bookings and keep your details up to date, all in one place.
        </p>
      </section>

      {jobs.data?.preview ? <PreviewNotice /> : null}

      {needsOnboarding ? (
        <Alert variant="warning">
          <AlertTitle>Finish setting up your account</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
            Tell us where you need service so we can match you with a landscaper nearby.
            <ButtonLink to="/onboarding/client" size="sm">
              Complete your profile
            </ButtonLink>
          </AlertDescription>
        </Alert>
      ) : null}

      <UnconfirmedRequests
        quotes={unconfirmedRequests(user, jobs.data?.jobs.map((job) => job.number) ?? [])}
        email={user.email}
      />

      <AwaitingCard jobs={jobs.data?.jobs ?? []} />

      <UpcomingService />

      <nav aria-label="Customer shortcuts">
        <ul className="grid gap-4 sm:grid-cols-3">
          {shortcuts.map(({ title, text, to, icon: Icon }) => (
            <li key={title}>
              <Link
                to={to}
                className="group flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50/40 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                <IconBadge icon={Icon} size="lg" />
                <span className="flex items-center gap-1 text-lg font-semibold text-slate-900">
                  {title}
                  <ArrowRight
                    className="size-4 text-brand-700 transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </span>
                <span className="text-sm text-slate-600">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageBody>
  );
}

function UpcomingService() {
  const next = useNextJob();
  const job = next.data?.job ?? null;

  return (
    <Card className="gap-4 p-5 sm:p-6" aria-labelledby="upcoming-heading">
      <div className="flex items-center gap-3">
        <IconBadge icon={CalendarDays} round />
        <h2 id="upcoming-heading" className="text-lg font-semibold text-slate-900">
          Upcoming Service
        </h2>
      </div>
      {next.isPending ? (
        <Skeleton label="Loading" className="h-16" />
      ) : next.isError ? (
        <p className="text-sm text-red-700">We couldn't load your next service: {next.error.message}</p>
      ) : job?.scheduledDate ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs font-medium text-slate-500">Date</dt>
              <dd className="mt-0.5 font-semibold text-slate-900">{formatLongDate(job.scheduledDate)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500">Service type</dt>
              <dd className="mt-0.5 font-semibold text-slate-900">
                {job.services.map(serviceName).join(", ")}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500">Job ID</dt>
              <dd className="mt-0.5 font-mono font-semibold text-slate-900">{jobLabel(job.number)}</dd>
            </div>
          </dl>
          <div className="flex flex-col gap-2 sm:flex-row">
            <AddToCalendar job={job} className="w-full sm:w-auto" />
            <ButtonLink to="/dashboard/customer" variant="outline" className="w-full sm:w-auto">
              View booking
            </ButtonLink>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4 rounded-lg border border-dashed border-slate-300 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <p className="font-semibold text-slate-900">No Scheduled Services</p>
            <p className="text-sm text-slate-600">
              Once you approve a landscaper's quote, your next visit shows here.
            </p>
          </div>
          <ButtonLink to="/instant-quote" className="w-full sm:w-auto">
            Book Your First Service
          </ButtonLink>
        </div>
      )}
    </Card>
  );
}
