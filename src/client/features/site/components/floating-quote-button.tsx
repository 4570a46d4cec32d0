import { CalendarCheck } from "lucide-react";
import { Link, useLocation } from "react-router";
import { withoutTrailingSlashes } from "../../../../shared/paths";
import { focusRing } from "../../../lib/styles";
import { useToasts } from "../../../lib/toast";
import { cn } from "../../../lib/utils";

/** Pages that do not get the button: /professionals (spec), and the quote form it leads to. */
const hiddenOn = new Set(["/professionals", "/instant-quote"]);

/**
 * Fixed "Request a Quote" pill, bottom-right. Toasts also live bottom-right, so while one is open the pill
 * slides up above it; it also sits one layer below the toast region (z-30 vs z-100), so it can never
 * cover a toast. It is an ordinary link in its own landmark right after <main>, so keyboard users
 * reach it in document order.
 */
export function FloatingQuoteButton() {
  const { pathname } = useLocation();
  const toastOpen = useToasts().some((item) => item.open);
  if (hiddenOn.has(withoutTrailingSlashes(pathname))) return null;
  return (
    <aside aria-label="Quick quote">
      <Link
        to="/instant-quote"
        data-testid="floating-quote"
        className={cn(
          "fixed right-4 bottom-4 z-30 inline-flex h-12 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white shadow-lg shadow-brand-900/30 ring-2 ring-white hover:bg-brand-800 motion-safe:transition-transform sm:right-6 sm:bottom-6",
          toastOpen && "-translate-y-28",
          focusRing,
        )}
      >
        <CalendarCheck className="size-5" aria-hidden="true" />
        Request a Quote
      </Link>
    </aside>
  );
}
