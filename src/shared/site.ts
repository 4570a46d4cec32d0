/** Public facts shown on screens and in emails. */
export const site = {
  name: "GreenScape Charlotte",
  tagline: "Charlotte's lawn and garden pros, booked in 60 seconds.",
  area: "Charlotte, NC",
  phone: "(704) 555-0142",
  phoneHref: "tel:+17045550142",
  infoEmail: "info@greenscapecharlotte.com",
  supportEmail: "support@greenscapecharlotte.com",
  copyrightYear: 2025,
  termsEffective: "January 2025",
  privacyEffective: "January 1, 2024",
  reviewPromiseHours: 24,
} as const;

/** Public pages delivered as prerendered HTML. */
export const prerenderedPaths = [
  "/",
  "/about",
  "/professionals",
  "/troubleshooting",
  "/terms-of-service",
  "/privacy-policy",
  "/privacy",
  "/refund-policy",
] as const;
