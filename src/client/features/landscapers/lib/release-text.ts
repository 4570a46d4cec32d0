import { formatCharlotteClock, formatCharlotteDateTime, todayInCharlotte } from "../../../../shared/dates";

/**
 * "You can release this booking until 2:34 PM", on Charlotte's clock as every deadline the screens show; with
 * the day when that is not today there (a booking made late in the evening ends its window after midnight).
 */
export function releaseDeadlineText(releasableUntil: string, now: Date = new Date()): string {
  const until = new Date(releasableUntil);
  const when =
    todayInCharlotte(until) === todayInCharlotte(now)
      ? `${formatCharlotteClock(until)} today`
      : formatCharlotteDateTime(until);
  return `You can release this booking until ${when}`;
}
