/** Public facts shown on screens and in emails. */
export const site = {
  name: "GreenScape Charlotte",
  tagline: "Charlotte's lawn and garden pros, booked in 60 seconds.",
  area: "Charlotte, NC",
  phone: "(704) 555-0142",
  phoneHref: "tel:+17045550142",
  infoEmail: "info@greenscapecharlotte.com",
  supportEmail: "support@greenscapecharlotte.com",
  termsEffective: "January 2025",
  privacyEffective: "January 1, 2024",
  reviewPromiseHours: 24,
} as const;

/** Public pages delivered as prerendered HTML. */
export const prerenderedPaths = [
  "/",
  "/about",
  "/services",
  "/professionals",
  "/troubleshooting",
  "/terms-of-service",
  "/privacy-policy",
  "/privacy",
  "/refund-policy",
  // Where most visits go: their first paint must not wait for the JavaScript (hydration fills in what
  // depends on the visitor: a signed-in customer's details, today's date; a signed-in visitor of a login
  // page is sent on once the session is known).
  "/instant-quote",
  "/login/client",
  "/login/landscaper",
] as const;

/**
 * The shell of every /pros/:slug page: the layout and an empty island, prerendered once; the server writes each
 * profile's HTML, title and structured data into it per request (docs/decisions/024-public-profile-pages.md).
 * "_" cannot start a profile's address, so no landscaper's page is this one.
 */
export const PROFILE_SHELL_PATH = "/pros/_shell";
