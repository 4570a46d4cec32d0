import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useSession } from "../../../lib/session";
import { container, focusRing } from "../../../lib/styles";
import { cn } from "../../../lib/utils";
import { MasterBanner } from "../../accounts";
import { HeaderBell, LiveNotifications } from "../../notifications";
import { AccountArea } from "./account-area";
import { HeaderQuoteLink } from "./floating-quote-button";
import { LogoMark, Wordmark } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { navFor, showsBell } from "./nav-config";
import { NavList } from "./nav-list";

/**
 * Sticky top bar; from 768 px its right corner also holds the quote action (at 1280 px everything shares one
 * row, with room left for a classic 17 px scrollbar). The session is never awaited: while it loads, or if /api/session fails, the visitor
 * header shows (that is also what the prerendered HTML holds). The account area keeps a fixed
 * min-width so swapping "Sign In / Sign Up" for the account menu does not move anything.
 */
export function SiteHeader() {
  const { user } = useSession();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // Close the mobile menu on every navigation (including to the same page with a new hash).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  const navItems = navFor(user);

  return (
    <>
      {user?.isMaster ? <MasterBanner user={user} /> : null}
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur-sm">
        <div className={cn(container, "flex flex-wrap items-center gap-x-2 sm:gap-x-4 xl:gap-x-2")}>
          <Link
            to="/"
            className={cn("-ml-1 flex h-16 items-center gap-2.5 rounded-md px-1", focusRing)}
            aria-label="GreenScape Charlotte home"
          >
            <LogoMark />
            <Wordmark />
          </Link>

          <NavList
            label="Main"
            items={navItems}
            className="order-3 hidden w-full border-t border-slate-100 py-2 md:block xl:order-2 xl:w-auto xl:border-0 xl:py-0"
            listClassName="-mx-3 flex items-center gap-0.5 xl:mx-0 xl:gap-0"
            linkClassName={cn(
              "block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:bg-brand-50 hover:text-brand-900 xl:px-2",
              focusRing,
            )}
          />

          <div className="order-2 ml-auto flex h-16 items-center gap-2 xl:order-3">
            {/* Notifications bell slot: admins, landscapers and master users. */}
            {user && showsBell(user) ? <HeaderBell user={user} /> : null}
            {user && !showsBell(user) ? <LiveNotifications user={user} /> : null}
            <HeaderQuoteLink />
            <AccountArea user={user} />
            <button
              ref={toggleRef}
              type="button"
              className={cn(
                "inline-flex size-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 md:hidden",
                focusRing,
              )}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X className="size-6" aria-hidden="true" />
              ) : (
                <Menu className="size-6" aria-hidden="true" />
              )}
            </button>
          </div>
        </div>

        <MobileMenu
          id={menuId}
          open={menuOpen}
          user={user}
          navItems={navItems}
          onClose={(returnFocus) => {
            setMenuOpen(false);
            if (returnFocus) toggleRef.current?.focus();
          }}
        />
      </header>
    </>
  );
}
