import { Calculator, CalendarCheck, CalendarClock, CreditCard, Handshake, Repeat } from "lucide-react";
import { Link } from "react-router";
import {
  frequencies,
  frequencyLabel,
  GENERATE_WEEKS_AHEAD,
  recurringServices,
  SERIES_CHANGE_NOTICE_HOURS,
} from "../../../../shared/recurring";
import { services as catalogue, formatRange } from "../../../../shared/services";
import { ButtonLink } from "../../../components/ui/button-link";
import { pageMeta } from "../../../lib/meta";
import { textLink } from "../../../lib/styles";
import { HowItWorks, PageHero, QuoteCallout, Section } from "../components/page-parts";
import { services } from "../content/services";

export function meta() {
  return pageMeta(
    "Services",
    "The seven lawn and garden services GreenScape Charlotte books: what each includes, the price range of the instant estimate, and which can repeat weekly, every 2 weeks or monthly.",
  );
}

/** "One time, weekly, every 2 weeks or monthly" */
const allFrequencies = frequencies
  .map((frequency, index) =>
    index === 0 ? frequencyLabel[frequency] : frequencyLabel[frequency].toLowerCase(),
  )
  .join(", ")
  .replace(/, ([^,]+)$/, " or $1");

const recurs = (id: string) => (recurringServices as readonly string[]).includes(id);

/**
 * How a price comes about, as the quote flow works today: with the lot's size the server prices the answers
 * on the rate card (pricing/rate-cards.ts) and the landscaper who takes it works at that price; without it,
 * the estimate is the sum of the ticked services' ranges and the landscaper proposes the price. Either way
 * the customer approves, and the card is only charged after the work (payments/settlement).
 */
const pricingSteps = [
  {
    icon: Calculator,
    title: "A firm price in a minute",
    text: "Tell the quote form your lot's size, the grass height and how often: it shows one price per visit and the lines behind it, held for 7 days. Not sure of the size? You see an estimate range instead.",
  },
  {
    icon: Handshake,
    title: "A landscaper at that price",
    text: "A vetted landscaper who takes your request works at your firm price and offers a date (without a size, they propose the price too). The price changes only if you say yes to a change. Nothing is booked until you approve.",
  },
  {
    icon: CreditCard,
    title: "Charged after the work",
    text: "Approving needs a card on file. Your card is charged only once the work is done, never for more than the price you approved unless you accept a higher final price.",
  },
] as const;

export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Lawn and garden services, and how they're priced"
        lead={
          <p>
            Seven services cover most of what a Charlotte yard needs. Here is what each includes, the price
            range our instant estimate uses, and which ones can come back on a schedule.
          </p>
        }
      >
        <ButtonLink to="/instant-quote" size="lg" icon={CalendarCheck}>
          Get an Instant Quote
        </ButtonLink>
      </PageHero>

      <Section
        id="catalogue"
        eyebrow="What we do"
        title="Our seven services"
        intro="Each range is what the estimate counts for that service on one visit when the lot's size isn't given; with the size, the quote form shows your firm price instead."
      >
        <ul className="grid gap-5 md:grid-cols-2">
          {catalogue.map((service, index) => {
            const info = services[index]!;
            return (
              <li
                key={service.id}
                className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div className="flex items-start gap-4">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                    <info.icon className="size-6" aria-hidden="true" />
                  </span>
                  <div className="min-w-0">
                    <h3 className="text-lg font-semibold text-slate-900">{service.name}</h3>
                    <p className="mt-1 text-slate-600">
                      {service.description}. {info.summary}
                    </p>
                  </div>
                </div>
                <dl className="mt-auto grid gap-3 border-slate-100 border-t pt-4 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="font-medium text-slate-500">Estimate per visit</dt>
                    <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">
                      {formatRange(service.lowCents, service.highCents)}
                    </dd>
                  </div>
                  <div>
                    <dt className="font-medium text-slate-500">How often</dt>
                    <dd className="mt-0.5 font-semibold text-slate-900">
                      {recurs(service.id) ? allFrequencies : "One time"}
                    </dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      </Section>

      <HowItWorks
        title="How pricing works"
        intro="The same three steps for every request, from a single mow to a full clean-up."
        steps={pricingSteps}
      />

      <Section
        id="how-often"
        tinted
        eyebrow="Recurring service"
        title="How often a service can come back"
        intro={`${catalogue
          .filter((service) => recurs(service.id))
          .map((service) => service.name)
          .join(", ")
          .replace(
            /, ([^,]+)$/,
            " and $1",
          )} can repeat weekly, every 2 weeks or monthly. Every other service is booked one time, and so is a request that includes one.`}
      >
        <ul className="grid gap-5 md:grid-cols-2">
          <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <Repeat className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
            <div>
              <h3 className="text-lg font-semibold text-slate-900">A price per visit, approved once</h3>
              <p className="mt-1 text-slate-600">
                Choose how often on the quote form; the date you pick is the first visit. A landscaper offers
                a day of the week at your firm price per visit (or proposes the price, if you weren't sure of
                the size), and you approve once. Monthly visits fall on the same weekday of the same week each
                month (the 2nd Tuesday, say). Each visit is held, charged and rated like a single job.
              </p>
            </div>
          </li>
          <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <CalendarClock className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
            <div>
              <h3 className="text-lg font-semibold text-slate-900">Change it when you need to</h3>
              <p className="mt-1 text-slate-600">
                Visits are planned {GENERATE_WEEKS_AHEAD} weeks ahead. From your dashboard you can skip a
                visit, pause until a date, move the series to another weekday or cancel it. A visit less than{" "}
                {SERIES_CHANGE_NOTICE_HOURS} hours away keeps its own{" "}
                <Link to="/refund-policy#cancelling" className={textLink}>
                  cancellation rule
                </Link>
                .
              </p>
            </div>
          </li>
        </ul>
      </Section>

      <QuoteCallout
        title="Tell us what your yard needs"
        text={`Give your address and lot size, tick the services and see your firm price in about a minute. A landscaper near you takes it at that price and offers a date for you to approve.`}
      />
    </>
  );
}
