import {
  BadgeCheck,
  ClipboardList,
  FileText,
  Handshake,
  MapPin,
  ShieldCheck,
  Star,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "../../../components/ui/button-link";
import { pageMeta } from "../../../lib/meta";
import { ProListSection } from "../../profiles";
import { HowItWorks, PageHero, PointCards, QuoteCallout, Section } from "../components/page-parts";
import { services } from "../content/services";

export function meta() {
  return pageMeta(
    "Find Professionals",
    "Find an approved Charlotte landscaper by neighborhood and service, read verified reviews from their customers here, and book online.",
  );
}

const steps = [
  {
    icon: ClipboardList,
    title: "Request a quote",
    text: "Tell us your address, the services you need and a date that works. It takes about a minute, and you don't need an account.",
  },
  {
    icon: MapPin,
    title: "Get your price and a pro",
    text: "Tell us your lot's size and you see a firm price at once. Your request is matched by location, availability and service type: vetted landscapers who serve your ZIP and offer the service see it, and the one with time on your date takes it at that price.",
  },
  {
    icon: Handshake,
    title: "Review and approve",
    text: "Your landscaper offers a date (and the price, if you weren't sure of the size). Message them with any questions, and approve when you're happy. Nothing is booked until you say so.",
  },
];

const reasons = [
  {
    icon: BadgeCheck,
    title: "Vetted",
    text: "We review each landscaper's experience, equipment and references before they join, and keep reviewing after every job.",
  },
  {
    icon: ShieldCheck,
    title: "Insured",
    text: "We check each pro's liability insurance certificate, and their profile shows until when it is valid: the Insured badge goes the day it lapses.",
  },
  {
    icon: Users,
    title: "Background-checked",
    text: "Landscapers consent to a background check as part of onboarding, so you know who's coming to your home.",
  },
  {
    icon: Star,
    title: "Rated by neighbors",
    text: "Reviews come only from customers of completed, paid visits, and better-rated pros rank higher when you choose one.",
  },
];

export default function ProfessionalsPage() {
  return (
    <>
      <PageHero
        eyebrow="Find Professionals"
        title="Top-rated Charlotte landscapers, matched to your yard"
        lead={
          <p>
            Find an approved pro by neighborhood and service and read what their customers here say, or skip
            the search: tell us what your property needs and a vetted local pro who works in your neighborhood
            and has time on the date you choose takes it.
          </p>
        }
      >
        <ButtonLink to="/instant-quote" size="lg">
          Get an Instant Quote
        </ButtonLink>
        <ButtonLink to="/register/landscaper" size="lg" variant="outline">
          Join as a Landscaper
        </ButtonLink>
      </PageHero>

      <Section
        id="find-a-pro"
        eyebrow="Approved pros"
        title="Find a pro near you"
        intro="Every figure on a pro's profile comes from jobs done through GreenScape: reviews only from their customers, on-time rates from arrival times."
      >
        <ProListSection />
      </Section>

      <HowItWorks
        title="From request to approved quote"
        intro="A simple, transparent process: a firm price before you give your email, and nothing booked until you approve."
        steps={steps}
      />

      <Section
        id="services"
        tinted
        eyebrow="Services offered"
        title="What our professionals do"
        intro="Book one service or bundle several into a single visit."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li
              key={service.name}
              className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <service.icon className="size-6 text-brand-700" aria-hidden="true" />
              <h3 className="font-semibold text-slate-900">{service.name}</h3>
              <p className="text-sm text-slate-600">{service.summary}</p>
            </li>
          ))}
          <li className="flex flex-col justify-center gap-3 rounded-xl border border-dashed border-brand-600 bg-brand-50 p-5">
            <FileText className="size-6 text-brand-700" aria-hidden="true" />
            <p className="text-sm text-brand-900">
              Not sure what you need? Describe your yard in the quote form.
            </p>
            <Link
              to="/instant-quote"
              className="w-fit rounded-sm text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
            >
              Start a quote
            </Link>
          </li>
        </ul>
      </Section>

      <Section
        id="why-choose"
        eyebrow="Why choose our professionals"
        title="Pros you'd trust with your own home"
        intro="We hold every landscaper in our network to the same standard, and we check before they ever reach your driveway."
      >
        <PointCards points={reasons} layout="beside" className="grid gap-6 sm:grid-cols-2" />
      </Section>

      <QuoteCallout
        title="Let's find your landscaper"
        text="Get a firm price in about a minute. Landscapers who serve your ZIP see your request as soon as you send it."
      />
    </>
  );
}
