import { cn } from "../../../lib/utils";
import { fullDateTime, relativeTime } from "../lib/relative-time";

/** 'x ago' in a <time> element; the exact time shows on hover. */
export function RelativeTime({ value, now, className }: { value: string; now: number; className?: string }) {
  return (
    <time dateTime={value} title={fullDateTime(value)} className={cn("whitespace-nowrap", className)}>
      {relativeTime(value, now)}
    </time>
  );
}
