import { Check } from "lucide-react";
import { cn } from "../../../../lib/utils";

const steps = ["Your business", "Documents", "Review"] as const;

/** Where an applicant is in 'apply to work': profile, documents, then our review. */
export function ApplicationSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol
      className="flex items-center gap-2 text-xs font-semibold sm:gap-3 sm:text-sm"
      aria-label="Application steps"
    >
      {steps.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={label}
            className="flex items-center gap-2 sm:gap-3"
            aria-current={active ? "step" : undefined}
          >
            <span
              className={cn(
                "flex size-6 shrink-0 items-center justify-center rounded-full border text-xs",
                done && "border-brand-700 bg-brand-700 text-white",
                active && "border-brand-700 bg-white text-brand-800 ring-2 ring-brand-200",
                !done && !active && "border-slate-300 bg-white text-slate-500",
              )}
            >
              {done ? <Check className="size-3.5" strokeWidth={3} aria-hidden="true" /> : index + 1}
            </span>
            <span className={cn(active ? "text-brand-800" : done ? "text-slate-700" : "text-slate-500")}>
              {label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
            {index < steps.length - 1 ? (
              <span className="h-px w-4 bg-slate-300 sm:w-8" aria-hidden="true" />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
