import { CalendarCheck } from "lucide-react";
import { Link, useLocation } from "react-router";
import { withoutTrailingSlashes } from "../../../../shared/paths";
import { useSession } from "../../../lib/session";
import { focusRing } from "../../../lib/styles";
import { cn } from "../../../lib/utils";
import { accountKindOf } from "./nav-config";

/**
 * Pages that do not get the action: /professionals (spec), the quote form it leads to, and the thank-you page
 * of a quote just sent.
 */
const hiddenOn = new Set(["/professionals", "/instant-quote", "/quote-submitted"]);
/** Screens of the people who do the work or run the platform: a quote is not what they came for. */
const staffScreens =
  /^\/(admin|landscaper|dashboard\/landscaper|onboarding\/landscaper|upload-documents)(\/|-|$)/;
/**
 * Signed-in screens (the customer's dashboard, portal, notifications, onboarding): where customers manage
 * their bookings, the phone bar lay over visit rows and their buttons, and each dashboard has its own
 * 'New request' button.
 */
const accountScreens = /^\/(dashboard|customer-dashboard|onboarding)(\/|$)/;

/**
 * Whether the page offers the quote action: to visitors and customers, on the public pages where they might
 * start a quote; never to landscapers or admins, nor on signed-in screens. The layout reserves the phone
 * bar's height only then.
 */
export function useShowsQuoteButton(): boolean {
  const { pathname } = useLocation();
  const { user } = useSession();
  const path = withoutTrailingSlashes(pathname);
  if (hiddenOn.has(path) || staffScreens.test(path) || accountScreens.test(path)) return false;
  return !user || accountKindOf(user) === "customer";
}

const pill =
  "inline-flex items-center justify-center gap-2 rounded-full bg-brand-700 font-semibold text-white hover:bg-brand-800";

/**
 * The action on phones: a bar fixed to the bottom of the screen, the full width, opaque, whose height the
 * layout keeps free (--quote-bar-height, app.css), so the page's end scrolls clear of it and it never lies
 * over anything a reader could not scroll into view. An ordinary link in its own landmark right after
 * <main>, so keyboard users reach it in document order. From 768 px it gives way to the header's.
 */
export function FloatingQuoteButton() {
  if (!useShowsQuoteButton()) return null;
  return (
    <aside
      aria-label="Quick quote"
      data-quote-bar=""
      className="fixed inset-x-0 bottom-0 z-30 h-(--quote-bar-height) border-slate-200 border-t bg-white px-4 pt-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] md:hidden"
    >
      <Link to="/instant-quote" data-testid="floating-quote" className={cn(pill, "h-11 w-full", focusRing)}>
        <CalendarCheck className="size-5" aria-hidden="true" />
        Request a Quote
      </Link>
    </aside>
  );
}

/**
 * The action on wider screens: in the sticky header's right corner, which the layout always keeps for it (the
 * header never scrolls away and nothing is drawn over it), beside the account buttons.
 */
export function HeaderQuoteLink() {
  if (!useShowsQuoteButton()) return null;
  return (
    <Link
      to="/instant-quote"
      data-testid="floating-quote"
      className={cn(pill, "hidden h-10 shrink-0 px-4 text-sm shadow-sm md:inline-flex", focusRing)}
    >
      <CalendarCheck className="size-4" aria-hidden="true" />
      Request a Quote
    </Link>
  );
}
