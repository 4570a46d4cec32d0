import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/utils";

const tones = {
  brand: "bg-brand-100 text-brand-700",
  muted: "bg-slate-100 text-slate-500",
  warning: "bg-amber-100 text-amber-800",
} as const;

const sizes = {
  sm: {
    gap: "gap-2",
    box: "size-10",
    icon: "size-5",
    title: "text-sm font-medium",
    text: "text-xs text-slate-500",
  },
  md: {
    gap: "gap-3",
    box: "size-12",
    icon: "size-6",
    title: "text-lg font-semibold",
    text: "text-sm text-slate-600",
  },
  lg: {
    gap: "gap-4",
    box: "size-14",
    icon: "size-7",
    title: "text-xl font-semibold",
    text: "text-sm text-slate-600",
  },
} as const;

/**
 * 'Nothing here yet' (or 'not found'): an icon in a circle, a short title, one sentence and what to do next.
 * Every list and page that can be empty says so this way. `titleAs` keeps the page's heading order.
 */
export function EmptyState({
  icon: Icon,
  title,
  titleAs: Title = "p",
  children,
  actions,
  tone = "brand",
  size = "md",
  className,
}: {
  icon: LucideIcon;
  title: string;
  titleAs?: "h1" | "h2" | "h3" | "p";
  children?: React.ReactNode;
  actions?: React.ReactNode;
  tone?: keyof typeof tones;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const s = sizes[size];
  return (
    <div className={cn("flex flex-col items-center text-center", s.gap, className)}>
      <span className={cn("flex items-center justify-center rounded-full", s.box, tones[tone])}>
        <Icon className={s.icon} aria-hidden="true" />
      </span>
      <Title className={cn("text-slate-900", s.title)}>{title}</Title>
      {children ? <p className={cn("max-w-md text-pretty", s.text)}>{children}</p> : null}
      {actions}
    </div>
  );
}

/** Two or more large links side by side, stacked full width on phones: the way out of an empty or error page. */
export function ActionButtons({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn("flex w-full flex-col gap-3 sm:w-auto sm:flex-row", className)}>{children}</div>;
}
