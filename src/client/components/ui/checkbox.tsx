import { Check } from "lucide-react";
import { Checkbox as Primitive } from "radix-ui";
import { styled } from "./styled";

/**
 * Radix checkbox (a button with role="checkbox"). With react-hook-form use a Controller and pass
 * `checked`, `onCheckedChange={(v) => field.onChange(v === true)}` and `ref={field.ref}`.
 */
export const Checkbox = styled(
  Primitive.Root,
  "checkbox",
  "peer size-5 shrink-0 scroll-mt-28 rounded border border-slate-400 bg-white text-white shadow-xs transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-600 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700",
  <Primitive.Indicator className="flex items-center justify-center">
    <Check className="size-4" strokeWidth={3} aria-hidden="true" />
  </Primitive.Indicator>,
);
