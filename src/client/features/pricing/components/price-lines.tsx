import type { FirmPrice } from "../../../../shared/pricing";
import { formatCents } from "../../../../shared/services";
import { cn } from "../../../lib/utils";

/**
 * The lines that make a firm price, as the quote showed them: each service for the size and frequency, a
 * minimum if it applied, then the first visit's surcharge for tall grass. `tone` follows the panel behind it.
 */
export function PriceLines({
  price,
  tone = "light",
  className,
}: {
  price: Pick<FirmPrice, "lines" | "firstVisitSurcharge">;
  tone?: "light" | "dark";
  className?: string;
}) {
  const muted = tone === "dark" ? "text-brand-100" : "text-slate-600";
  return (
    <ul className={cn("grid gap-1 text-sm", className)}>
      {price.lines.map((line) => (
        <li key={line.label} className="flex items-baseline justify-between gap-3">
          <span className={muted}>{line.label}</span>
          <span className="shrink-0 font-medium tabular-nums">{formatCents(line.cents)}</span>
        </li>
      ))}
      {price.firstVisitSurcharge ? (
        <li className="flex items-baseline justify-between gap-3">
          <span className={muted}>{price.firstVisitSurcharge.label}</span>
          <span className="shrink-0 font-medium tabular-nums">
            +{formatCents(price.firstVisitSurcharge.cents)}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
