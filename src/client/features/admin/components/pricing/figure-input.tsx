import type * as React from "react";
import { Input } from "../../../../components/ui/input";
import { cn } from "../../../../lib/utils";

/**
 * A figure of the rate card as typed: dollars with a "$" before, or a percentage with "%" after. Text with
 * the decimal keypad rather than a number box: what was typed stays as typed (no "e", no wheel changes),
 * and the shared schema says what is wrong with it.
 */
export function FigureInput({
  unit,
  changed = false,
  className,
  ...props
}: {
  unit: "dollars" | "percent";
  /** Differs from the card it replaces: drawn in brand colour (a refused figure stays red). */
  changed?: boolean;
} & Omit<React.ComponentProps<"input">, "type">) {
  const invalid = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return (
    <div className="relative">
      {unit === "dollars" ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
        >
          $
        </span>
      ) : null}
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        data-changed={(changed && !invalid) || undefined}
        className={cn(
          "tabular-nums data-[changed]:border-brand-600 data-[changed]:bg-brand-50",
          unit === "dollars" ? "pl-7" : "pr-8",
          className,
        )}
        {...props}
      />
      {unit === "percent" ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-500"
        >
          %
        </span>
      ) : null}
    </div>
  );
}
