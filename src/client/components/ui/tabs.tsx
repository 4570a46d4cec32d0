import { Tabs as Primitive } from "radix-ui";
import { styled } from "./styled";

/**
 * Radix Tabs (arrow keys move between tabs, Home/End jump, the panel follows). Control `value` from the
 * URL when a tab should survive a reload or be linkable.
 */
export const Tabs = styled(Primitive.Root, "tabs", "flex flex-col gap-6");

export const TabsList = styled(
  Primitive.List,
  "tabs-list",
  "inline-flex w-full items-center gap-1 rounded-lg border border-slate-200 bg-slate-100 p-1 sm:w-fit",
);

export const TabsTrigger = styled(
  Primitive.Trigger,
  "tabs-trigger",
  "inline-flex h-9 flex-1 items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:flex-none [&_svg]:size-4 [&_svg]:shrink-0",
);

export const TabsContent = styled(
  Primitive.Content,
  "tabs-content",
  "rounded-lg focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-4 focus-visible:outline-none",
);
