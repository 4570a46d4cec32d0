import { useEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { cn } from "../../../lib/utils";
import { ConfirmEmailBanner } from "../../accounts";
import { FloatingQuoteButton, useShowsQuoteButton } from "./floating-quote-button";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * The public layout route: skip link, header, <main id="main"> around the page, the phone quote bar,
 * footer. Renders without waiting for the session, so prerendered pages carry the full visitor layout.
 */
export default function SiteLayout() {
  useScrollToHash();
  // Below 768 px the quote bar is fixed to the bottom of the screen: the page keeps its height free at the end.
  const quoteBar = useShowsQuoteButton();
  return (
    <div className={cn("flex min-h-screen flex-col", quoteBar && "max-md:pb-(--quote-bar-height)")}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-2 focus:ring-brand-200 focus:ring-offset-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <ConfirmEmailBanner />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <FloatingQuoteButton />
      <SiteFooter />
    </div>
  );
}

/**
 * Links such as "/#contact" scroll to their target after an in-app navigation (also when already on the
 * page) and move focus there for keyboard users. Back/forward (POP) keeps the restored scroll position.
 */
function useScrollToHash() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every new location key is a new navigation.
  useEffect(() => {
    if (!location.hash || navigationType === "POP") return;
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: "start" });
    if (target.hasAttribute("tabindex")) target.focus({ preventScroll: true });
  }, [location.key]);
}
