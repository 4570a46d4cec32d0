/** Shared class strings for the public site, so every page lines up and every control shows focus. */

/** Page-width container used by header, footer and every section. */
export const container = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8";

/** Visible keyboard focus on light backgrounds. */
export const focusRing =
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

/** Visible keyboard focus on the dark green footer and hero. */
export const focusRingOnDark =
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-900";

/** Inline text link inside body copy. */
export const textLink = `rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 ${focusRing}`;
