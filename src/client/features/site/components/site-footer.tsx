import { Mail, MapPin, Phone } from "lucide-react";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { todayInCharlotte } from "../../../../shared/dates";
import { site } from "../../../../shared/site";
import { type SocialNetworkId, socialNetworks } from "../../../../shared/site-settings";
import { container, focusRingOnDark } from "../../../lib/styles";
import { useHydrated } from "../../../lib/use-hydrated";
import { cn } from "../../../lib/utils";
import { useSiteSettings } from "../api/site-settings";
import { LogoMark, Wordmark } from "./logo";
import type { NavItem } from "./nav-config";
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from "./social-icons";

const quickLinks: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Professionals", to: "/professionals" },
  { label: "Instant Quote", to: "/instant-quote" },
  { label: "Terms of Service", to: "/terms-of-service" },
];

const supportLinks: NavItem[] = [
  { label: "Troubleshooting", to: "/troubleshooting" },
  { label: "Privacy Policy", to: "/privacy-policy" },
  { label: "Refund Policy", to: "/refund-policy" },
];

/** The bottom row's policy links (the spec's legacy paths: /terms and /about-us redirect, /refunds aliases). */
const policyLinks: NavItem[] = [
  { label: "Privacy", to: "/privacy-policy" },
  { label: "Terms", to: "/terms" },
  { label: "Refunds", to: "/refunds" },
  { label: "Our Story", to: "/about-us" },
];

/** The brand mark of each network the footer can link. */
const socialIcons: Record<SocialNetworkId, ComponentType<{ className?: string }>> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  x: XIcon,
  linkedin: LinkedInIcon,
};

const footerLink = cn(
  "rounded-sm text-brand-100 transition-colors hover:text-white hover:underline",
  focusRingOnDark,
);

export function SiteFooter() {
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div
        className={cn(
          container,
          "grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr] lg:gap-8",
        )}
      >
        <div className="col-span-2 flex flex-col gap-4 lg:col-span-1">
          <Link to="/" className={cn("flex w-fit items-center gap-2.5 rounded-md", focusRingOnDark)}>
            <LogoMark className="ring-1 ring-brand-600" />
            <Wordmark onDark />
          </Link>
          <p className="max-w-xs text-sm leading-relaxed text-brand-100">
            Vetted, insured lawn and garden pros across {site.area}, from Huntersville to Ballantyne. Get a
            quote in about a minute.
          </p>
          <SocialLinks />
        </div>

        <FooterColumn title="Quick Links" items={quickLinks} />
        <FooterColumn title="Support" items={supportLinks} />

        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 flex flex-col gap-3 text-sm">
            {[
              { label: "General info", email: site.infoEmail },
              { label: "Support", email: site.supportEmail },
            ].map(({ label, email }) => (
              <li key={label} className="flex items-start gap-2.5">
                <Mail className="mt-0.5 size-4 shrink-0 text-brand-200" aria-hidden="true" />
                <span>
                  <span className="block text-xs text-brand-200">{label}</span>
                  <a href={`mailto:${email}`} className={cn(footerLink, "break-all")}>
                    {email}
                  </a>
                </span>
              </li>
            ))}
            <li className="flex items-center gap-2.5">
              <Phone className="size-4 shrink-0 text-brand-200" aria-hidden="true" />
              <a href={site.phoneHref} className={footerLink}>
                {site.phone}
              </a>
            </li>
            <li className="flex items-center gap-2.5">
              <MapPin className="size-4 shrink-0 text-brand-200" aria-hidden="true" />
              <span>Serving {site.area}</span>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div
          className={cn(
            container,
            "flex flex-col gap-3 pt-6 pb-6 text-sm md:flex-row md:items-center md:justify-between",
          )}
        >
          <p>
            © <CurrentYear /> {site.name}. All rights reserved.
          </p>
          <nav aria-label="Policies">
            <FooterLinks items={policyLinks} className="flex flex-wrap gap-x-5 gap-y-2" />
          </nav>
        </div>
      </div>
    </footer>
  );
}

/**
 * The business's own pages on the networks the server is configured with (SOCIAL_*_URL); nothing until the
 * settings arrive, and nothing at all when none is set: a network's home page is no link to us.
 */
function SocialLinks() {
  const { social } = useSiteSettings();
  if (social.length === 0) return null;
  return (
    <ul className="flex items-center gap-2" aria-label="Social media">
      {social.map(({ id, url }) => {
        const Icon = socialIcons[id];
        const label = socialNetworks.find((network) => network.id === id)?.label ?? id;
        return (
          <li key={id}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${label} (opens in a new tab)`}
              className={cn(
                "flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20",
                focusRingOnDark,
              )}
            >
              <Icon className="size-[18px]" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * This year in Charlotte, worked out at render (the spec's fixed 2025 goes stale). The prerendered HTML holds
 * the build's year; hydration keeps whatever text is there (no warning), and the span is then made anew, so a
 * page built last year shows this year once React runs.
 */
function CurrentYear() {
  const hydrated = useHydrated();
  return (
    <span key={hydrated ? "now" : "prerendered"} suppressHydrationWarning>
      {todayInCharlotte().slice(0, 4)}
    </span>
  );
}

function FooterColumn({ title, items }: { title: string; items: NavItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <FooterLinks items={items} className="mt-4 flex flex-col gap-2.5 text-sm" />
    </nav>
  );
}

function FooterLinks({ items, className }: { items: readonly NavItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={footerLink}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
