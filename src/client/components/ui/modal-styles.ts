/**
 * What Dialog and AlertDialog share: the dimmed page behind, a centred card that scrolls inside a short
 * window, and the same header, footer, title and description. One place, so both kinds look the same.
 */
export const modal = {
  overlay: "fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]",
  content:
    "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl focus:outline-none",
  header: "grid gap-1.5",
  // Stacked on phones in the order the keyboard reaches them (the way out, then the action at the bottom,
  // under the thumb); side by side, action last, from 640 px.
  footer: "flex flex-col gap-2 sm:flex-row sm:justify-end",
  title: "text-lg leading-tight font-semibold text-slate-900",
  description: "text-sm text-slate-600",
} as const;
