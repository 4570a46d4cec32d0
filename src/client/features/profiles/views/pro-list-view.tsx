import { Clock, MapPin } from "lucide-react";
import type * as React from "react";
import {
  listOrderText,
  neighbourhoodNames,
  proDisplayName,
  profilePath,
} from "../../../../shared/profile-texts";
import type { ProSearch, ProSummary } from "../../../../shared/profiles";
import { services } from "../../../../shared/services";
import { buttonVariants } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { cardClass, linkClass, ProAvatar, RatingLine } from "./parts";

const selectClass =
  "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/** At most this many neighbourhood names on a card; the profile lists them all. */
const AREAS_ON_CARD = 4;

function ProCardView({ pro, searched }: { pro: ProSummary; searched?: string | undefined }) {
  const name = proDisplayName(pro);
  // The neighbourhood searched for comes first, so each card shows why it is in the list.
  const ordered = searched
    ? [
        ...pro.neighbourhoods.filter((n) => n === searched),
        ...pro.neighbourhoods.filter((n) => n !== searched),
      ]
    : pro.neighbourhoods;
  const areas = ordered.slice(0, AREAS_ON_CARD).join(", ");
  const more = pro.neighbourhoods.length - AREAS_ON_CARD;
  return (
    <li className={cn(cardClass, "grid gap-3")} data-testid="pro-card">
      <div className="flex items-start gap-3">
        <ProAvatar pro={pro} size="md" />
        <div className="grid min-w-0 gap-1">
          <h3 className="text-lg font-semibold text-slate-900">
            <a href={profilePath(pro.slug)} className={linkClass}>
              {name}
            </a>
          </h3>
          {pro.businessName ? <p className="text-sm text-slate-700">{pro.personName}</p> : null}
          <RatingLine rating={pro.rating} />
        </div>
      </div>
      {areas ? (
        <p className="flex items-start gap-1.5 text-sm text-slate-700">
          <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>{more > 0 ? `${areas} and ${more} more` : areas}</span>
        </p>
      ) : null}
      {pro.onTimeRate !== null ? (
        <p className="flex items-start gap-1.5 text-sm text-slate-700">
          <Clock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>{`On time for ${pro.onTimeRate}% of visits`}</span>
        </p>
      ) : null}
      {pro.services.length ? (
        <p className="text-sm text-slate-700">{pro.services.map((s) => s.name).join(" · ")}</p>
      ) : null}
    </li>
  );
}

/** The search's own words for what it found. */
function resultText(count: number, total: number, search: ProSearch): string {
  const service = services.find((s) => s.id === search.service)?.name;
  const what =
    total > count
      ? `The ${count} highest-scored of ${total} pros`
      : `${count} ${count === 1 ? "pro" : "pros"}`;
  const where = search.neighbourhood ? ` serving ${search.neighbourhood}` : "";
  const doing = service ? ` for ${service}` : "";
  if (count === 0)
    return `No approved pro${where ? ` serves ${search.neighbourhood}` : " is listed"}${doing} yet. You can still request a quote: pros who serve your ZIP see it, and our team is told when none does.`;
  const narrow = total > count ? " Choose a neighborhood or a service to narrow the list." : "";
  return `${what}${where}${doing}.${narrow}`;
}

/**
 * The search (a plain GET form, so it works before the script and as a shared address) and the approved pros it
 * finds, in the list's documented order.
 */
export function ProListView({
  pros,
  total,
  search,
  onSearch,
  loading = false,
}: {
  pros: readonly ProSummary[] | null;
  /** How many the search found in all; `pros` holds the first of them. */
  total: number;
  search: ProSearch;
  onSearch?: (event: React.FormEvent<HTMLFormElement>) => void;
  loading?: boolean;
}) {
  return (
    <div className="grid gap-6">
      <form
        method="get"
        action="/professionals"
        aria-label="Find a pro"
        onSubmit={onSearch}
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Neighborhood
          <select name="neighbourhood" defaultValue={search.neighbourhood ?? ""} className={selectClass}>
            <option value="">Anywhere in Charlotte</option>
            {neighbourhoodNames.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Service
          <select name="service" defaultValue={search.service ?? ""} className={selectClass}>
            <option value="">Any service</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonVariants()}>
          Search
        </button>
      </form>
      <p className="text-sm text-slate-700">{listOrderText}</p>
      {pros === null ? (
        <p role="status" className="text-slate-700">
          {loading ? "Finding pros..." : "The list could not be loaded. Please reload the page."}
        </p>
      ) : (
        <>
          <p role="status" className="font-medium text-slate-900">
            {resultText(pros.length, total, search)}
          </p>
          {pros.length ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Approved pros">
              {pros.map((pro) => (
                <ProCardView key={pro.slug} pro={pro} searched={search.neighbourhood} />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
