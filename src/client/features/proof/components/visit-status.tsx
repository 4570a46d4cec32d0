import { Hammer, MapPinCheck, Navigation } from "lucide-react";
import type { JobView } from "../../../../shared/jobs";
import type { VisitStage } from "../../../../shared/proof";
import { cn } from "../../../lib/utils";
import { arrivalSentence, visitStageText } from "../lib/visit";

const stageIcon: Record<VisitStage, typeof Navigation> = {
  on_the_way: Navigation,
  arrived: MapPinCheck,
  working: Hammer,
};

/**
 * Where today's visit stands, announced politely when it changes (the list refetches on each arrival
 * alert). `who`: "landscaper" words it for their own card ("Arrived 10:42 AM"), "customer" names who comes
 * ("Carlos Mendoza arrived at 10:42 AM.").
 */
export function VisitStatus({
  job,
  who,
  className,
}: {
  job: JobView;
  who: "landscaper" | "customer";
  className?: string;
}) {
  const stage = job.status === "scheduled" ? (job.arrival?.stage ?? null) : null;
  const text =
    stage === null
      ? null
      : who === "landscaper"
        ? visitStageText(job.arrival)
        : arrivalSentence(job.arrival, job.landscaperName);
  const Icon = stage ? stageIcon[stage] : Navigation;
  return (
    <p
      role="status"
      className={cn(
        "flex items-start gap-2 text-sm font-medium",
        text ? "rounded-lg bg-sky-50 px-3 py-2 text-sky-950" : "sr-only",
        className,
      )}
      data-testid="visit-status"
    >
      {text ? (
        <>
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{text}</span>
        </>
      ) : null}
    </p>
  );
}
