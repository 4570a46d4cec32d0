import type * as React from "react";
import { container, focusRing } from "../../../lib/styles";
import { cn } from "../../../lib/utils";

export interface LegalSection {
  /** Anchor id, e.g. "acceptance". */
  id: string;
  title: string;
  body: React.ReactNode;
}

/**
 * A numbered policy page: h1, effective date, a table of contents (sticky beside the text on wide
 * screens) and numbered h2 sections.
 */
export function LegalDocument({
  title,
  effective,
  intro,
  sections,
}: {
  title: string;
  effective: string;
  intro: React.ReactNode;
  sections: LegalSection[];
}) {
  return (
    <div className="bg-white">
      <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className={cn(container, "py-12 sm:py-16")}>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Legal</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm font-medium text-slate-600">Effective: {effective}</p>
          <div className="mt-5 max-w-3xl text-base leading-relaxed text-slate-700">{intro}</div>
        </div>
      </div>
      <div
        className={cn(
          container,
          "grid grid-cols-1 gap-10 py-12 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14",
        )}
      >
        <nav aria-label="On this page" className="lg:sticky lg:top-36 lg:self-start xl:top-24">
          <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">On this page</h2>
          <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-1">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className={cn(
                    "flex gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-brand-50 hover:text-brand-900",
                    focusRing,
                  )}
                >
                  <span className="w-5 shrink-0 text-right font-semibold text-brand-700 tabular-nums">
                    {index + 1}.
                  </span>
                  <span>{section.title}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl min-w-0 break-words">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24 border-b border-slate-100 py-7 first:pt-0 last:border-0 md:scroll-mt-36 xl:scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-bold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 text-base leading-relaxed text-slate-700 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
