import type { Page } from "playwright-core";

/** "Monday, Nov 30", as the Schedule's day headings say it. */
export function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** A day of the Schedule: its section, named by its heading. */
export const daySection = (page: Page, date: string) =>
  page.getByRole("region", { name: new RegExp(`^${dayLabel(date)}(?!\\d)`) });
