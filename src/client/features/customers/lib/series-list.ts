import type { JobView } from "../../../../shared/jobs";
import type { SeriesSummary } from "../../../../shared/recurring";

/** An active series as the customer's series panel shows it: its summary, services, landscaper and visits. */
export interface SeriesGroup {
  series: SeriesSummary;
  services: string[];
  landscaperName: string | null;
  /** The customer's visits of the series by job id (a Skip needs the visit's cancellation fee). */
  visits: Map<string, JobView>;
  /** Visits from today on that will not come (skipped, paused, declined), by date: listed in the panel. */
  cancelled: JobView[];
}

/**
 * The customer's list with recurring series grouped: each active series gets a panel listing its upcoming
 * visits, and those visits leave the list of cards, except the next one (where the visit's day shows its
 * arrival), a visit the landscaper moved (its new day to accept or decline) and one with unread messages.
 * Visits from `today` on that were cancelled (skipped, paused, declined) are listed in the panel too.
 */
export function groupSeries(
  jobs: readonly JobView[],
  today: string,
): { groups: SeriesGroup[]; cards: JobView[] } {
  const groups = new Map<string, SeriesGroup>();
  for (const job of jobs) {
    const series = job.series;
    if (series?.status !== "active") continue;
    const group = groups.get(series.id) ?? {
      series,
      services: job.services,
      landscaperName: null,
      visits: new Map<string, JobView>(),
      cancelled: [],
    };
    group.visits.set(job.id, job);
    if (job.status === "scheduled" && job.landscaperName) group.landscaperName = job.landscaperName;
    groups.set(series.id, group);
  }
  const folded = new Set<string>();
  for (const group of groups.values()) {
    const { series, visits } = group;
    for (const job of visits.values()) {
      if (job.status !== "cancelled" || !job.scheduledDate || job.scheduledDate < today) continue;
      // A skip taken back (or a pause ended): the date has its visit again, made anew.
      if (series.upcoming.some((visit) => visit.date === job.scheduledDate)) {
        folded.add(job.id);
        continue;
      }
      if ((job.unreadMessages ?? 0) > 0 || job.payment?.status === "captured") continue;
      group.cancelled.push(job);
      folded.add(job.id);
    }
    // A skip brought back and skipped again leaves two cancelled visits of one date: the newer one speaks.
    const newest = new Map<string, JobView>();
    for (const job of group.cancelled) {
      const seen = newest.get(job.scheduledDate!);
      if (!seen || job.number > seen.number) newest.set(job.scheduledDate!, job);
    }
    group.cancelled = [...newest.values()];
    group.cancelled.sort((a, b) => a.scheduledDate!.localeCompare(b.scheduledDate!));
    for (const [index, visit] of series.upcoming.entries()) {
      const job = visits.get(visit.jobId);
      if (index === 0 || visit.moved || !job || job.movedFrom || (job.unreadMessages ?? 0) > 0) continue;
      folded.add(visit.jobId);
    }
  }
  return {
    groups: [...groups.values()].sort((a, b) => a.series.number - b.series.number),
    cards: jobs.filter((job) => !folded.has(job.id)),
  };
}
