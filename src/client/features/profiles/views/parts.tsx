import { proDisplayName } from "../../../../shared/profile-texts";
import type { ProSummary } from "../../../../shared/profiles";
import { cn } from "../../../lib/utils";

/*
 * The profile views render on the server too (src/server/features/profiles/pages.ts writes their HTML into
 * the page before any script runs), so they use no router, no query and no useId: plain props in, markup out,
 * the same on both sides so React hydrates the server's HTML as it is.
 */

/** "June 2025" for a yyyy-mm-dd day (read at noon UTC: no time-zone drift). */
export function monthYearOf(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Five stars drawn as text for the eye, read as "4 out of 5" by a screen reader. */
export function Stars({ value, className }: { value: number; className?: string }) {
  const full = Math.round(value);
  return (
    <span className={cn("inline-flex items-center", className)}>
      <span aria-hidden="true" className="tracking-tight text-amber-700">
        {"★".repeat(full)}
        <span className="text-slate-300">{"★".repeat(5 - full)}</span>
      </span>
      <span className="sr-only">{`${value} out of 5 stars`}</span>
    </span>
  );
}

/** "4.8 (12 reviews)" with stars, or "No reviews yet". */
export function RatingLine({ rating }: { rating: ProSummary["rating"] }) {
  if (rating.average === null || rating.count === 0)
    return <span className="text-sm text-slate-600">No reviews yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
      <Stars value={rating.average} />
      <span className="font-semibold text-slate-900">{rating.average.toFixed(1)}</span>
      <span>{`(${rating.count} verified ${rating.count === 1 ? "review" : "reviews"})`}</span>
    </span>
  );
}

/** The pro's photo, or their initials in a circle. */
export function ProAvatar({ pro, size }: { pro: ProSummary; size: "md" | "lg" }) {
  const box = size === "lg" ? "size-24 text-2xl" : "size-14 text-lg";
  const name = proDisplayName(pro);
  if (pro.photoUrl)
    return (
      <img
        src={pro.photoUrl}
        alt={`${pro.personName}${pro.businessName ? ` of ${pro.businessName}` : ""}`}
        width={size === "lg" ? 96 : 56}
        height={size === "lg" ? 96 : 56}
        className={cn(box, "shrink-0 rounded-full object-cover")}
      />
    );
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
  return (
    <span
      aria-hidden="true"
      className={cn(
        box,
        "flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800",
      )}
    >
      {initials}
    </span>
  );
}

export const cardClass = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
export const linkClass =
  "rounded-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
