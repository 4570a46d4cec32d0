import { useSyncExternalStore } from "react";
import { todayInCharlotte } from "../../../../shared/dates";

const noSubscription = () => () => {};

/**
 * Today on Charlotte's calendar, or undefined in the prerendered HTML and during hydration: the page is
 * built once, and a date baked into it would be stale the next day (React keeps the built attribute).
 */
export function useToday(): string | undefined {
  return useSyncExternalStore(noSubscription, todayInCharlotte, () => undefined);
}
