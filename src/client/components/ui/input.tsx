import type * as React from "react";
import { cn } from "../../lib/utils";

/**
 * Shared look of text-like controls (inputs, native selects). 16 px text below `sm` keeps iOS Safari from
 * zooming into the field; aria-invalid (set by FormField) turns the border red. The scroll margin keeps a
 * field focused after a failed submit (and its label) clear of the sticky site header.
 */
export const inputClass =
  "flex h-11 w-full min-w-0 scroll-mt-28 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:focus-visible:ring-red-600/30 sm:h-10 sm:text-sm";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(inputClass, className)} {...props} />;
}

/** An email address: the phone keyboard with '@', no capital or spelling fixes, the browser's autofill. */
export function EmailInput(props: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <Input
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** A phone number: the dial pad on phones and the browser's autofill. */
export function PhoneInput(props: Omit<React.ComponentProps<"input">, "type">) {
  return <Input type="tel" autoComplete="tel" inputMode="tel" {...props} />;
}

/** A five-digit ZIP code. */
export function ZipInput(props: Omit<React.ComponentProps<"input">, "type">) {
  return <Input autoComplete="postal-code" inputMode="numeric" maxLength={5} {...props} />;
}

/** An amount in dollars and cents: the decimal keypad on phones. */
export function MoneyInput(props: Omit<React.ComponentProps<"input">, "type">) {
  return <Input type="number" inputMode="decimal" min={1} step="0.01" {...props} />;
}
