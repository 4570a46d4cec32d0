import { DEFAULT_CANCELLATION_FEE_CENTS, WORK_APPROVAL_HOURS } from "./payment-terms.js";

/**
 * The footer's social networks, in display order, with the hosts a configured profile may be on. A network
 * shows only when its SOCIAL_*_URL setting names a page there (a network's home page is no profile).
 */
export const socialNetworks = [
  { id: "facebook", label: "Facebook", setting: "SOCIAL_FACEBOOK_URL", hosts: ["facebook.com"] },
  { id: "instagram", label: "Instagram", setting: "SOCIAL_INSTAGRAM_URL", hosts: ["instagram.com"] },
  { id: "x", label: "X (Twitter)", setting: "SOCIAL_X_URL", hosts: ["x.com", "twitter.com"] },
  { id: "linkedin", label: "LinkedIn", setting: "SOCIAL_LINKEDIN_URL", hosts: ["linkedin.com"] },
] as const;
export type SocialNetworkId = (typeof socialNetworks)[number]["id"];

/** Whether `url` is an https page (not the home page) on one of `hosts` or their subdomains. */
export function isProfileUrl(url: string, hosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  const onNetwork = hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  return parsed.protocol === "https:" && onNetwork && parsed.pathname.replace(/\/+$/, "") !== "";
}

/**
 * GET /api/site: the public pages' facts that are settings of the running server, not of the build (the
 * public pages are prerendered at build time, so they ask for these). Its schema is in
 * `site-settings-schema.ts`: the footer imports this file, which must not load zod.
 */
export interface SiteSettings {
  social: Array<{ id: SocialNetworkId; url: string }>;
  cancellationFeeCents: number;
  workApprovalHours: number;
}

/** What the pages show until the answer arrives (and in their prerendered HTML): the settings' defaults. */
export const defaultSiteSettings: SiteSettings = {
  social: [],
  cancellationFeeCents: DEFAULT_CANCELLATION_FEE_CENTS,
  workApprovalHours: WORK_APPROVAL_HOURS,
};
