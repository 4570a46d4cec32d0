import { ArrowRight, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { IconBadge } from "../../../components/icon-badge";
import { Button } from "../../../components/ui/button";
import { container } from "../../../lib/styles";
import { cn } from "../../../lib/utils";

/** Decorative leaf pattern for hero backgrounds: a tiny inline SVG, no image request. */
export function LeafPattern({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={cn("pointer-events-none absolute inset-0 size-full", className)}
    >
      <defs>
        <pattern
          id="gs-leaves"
          width="56"
          height="56"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(20)"
        >
          <path
            d="M14 40c0-12 8-20 20-22-1 12-8 20-20 22Zm0 0 10-11"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.2"
          />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill="url(#gs-leaves)" />
    </svg>
  );
}

/** Top band of an inner page: eyebrow, the page's one h1, a lead paragraph, optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b border-brand-100 bg-gradient-to-b from-brand-50 to-white">
      <LeafPattern className="text-brand-200/40" />
      <div className={cn(container, "relative py-14 sm:py-20")}>
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {title}
        </h1>
        {lead ? <div className="mt-4 max-w-2xl text-lg text-pretty text-slate-700">{lead}</div> : null}
        {children ? (
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{children}</div>
        ) : null}
      </div>
    </section>
  );
}

/** A page section with an h2 heading and optional intro. */
export function Section({
  id,
  title,
  intro,
  eyebrow,
  className,
  children,
  tinted = false,
}: {
  id?: string;
  title: string;
  intro?: React.ReactNode;
  eyebrow?: string;
  className?: string;
  children: React.ReactNode;
  tinted?: boolean;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn("py-16 sm:py-20", tinted && "bg-slate-50", className)}
    >
      <div className={container}>
        <div className="max-w-2xl">
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          ) : null}
          <h2
            id={headingId}
            className="mt-1 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl"
          >
            {title}
          </h2>
          {intro ? <p className="mt-3 text-base text-pretty text-slate-600 sm:text-lg">{intro}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/**
 * The white "Get an Instant Quote" button on a brand-green panel (the home page's hero, the closing callout);
 * `className` sets the focus ring's offset to the panel's shade.
 */
export function QuoteButtonOnBrand({ className }: { className?: string }) {
  return (
    <Button
      asChild
      size="lg"
      className={cn("bg-white text-brand-900 hover:bg-brand-50 focus-visible:ring-white", className)}
    >
      <Link to="/instant-quote">
        Get an Instant Quote
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** Closing call to action shared by the marketing pages. */
export function QuoteCallout({
  title = "Ready for a yard you're proud of?",
  text = "Tell us your address and the services you need. Landscapers near you then offer a price and a date.",
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section className="py-16 sm:py-20">
      <div className={container}>
        <div className="relative overflow-hidden rounded-2xl bg-brand-800 px-6 py-10 text-white sm:px-10 sm:py-12">
          <LeafPattern className="text-white/[0.06]" />
          <div className="relative flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
            <div className="max-w-xl">
              <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h2>
              <p className="mt-2 text-brand-100">{text}</p>
            </div>
            <QuoteButtonOnBrand className="focus-visible:ring-offset-brand-800" />
          </div>
        </div>
      </div>
    </section>
  );
}

export interface PagePoint {
  icon: LucideIcon;
  title: string;
  text: string;
}

/**
 * A page's 'How it works' section (its anchor #how-it-works): the steps as numbered cards, three across from
 * `md` up.
 */
export function HowItWorks({
  title,
  intro,
  steps,
}: {
  title: string;
  intro: string;
  steps: readonly PagePoint[];
}) {
  return (
    <Section id="how-it-works" eyebrow="How it works" title={title} intro={intro}>
      <ol className="grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                {index + 1}
              </span>
              <step.icon className="size-6 text-brand-700" aria-hidden="true" />
            </div>
            <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/**
 * Cards with an icon, a heading and a line of text. `beside` puts the icon left of the text; `compact`
 * is the smaller size the About page uses for its longer lists.
 */
export function PointCards({
  points,
  className,
  layout = "stacked",
  compact = false,
}: {
  points: readonly PagePoint[];
  className: string;
  layout?: "stacked" | "beside";
  compact?: boolean;
}) {
  return (
    <ul className={className}>
      {points.map((point) => (
        <li
          key={point.title}
          className={cn(
            "flex rounded-xl border border-slate-200 bg-white shadow-sm",
            layout === "stacked" ? "flex-col gap-3" : "gap-4",
            compact ? "p-5" : "p-6",
          )}
        >
          <IconBadge icon={point.icon} size={compact ? "md" : "xl"} />
          {/* Stacked, the heading and text stay flex items of the card so its gap spaces them. */}
          <div className={layout === "stacked" ? "contents" : undefined}>
            <h3 className={cn("font-semibold text-slate-900", !compact && "text-lg")}>{point.title}</h3>
            <p className={cn("text-slate-600", layout === "beside" && "mt-1", compact && "text-sm")}>
              {point.text}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
