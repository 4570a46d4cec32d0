import { todayInCharlotte } from "../../../../shared/dates";
import { useHydrated } from "../../../lib/use-hydrated";

/**
 * Today on Charlotte's calendar, or undefined in the prerendered HTML and during hydration: the page is
 * built once, and a date baked into it would be stale the next day (React keeps the built attribute).
 */
export function useToday(): string | undefined {
  return useHydrated() ? todayInCharlotte() : undefined;
}
