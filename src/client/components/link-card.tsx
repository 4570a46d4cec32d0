import { ArrowRight, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "../lib/styles";
import { cn } from "../lib/utils";
import { IconBadge } from "./icon-badge";

export interface LinkCardItem {
  to: string;
  title: string;
  text: string;
  icon: LucideIcon;
  /** The card a person most likely wants next gets the brand border. */
  primary?: boolean;
}

/** A whole-card link to another screen: icon, title, one line of text and an arrow. */
export function LinkCard({ to, title, text, icon: Icon, primary = false }: LinkCardItem) {
  return (
    <Link
      to={to}
      className={cn(
        "group flex h-full items-start gap-4 rounded-xl border bg-white p-5 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50",
        primary ? "border-brand-600" : "border-slate-200",
        focusRing,
      )}
    >
      <IconBadge icon={Icon} />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-sm text-slate-600">{text}</span>
      </span>
      <ArrowRight
        className="mt-1 size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
        aria-hidden="true"
      />
    </Link>
  );
}

/** Link cards two across from `sm` up. */
export function LinkCards({ links, className }: { links: readonly LinkCardItem[]; className?: string }) {
  return (
    <ul className={cn("grid gap-4 sm:grid-cols-2", className)}>
      {links.map((link) => (
        <li key={link.to}>
          <LinkCard {...link} />
        </li>
      ))}
    </ul>
  );
}
