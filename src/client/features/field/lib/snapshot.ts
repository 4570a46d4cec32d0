import { dehydrate, hydrate, type Query, type QueryClient } from "@tanstack/react-query";
import { addDaysIso, todayInCharlotte } from "../../../../shared/dates";
import type { LandscaperJobsAnswer } from "../../../../shared/job-queue";
import type { JobView } from "../../../../shared/jobs";
import { inStore, SNAPSHOT } from "./field-store";

// What the landscaper's screens need to open without a network (issue 37): who is signed in, their
// profile, and today's and tomorrow's visits in the job lists they last looked at — nothing else of the
// queue (other customers' requests stay off the phone). Written while online; read only when offline.

const NAME = "queries";
/** The photos this page has already read for the service worker to keep (a photo's bytes never change). */
const photosRead = new Set<string>();

function kept(query: Query): boolean {
  const [first, second] = query.queryKey as unknown[];
  if (query.state.status !== "success") return false;
  return first === "session" || (first === "landscaper" && (second === "profile" || second === "jobs"));
}

/** Today's and tomorrow's visits (Charlotte dates) of a job list: what a day in the field needs. */
export function fieldDayJobs(jobs: readonly JobView[], now = new Date()): JobView[] {
  const today = todayInCharlotte(now);
  const days = new Set([today, addDaysIso(today, 1)]);
  return jobs.filter(
    (job) =>
      (job.status === "scheduled" || job.status === "completed") &&
      job.scheduledDate !== null &&
      days.has(job.scheduledDate),
  );
}

interface InfiniteJobs {
  pages: LandscaperJobsAnswer[];
  pageParams: unknown[];
}

function trimmed(data: unknown): unknown {
  const list = data as Partial<InfiniteJobs> | undefined;
  if (!list?.pages) return data;
  const pages = list.pages.map((page, i) => ({
    ...page,
    jobs: fieldDayJobs(page.jobs),
    // Only the first page is kept: with today's and tomorrow's visits in it, nothing to load more.
    nextCursor: i === 0 ? null : page.nextCursor,
  }));
  return { pages: pages.slice(0, 1), pageParams: (list.pageParams ?? []).slice(0, 1) };
}

/** Writes the snapshot of the field screens' data; the photos of the kept visits are read once to be cached. */
export async function saveFieldSnapshot(queryClient: QueryClient): Promise<void> {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: kept });
  for (const query of state.queries) {
    if ((query.queryKey as unknown[])[1] === "jobs")
      query.state = { ...query.state, data: trimmed(query.state.data) };
  }
  await inStore(SNAPSHOT, "readwrite", (store) => store.put({ name: NAME, savedAt: Date.now(), state }));
  // The service worker keeps each photo it serves (cleared at sign-out): reading them now keeps them for later.
  if (navigator.serviceWorker?.controller) {
    const urls = state.queries.flatMap((query) =>
      ((query.state.data as Partial<InfiniteJobs> | undefined)?.pages ?? []).flatMap((page) =>
        page.jobs.flatMap((job) => (job.photos ?? []).map((photo) => photo.thumbUrl)),
      ),
    );
    // Once per photo while the page is open: the snapshot is written again every minute the list refreshes.
    const unread = [...new Set(urls)].filter((url) => !photosRead.has(url));
    for (const url of unread) photosRead.add(url);
    await Promise.allSettled(unread.map((url) => fetch(url, { credentials: "same-origin" })));
  }
}

/** Puts the snapshot's data into the query cache where it has none; false when the phone has none. */
export async function restoreFieldSnapshot(queryClient: QueryClient): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  try {
    const saved = await inStore<{ state: Parameters<typeof hydrate>[1] } | undefined>(
      SNAPSHOT,
      "readonly",
      (store) => store.get(NAME),
    );
    if (!saved) return false;
    hydrate(queryClient, saved.state);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the snapshot current while the landscaper's screens are open: each successful read of a kept
 * query writes it again (at most once a second). Returns the unsubscribe.
 */
export function keepFieldSnapshot(queryClient: QueryClient): () => void {
  const save = () => void saveFieldSnapshot(queryClient).catch(() => {});
  // What is already in the cache when the screens open is written too.
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(save, 1000);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success" || !kept(event.query)) return;
    if (navigator.onLine === false) return;
    clearTimeout(timer);
    timer = setTimeout(save, 1000);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
