import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef } from "react";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";

/** Inline link style used across the account screens. */
export const authLinkClass =
  "rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none";

interface AuthShellProps {
  title: string;
  description?: React.ReactNode;
  icon?: LucideIcon;
  /** "danger" colours the icon for error pages. */
  iconTone?: "brand" | "danger";
  /** A small label above the title, e.g. which portal this is. */
  eyebrow?: string;
  /**
   * Moves focus to the title when it becomes true: used when a form is replaced by its outcome
   * ("Check Your Email"), so screen-reader and keyboard users land on the news.
   */
  focusTitle?: boolean;
  children?: React.ReactNode;
  /** Links under the card (sign up, back to home...). */
  footer?: React.ReactNode;
}

/** The centred card every sign-in, sign-up and password screen sits in. */
export function AuthShell({
  title,
  description,
  icon: Icon,
  iconTone = "brand",
  eyebrow,
  focusTitle = false,
  children,
  footer,
}: AuthShellProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  return (
    <div className="flex justify-center bg-gradient-to-b from-brand-50 via-white to-white px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <Card className="gap-6 px-5 py-6 shadow-md sm:p-8">
          <div className="flex flex-col items-center gap-2 text-center">
            {Icon ? (
              <span
                className={cn(
                  "mb-1 flex size-12 items-center justify-center rounded-full",
                  iconTone === "danger" ? "bg-red-100 text-red-700" : "bg-brand-100 text-brand-700",
                )}
              >
                <Icon className="size-6" aria-hidden="true" />
              </span>
            ) : null}
            {eyebrow ? (
              <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
            ) : null}
            <h1
              ref={titleRef}
              tabIndex={-1}
              className="text-2xl font-bold tracking-tight text-balance text-slate-900 outline-none sm:text-3xl"
            >
              {title}
            </h1>
            {description ? <div className="text-sm text-pretty text-slate-600">{description}</div> : null}
          </div>
          {children}
        </Card>
        {footer ? (
          <div className="mt-6 flex flex-col items-center gap-3 text-center text-sm text-slate-600">
            {footer}
          </div>
        ) : null}
      </div>
    </div>
  );
}
