import type * as React from "react";
import { Card } from "../../../components/ui/card";

/** One numbered step of the quote form: a card with its own h2, so the page outline reads as the steps. */
export function FormSection({
  step,
  title,
  description,
  children,
}: {
  step: number;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  const headingId = `quote-step-${step}`;
  return (
    <Card className="gap-5 p-5 sm:p-6" role="group" aria-labelledby={headingId}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
        >
          {step}
        </span>
        <div className="grid gap-0.5">
          <h2 id={headingId} className="text-lg leading-tight font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        </div>
      </div>
      {children}
    </Card>
  );
}
