import { CalendarDays, CircleCheck, Leaf, Mail, MapPin, Phone, ShieldCheck, Star, Timer } from "lucide-react";
import type * as React from "react";
import { site } from "../../../../shared/site";
import { IconBadge } from "../../../components/icon-badge";
import { Badge } from "../../../components/ui/badge";
import { ButtonLink } from "../../../components/ui/button-link";
import { fullTitleMeta } from "../../../lib/meta";
import { container, focusRing } from "../../../lib/styles";
import { cn } from "../../../lib/utils";
import { HowItWorks, LeafPattern, PointCards, QuoteButtonOnBrand, Section } from "../components/page-parts";
import { neighborhoods } from "../content/areas";

export function meta() {
  return fullTitleMeta(
    `${site.name} — Instant Landscaping Quotes in Charlotte, NC`,
    "Book vetted, insured lawn and garden pros in Charlotte, NC in about 60 seconds. Mowing, mulch, shrub trimming, leaf removal and more; nothing is booked until you approve the price and date.",
  );
}

const steps = [
  {
    icon: MapPin,
    title: "Enter your address and pick a service",
    text: "Mowing, mulch, leaf removal, a full seasonal clean-up: choose one or several, give your lot's size and see a firm price at once.",
  },
  {
    icon: CalendarDays,
    title: "Choose a date",
    text: "Pick the day that suits you. Weekday, weekend, this week or next month.",
  },
  {
    icon: CircleCheck,
    title: "Confirmed and scheduled",
    text: "A vetted pro near you takes your request at that price and offers the day; once you approve, the visit is on the calendar.",
  },
];

const highlights = [
  {
    icon: Leaf,
    title: "Eco-friendly",
    text: "Low-noise equipment where it counts, mulch from local suppliers and clippings returned to the soil.",
  },
  {
    icon: Star,
    title: "Top-rated experts",
    text: "Every landscaper is vetted, insured and background-checked, and reviewed after every job.",
  },
  {
    icon: Timer,
    title: "Book in 60 seconds",
    text: "No phone tag and no site-visit runaround. A short form, and your request is on its way.",
  },
];

const heroOutline =
  "px-5 border-white/50 bg-transparent text-white hover:bg-white/10 hover:text-white focus-visible:ring-white focus-visible:ring-offset-brand-900";

