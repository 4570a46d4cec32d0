import type { LucideIcon } from "lucide-react";
import { cn } from "../lib/utils";

const sizes = {
  sm: { box: "size-9", icon: "size-4" },
  md: { box: "size-10", icon: "size-5" },
  lg: { box: "size-11", icon: "size-5" },
  xl: { box: "size-11", icon: "size-6" },
} as const;

/** An icon on a pale green tile (rounded square, or a circle): decorative, so hidden from screen readers. */
export function IconBadge({
  icon: Icon,
  size = "md",
  round = false,
  className,
}: {
  icon: LucideIcon;
  size?: keyof typeof sizes;
  round?: boolean;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "flex shrink-0 items-center justify-center bg-brand-100 text-brand-800",
        sizes[size].box,
        round ? "rounded-full" : "rounded-lg",
        className,
      )}
    >
      <Icon className={sizes[size].icon} aria-hidden="true" />
    </span>
  );
}
