import { ShieldCheck } from "lucide-react";
import type { Reliability } from "../../../../shared/recurring";
import { reliabilityLine, reliabilitySpoken } from "../../../../shared/reliability";
import { cn } from "../../../lib/utils";

/**
 * A landscaper's record on one line: 'Queen City Lawn Care · Carlos Mendoza · 4.8 ★ · 97% on time · 124 jobs'
 * with their name, 'Their record: 4.8 ★ · …' where the sentence beside it already names them; a newcomer's
 * reads 'New on GreenScape · 5.0 ★ · 0 of 1 on time · 1 job' (the minimum is in shared/reliability.ts). A
 * screen reader hears it in words. A span, so it fits inside a sentence's paragraph.
 */
export function LandscaperRecord({
  name,
  reliability,
  className,
  withIcon = false,
}: {
  /** Left out where the landscaper is already named. */
  name?: string | null;
  reliability: Reliability;
  className?: string;
  withIcon?: boolean;
}) {
  const who = name === undefined ? "Their record" : (name ?? "Your landscaper");
  return (
    <span className={cn("flex items-start gap-1.5", className)} data-testid="landscaper-reliability">
      {withIcon ? <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : null}
      <span aria-hidden="true">
        {who}
        {name === undefined ? ": " : " · "}
        {reliabilityLine(reliability)}
      </span>
      <span className="sr-only">
        {who}: {reliabilitySpoken(reliability)}.
      </span>
    </span>
  );
}
