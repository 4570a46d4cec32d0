import { LogOut } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import type { SessionUser } from "../../../../shared/session";
import { container, focusRing } from "../../../lib/styles";
import { cn } from "../../../lib/utils";
import { useSignOut } from "../../accounts";
import { accountMenuFor, type NavItem, signInMenu, signUpMenu } from "./nav-config";
import { NavList } from "./nav-list";

const rowLink = cn(
  "flex min-h-11 items-center rounded-md px-3 text-base font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-900",
  focusRing,
);

/**
 * The collapsible menu below md: same entries as the desktop header. Closed, it is `hidden`, so none of
 * its links sit in the tab order. Escape closes it and returns focus to the toggle.
 */
export function MobileMenu({
  id,
  open,
  user,
  navItems,
  onClose,
}: {
  id: string;
  open: boolean;
  user: SessionUser | null;
  navItems: NavItem[];
  onClose: (returnFocus: boolean) => void;
}) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, onClose]);

  return (
    <div
      id={id}
      hidden={!open}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white md:hidden"
    >
      <div className={cn(container, "py-3")}>
        <NavList
          label="Mobile"
          items={navItems}
          listClassName="flex flex-col gap-0.5"
          linkClassName={rowLink}
          onNavigate={() => onClose(false)}
        />
        <div className="mt-3 border-t border-slate-200 pt-3">
          {user ? (
            <SignedInEntries user={user} onClose={onClose} />
          ) : (
            <div className="flex flex-col gap-4 pb-1">
              <EntryGroup title="Sign In" items={signInMenu} primary={false} onClose={onClose} />
              <EntryGroup title="Sign Up" items={signUpMenu} primary onClose={onClose} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function EntryGroup({
  title,
  items,
  primary,
  onClose,
}: {
  title: string;
  items: NavItem[];
  primary: boolean;
  onClose: (returnFocus: boolean) => void;
}) {
  const headingId = `mobile-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="px-1 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={cn(
                "flex h-full min-h-11 items-center justify-center rounded-md px-1.5 py-2 text-center text-sm leading-tight font-semibold",
                primary
                  ? "bg-brand-700 text-white hover:bg-brand-800"
                  : "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
                focusRing,
              )}
              onClick={() => onClose(false)}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SignedInEntries({ user, onClose }: { user: SessionUser; onClose: (returnFocus: boolean) => void }) {
  const signOut = useSignOut();
  const menu = accountMenuFor(user);
  return (
    <section aria-labelledby="mobile-account">
      <h2
        id="mobile-account"
        className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        {menu.title}
      </h2>
      <p className="px-3 pb-2 text-sm text-slate-700">
        Signed in as <span className="font-semibold text-slate-900">{user.firstName}</span>
      </p>
      <ul className="flex flex-col gap-0.5">
        {menu.items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={rowLink} onClick={() => onClose(false)}>
              {item.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={cn(rowLink, "w-full gap-2 text-red-700 hover:bg-red-50 hover:text-red-800")}
            disabled={signOut.isPending}
            onClick={() => {
              onClose(false);
              signOut.mutate();
            }}
          >
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </button>
        </li>
      </ul>
    </section>
  );
}
