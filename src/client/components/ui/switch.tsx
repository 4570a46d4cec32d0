import { Switch as Primitive } from "radix-ui";
import { styled } from "./styled";

/**
 * Radix switch (a button with role="switch" and aria-checked). Label it with a <Label htmlFor> or
 * aria-label. With react-hook-form use a Controller: `checked={field.value}` and
 * `onCheckedChange={field.onChange}`.
 */
export const Switch = styled(
  Primitive.Root,
  "switch",
  "peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-xs transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-brand-700 data-[state=unchecked]:bg-slate-300",
  <Primitive.Thumb
    data-slot="switch-thumb"
    className="pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
  />,
);
