import { ChevronDown } from "lucide-react";
import type * as React from "react";
import type { SessionUser } from "../../../../shared/session";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";

/**
 * The header's menu buttons, shared by the lightweight pre-upgrade render and the Radix menus
 * (via `asChild`), so swapping one for the other never changes what the visitor sees.
 */
export type MenuKey = "sign-in" | "sign-up" | "account";

export function MenuTriggerButton({
  menuKey,
  label,
  variant,
  className,
  ...props
}: React.ComponentProps<"button"> & { menuKey: MenuKey; label: string; variant: "ghost" | "default" }) {
  return (
    <Button
      variant={variant}
      data-menu-trigger={menuKey}
      className={cn(variant === "ghost" && "text-slate-800", className)}
      {...props}
    >
      {label}
      <ChevronDown className="size-4 opacity-80" aria-hidden="true" />
    </Button>
  );
}

export function UserTriggerButton({
  user,
  title,
  className,
  ...props
}: React.ComponentProps<"button"> & { user: SessionUser; title: string }) {
  return (
    <Button
      variant="outline"
      data-menu-trigger="account"
      className={cn("max-w-[13.5rem] pr-3 pl-1.5", className)}
      {...props}
    >
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
      >
        {user.firstName.charAt(0).toUpperCase()}
      </span>
      <span className="sr-only">{title}: </span>
      <span className="truncate">{user.firstName}</span>
      <ChevronDown className="size-4 shrink-0 opacity-70" aria-hidden="true" />
    </Button>
  );
}
