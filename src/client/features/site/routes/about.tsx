import { HeartHandshake, Leaf, ShieldCheck } from "lucide-react";
import { site } from "../../../../shared/site";
import { pageMeta } from "../../../lib/meta";
import { PageHero, PointCards, QuoteCallout, Section } from "../components/page-parts";
import { services } from "../content/services";

export function meta() {
  return pageMeta(
    "About Us",
    "GreenScape Charlotte connects Charlotte homeowners and businesses with vetted, insured landscapers. Meet our founders and see the seven services we offer.",
  );
}

const founders = [
  {
    name: "Danielle Whitaker",
    role: "Co-founder & CEO",
    initials: "DW",
    bio: "Danielle grew up in Matthews and spent ten years running operations for a Charlotte home-services company. She started GreenScape after one too many weekends spent chasing quotes that never arrived. She still answers customer emails herself most mornings.",
  },
  {
    name: "Marcus Ellison",
    role: "Co-founder & Head of Field Operations",
    initials: "ME",
    bio: "Marcus studied horticulture at NC State and ran his own crew in Huntersville for twelve years. He personally vets every landscaper who joins the network, and he's the one to ask about fescue versus Bermuda.",
  },
];

const values = [
  {
    icon: ShieldCheck,
    title: "Trust first",
    text: "Every pro is vetted, insured and background-checked before their first job.",
  },
  {
    icon: HeartHandshake,
    title: "Local, for real",
    text: "Charlotte crews working Charlotte yards, and a Charlotte team answering the phone.",
  },
  {
    icon: Leaf,
    title: "Care for the land",
    text: "Practices that keep lawns healthy through our long summers without wasting water.",
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title="Rooted in Charlotte, growing one yard at a time"
        lead={
          <p>
            {site.name} connects homeowners and businesses with vetted local landscapers, so a great-looking
            yard takes a minute to book, not a week of phone calls.
          </p>
        }
      />

      <Section id="story" title="Our story" eyebrow="How we started">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
          <div className="space-y-4 text-base leading-relaxed text-slate-700 sm:text-lg">
            <p>
              GreenScape began at a kitchen table in Dilworth in 2022. Our founders kept hearing the same
              story from neighbors in Myers Park, South End and Ballantyne: finding a reliable landscaper
              meant calling five companies, waiting days for callbacks, and hoping someone would actually show
              up.
            </p>
            <p>
              Meanwhile, some of the best crews in the county were spending their evenings chasing leads
              instead of resting for the next day's work. We built GreenScape to fix both sides: customers
              request a quote in about a minute, and landscapers get matched with jobs that fit their
              location, availability and skills.
            </p>
            <p>
              Today we serve the greater Charlotte area, from Huntersville down to Matthews, and every request
              goes straight to the vetted landscapers who serve its ZIP code.
            </p>
          </div>
          <PointCards points={values} layout="beside" compact className="flex flex-col gap-4" />
        </div>
      </Section>

      <Section id="founders" tinted eyebrow="Our founders" title="The people behind GreenScape">
        <ul className="grid gap-6 md:grid-cols-2">
          {founders.map((founder) => (
            <li
              key={founder.name}
              className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row"
            >
              <span
                aria-hidden="true"
                className="flex size-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 text-xl font-bold text-white"
              >
                {founder.initials}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{founder.name}</h3>
                <p className="text-sm font-medium text-brand-700">{founder.role}</p>
                <p className="mt-3 text-slate-600">{founder.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="services"
        eyebrow="What we do"
        title="Our core services"
        intro="Seven services cover almost everything a Charlotte yard needs, season after season."
      >
        <PointCards
          points={services.map((service) => ({
            icon: service.icon,
            title: service.name,
            text: service.summary,
          }))}
          layout="beside"
          compact
          className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
        />
      </Section>

      <QuoteCallout />
    </>
  );
}
