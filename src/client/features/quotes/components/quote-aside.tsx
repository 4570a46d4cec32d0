import { CalendarCheck, ClipboardList, Phone, UserRoundCheck } from "lucide-react";
import { site } from "../../../../shared/site";
import { IconBadge } from "../../../components/icon-badge";
import { Card } from "../../../components/ui/card";

const steps = [
  {
    icon: ClipboardList,
    title: "Pros near you see it",
    text: "Landscapers who serve your ZIP see your request as soon as you send it.",
  },
  {
    icon: UserRoundCheck,
    title: "A local pro takes it",
    text: "A vetted landscaper near you takes it at the price shown and offers a date. If you picked 'Not sure', they propose the price too.",
  },
  {
    icon: CalendarCheck,
    title: "You approve",
    text: "Nothing is booked until you approve the price and date.",
  },
] as const;

/** What happens after submitting, and a phone line for people who would rather call. */
export function QuoteAside() {
  return (
    <aside className="grid gap-4 lg:sticky lg:top-24" aria-label="About your quote">
      <Card className="gap-4 p-5">
        <h2 className="text-base font-semibold text-slate-900">What happens next</h2>
        <ol className="grid gap-4">
          {steps.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <IconBadge icon={Icon} size="sm" round />
              <span className="grid gap-0.5 text-sm">
                <span className="font-semibold text-slate-900">{title}</span>
                <span className="text-slate-600">{text}</span>
              </span>
            </li>
          ))}
        </ol>
      </Card>
      <Card className="gap-2 bg-slate-50 p-5">
        <h2 className="text-base font-semibold text-slate-900">Prefer to talk?</h2>
        <p className="text-sm text-slate-600">Call us and we'll take your request over the phone.</p>
        <a
          href={site.phoneHref}
          className="inline-flex w-fit items-center gap-2 rounded-sm text-base font-semibold text-brand-700 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          <Phone className="size-4" aria-hidden="true" />
          {site.phone}
        </a>
      </Card>
    </aside>
  );
}
