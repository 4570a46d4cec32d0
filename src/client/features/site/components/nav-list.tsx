import { Link, useLocation } from "react-router";
import { cn } from "../../../lib/utils";
import { isCurrent, type NavItem } from "./nav-config";

/**
 * The main navigation's links, marking the page you are on (aria-current and the tint): the header's row and
 * the phone menu's column are this list with their own classes.
 */
export function NavList({
  label,
  items,
  className,
  listClassName,
  linkClassName,
  onNavigate,
}: {
  label: string;
  items: NavItem[];
  className?: string;
  listClassName: string;
  linkClassName: string;
  onNavigate?: () => void;
}) {
  const location = useLocation();
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {items.map((item) => {
          const current = isCurrent(item, location.pathname, location.hash);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={current ? "page" : undefined}
                className={cn(linkClassName, current && "bg-brand-50 text-brand-800")}
                onClick={onNavigate}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
