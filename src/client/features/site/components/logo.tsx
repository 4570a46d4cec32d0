import { site } from "../../../../shared/site";
import { cn } from "../../../lib/utils";

/** The leaf mark (same drawing as the favicon), decorative: the brand name next to it carries the meaning. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn("size-9 shrink-0", className)}
    >
      <rect width="32" height="32" rx="8" fill="#166534" />
      <path
        d="M16 6c-5 4-7 8-7 12a7 7 0 0 0 14 0c0-4-2-8-7-12zm0 6v14"
        stroke="#bbf7d0"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** "GreenScape Charlotte" wordmark: two tones, one accessible name. */
export function Wordmark({ className, onDark = false }: { className?: string; onDark?: boolean }) {
  const [first, ...rest] = site.name.split(" ");
  return (
    <span className={cn("text-base leading-none font-bold tracking-tight min-[420px]:text-lg", className)}>
      <span className={onDark ? "text-white" : "text-slate-900"}>{first}</span>{" "}
      <span className={onDark ? "text-brand-200" : "text-brand-700"}>{rest.join(" ")}</span>
    </span>
  );
}
