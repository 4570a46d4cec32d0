const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });

/** "Mar 9, 2026" for a timestamp, in the viewer's time zone. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
