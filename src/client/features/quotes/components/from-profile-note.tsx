import { useSearchParams } from "react-router";
import { proDisplayName } from "../../../../shared/profile-texts";
import { useHydrated } from "../../../lib/use-hydrated";
import { useProfile } from "../../profiles";

/**
 * Above the quote form when the visitor came from "Book <name>" on a pro's profile: what happens with that pro.
 * Shown once hydrated (the prerendered page has no address to read).
 */
export function FromProfileNote() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const slug = params.get("pro") ?? "";
  const profile = useProfile(slug, hydrated && /^[a-z0-9-]{1,80}$/.test(slug));
  if (!hydrated || !profile.data) return null;
  const name = proDisplayName(profile.data);
  return (
    <p
      className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900"
      role="status"
    >
      {`Booking ${name}: once your request has a firm price (choose your lot's size), ${name} is at the top of the pros you can book, already chosen if free on your date. If they can't take it, the next page says so.`}
    </p>
  );
}
