import { Star } from "lucide-react";
import { useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "../../../components/ui/form-field";
import { cn } from "../../../lib/utils";

const starLabel = (n: number) => `${n} ${n === 1 ? "star" : "stars"}`;

/** A read-only 1–5 star display, its value said in words to screen readers. */
export function Stars({ value, label, className }: { value: number; label?: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-0.5", className)}>
      <span className="sr-only">{`${label ? `${label}: ` : ""}${value} out of 5 stars`}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn("size-4", n <= value ? "fill-amber-400 text-amber-500" : "text-slate-300")}
        />
      ))}
    </span>
  );
}

/**
 * 1–5 stars to choose (native radio buttons, so arrow keys and screen readers work as usual), registered on a
 * form as one field; `chosen` is its watched value, `error` the field's message shown under it.
 */
export function StarField({
  legend,
  field,
  chosen,
  error,
  size = "large",
}: {
  legend: string;
  field: UseFormRegisterReturn;
  chosen: number;
  error?: string | undefined;
  size?: "large" | "small";
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? chosen;
  const errorId = useId();
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      className="grid gap-1"
      onMouseLeave={() => setHovered(null)}
    >
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            onMouseEnter={() => setHovered(n)}
            className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-1"
          >
            <input
              type="radio"
              value={String(n)}
              className="sr-only"
              aria-invalid={error ? true : undefined}
              {...field}
            />
            <Star
              aria-hidden="true"
              className={cn(
                size === "large" ? "size-8" : "size-6",
                "transition-colors",
                n <= shown ? "fill-amber-400 text-amber-500" : "text-slate-300",
              )}
            />
            <span className="sr-only">{starLabel(n)}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
          {chosen ? `${chosen}/5` : ""}
        </span>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/**
 * A review's star groups, each named on screen ("Quality ★★★★☆"), so quality is not read as an overall
 * score; a group with no value (a review carried over from the single rating) is left out.
 */
export function StarGroups({
  quality,
  punctuality,
  communication,
  className,
}: {
  quality: number | null;
  punctuality: number | null;
  communication: number | null;
  className?: string;
}) {
  const groups = [
    ["Quality", quality],
    ["Punctuality", punctuality],
    ["Communication", communication],
  ] as const;
  return (
    <p className={cn("flex flex-wrap gap-x-4 gap-y-1 text-slate-700", className)}>
      {groups.map(([label, value]) =>
        value === null ? null : (
          <span key={label} className="inline-flex items-center gap-1">
            {label} <Stars value={value} label={label} />
          </span>
        ),
      )}
    </p>
  );
}
