import { DropdownMenu as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/utils";
import { styled } from "./styled";

/**
 * shadcn-style wrappers around Radix's DropdownMenu: keyboard navigation (arrows, Home/End, typeahead),
 * focus return and Escape come from Radix. Use `DropdownMenuItem asChild` around a router Link for
 * navigation entries, and `onSelect` for actions.
 */
export const DropdownMenu = styled(Primitive.Root, "dropdown-menu");

export const DropdownMenuTrigger = styled(Primitive.Trigger, "dropdown-menu-trigger");

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  ...props
}: React.ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-[12rem] origin-[var(--radix-dropdown-menu-content-transform-origin)] overflow-x-hidden overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg",
          className,
        )}
        {...props}
      />
    </Primitive.Portal>
  );
}

const itemClass =
  "relative flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-slate-500 data-[highlighted]:[&_svg]:text-brand-700";

export function DropdownMenuItem({
  className,
  inset,
  variant = "default",
  ...props
}: React.ComponentProps<typeof Primitive.Item> & { inset?: boolean; variant?: "default" | "destructive" }) {
  return (
    <Primitive.Item
      data-slot="dropdown-menu-item"
      data-variant={variant}
      className={cn(
        itemClass,
        inset && "pl-8",
        variant === "destructive" &&
          "text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800 [&_svg]:text-red-600 data-[highlighted]:[&_svg]:text-red-700",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({
  className,
  inset,
  ...props
}: React.ComponentProps<typeof Primitive.Label> & { inset?: boolean }) {
  return (
    <Primitive.Label
      data-slot="dropdown-menu-label"
      className={cn("px-2.5 py-1.5 text-xs font-semibold text-slate-500", inset && "pl-8", className)}
      {...props}
    />
  );
}

export const DropdownMenuSeparator = styled(
  Primitive.Separator,
  "dropdown-menu-separator",
  "-mx-1 my-1 h-px bg-slate-200",
);