export default function HomePage() {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <LeafPattern className="-z-10 text-white/[0.06]" />
        <div
          aria-hidden="true"
          className="absolute -top-40 -right-32 -z-10 size-[32rem] rounded-full bg-brand-600/40 blur-3xl"
        />
        <div
          className={cn(
            container,
            "grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10 xl:grid-cols-[minmax(0,1fr)_24rem]",
          )}
        >
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15">
              <MapPin className="size-4" aria-hidden="true" />
              Lawn &amp; garden care in {site.area}
            </p>
            <h1 className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-[3.5rem]">
              {site.tagline}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-brand-100">
              Tell us your address, pick a service and see a firm price. Book a vetted, insured local pro who
              is free on your day, or let the pros who serve your street offer one: from Myers Park and
              Dilworth to Ballantyne, Matthews and Huntersville.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <QuoteButtonOnBrand className="px-5 shadow-sm focus-visible:ring-offset-brand-900" />
              <ButtonLink to="/login/client" size="lg" variant="outline" className={heroOutline}>
                Client Login
              </ButtonLink>
              <ButtonLink to="/login/landscaper" size="lg" variant="outline" className={heroOutline}>
                Landscaper Login
              </ButtonLink>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-brand-100">
              {[
                "Free, no-obligation quotes",
                "Nothing booked until you approve",
                "No account needed to ask",
              ].map((item) => (
                <li key={item} className="flex items-center gap-1.5">
                  <CircleCheck className="size-4 text-brand-200" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <SampleBooking />
        </div>
      </section>

      <div className="border-b border-slate-200 bg-white">
        <div className={cn(container, "flex flex-col gap-3 py-5 sm:flex-row sm:items-center sm:gap-6")}>
          <p className="shrink-0 text-sm font-semibold text-slate-900">
            Serving neighborhoods across Charlotte
          </p>
          <ul className="flex flex-wrap gap-2">
            {neighborhoods.map((name) => (
              <li key={name}>
                <Badge variant="outline" className="font-medium">
                  {name}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <HowItWorks
        title="Three steps to a tidier yard"
        intro="Booking landscaping should be as easy as ordering takeout. Here's the whole process."
        steps={steps}
      />

      <Section
        id="why-greenscape"
        tinted
        eyebrow="Why GreenScape"
        title="Local pros, modern booking"
        intro="We started in Charlotte and we stay in Charlotte. Our landscapers know red clay, Bermuda and fescue, and how fast a July lawn grows."
      >
        <PointCards points={highlights} className="grid gap-6 md:grid-cols-3" />
        <div className="mt-10 flex flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-semibold text-brand-900">Are you a landscaper?</h3>
            <p className="mt-1 text-sm text-slate-700">
              Join our network of Charlotte pros and get matched with jobs near you.
            </p>
          </div>
          <ButtonLink
            to="/register/landscaper"
            variant="outline"
            className="border-brand-700 text-brand-800 hover:bg-white"
          >
            Landscaper Sign Up
          </ButtonLink>
        </div>
      </Section>

      <ContactSection />
    </>
  );
}

/** Illustration of a confirmed booking; decorative, so hidden from assistive technology. */
function SampleBooking() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full lg:block">
      <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-2xl shadow-black/30 ring-1 ring-black/5">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold text-slate-500">Your booking</p>
          <Badge variant="success">
            <CircleCheck />
            Confirmed
          </Badge>
        </div>
        <p className="mt-3 text-xl font-bold">Lawn Mowing + Edging</p>
        <dl className="mt-5 grid gap-3 text-sm">
          <div className="flex items-center gap-3">
            <MapPin className="size-4 text-brand-700" />
            <dt className="sr-only">Where</dt>
            <dd>East Blvd, Dilworth</dd>
          </div>
          <div className="flex items-center gap-3">
            <CalendarDays className="size-4 text-brand-700" />
            <dt className="sr-only">When</dt>
            <dd>Saturday, 9:00 AM</dd>
          </div>
          <div className="flex items-center gap-3">
            <Star className="size-4 text-brand-700" />
            <dt className="sr-only">Pro</dt>
            <dd>Matched with a 4.9-star local crew</dd>
          </div>
        </dl>
        <div className="mt-6 h-2 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full w-full rounded-full bg-brand-600" />
        </div>
        <p className="mt-2 text-xs text-slate-500">Quote → Date → Scheduled</p>
      </div>
      <div className="absolute -bottom-5 -left-6 flex items-center gap-2 rounded-xl bg-white px-4 py-3 text-sm font-semibold text-slate-900 shadow-xl ring-1 ring-black/5">
        <Timer className="size-5 text-brand-700" />
        Firm price before you book
      </div>
    </div>
  );
}

function ContactSection() {
  return (
    <section
      id="contact"
      tabIndex={-1}
      aria-labelledby="contact-heading"
      className="scroll-mt-20 bg-white py-16 outline-none sm:py-20 md:scroll-mt-32 xl:scroll-mt-20"
    >
      <div className={cn(container, "grid grid-cols-1 gap-10 lg:grid-cols-2 lg:gap-16")}>
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Contact</p>
          <h2
            id="contact-heading"
            className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            Talk to a real person in Charlotte
          </h2>
          <p className="mt-3 text-slate-600 sm:text-lg">
            Questions about a quote, a booking or joining as a landscaper? Call or email us. We're a local
            team and we answer our own phones.
          </p>
          <div className="mt-6 flex items-start gap-3 rounded-xl bg-brand-50 p-5 ring-1 ring-brand-200">
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <p className="text-sm text-brand-900">
              <strong className="font-semibold">Our promise:</strong> the price you're quoted is the price,
              unless you say yes to a change; nothing is booked or charged until you approve, and you pay for
              the work only once it is done.
            </p>
          </div>
        </div>
        <ul className="grid grid-cols-1 content-start gap-4">
          <ContactCard href={site.phoneHref} icon={Phone} label="Call us">
            {site.phone}
          </ContactCard>
          <ContactCard href={`mailto:${site.infoEmail}`} icon={Mail} label="General info">
            <BreakableEmail address={site.infoEmail} />
          </ContactCard>
          <ContactCard href={`mailto:${site.supportEmail}`} icon={Mail} label="Customer support">
            <BreakableEmail address={site.supportEmail} />
          </ContactCard>
          <ContactCard icon={MapPin} label="Service area">
            {site.area} <span className="font-normal text-slate-600">and surrounding towns</span>
          </ContactCard>
        </ul>
      </div>
    </section>
  );
}

/** One way to reach us: a link when it can be tapped (call, email), plain text when not (the area). */
function ContactCard({
  href,
  icon: Icon,
  label,
  children,
}: {
  href?: string;
  icon: typeof Phone;
  label: string;
  children: React.ReactNode;
}) {
  const body = (
    <>
      <IconBadge icon={Icon} />
      <span className="min-w-0">
        <span className="block text-sm text-slate-600">{label}</span>
        <span className="block font-semibold break-words text-slate-900">{children}</span>
      </span>
    </>
  );
  const card = "flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
  return (
    <li>
      {href ? (
        <a
          href={href}
          className={cn(card, "transition-colors hover:border-brand-600 hover:bg-brand-50/40", focusRing)}
        >
          {body}
        </a>
      ) : (
        <div className={card}>{body}</div>
      )}
    </li>
  );
}

/** An email address that, when it must wrap on a narrow screen, wraps after the "@" rather than mid-word. */
function BreakableEmail({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
