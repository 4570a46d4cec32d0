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

/**
 * A radio drawn as a card: the label is the card (the caller gives it its layout and padding), outlined in
 * brand while its input is checked and ringed while that input has keyboard focus.
 */
export const choiceCard =
  "cursor-pointer rounded-lg border border-slate-300 bg-white has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2";

/** The radio inside a choiceCard: in brand colour, its focus shown by the card. */
export const choiceInput = "size-4 shrink-0 accent-brand-700 focus:outline-none";
