import { useSearchParams } from "react-router";
import { type QueueFilters, queueQuerySchema } from "../../../../shared/job-queue";

const filterKeys = ["show", "service", "from", "to", "within", "sort"] as const;
type FilterKey = (typeof filterKeys)[number];

/** What the URL asks for, read with the server's own schema; a field it refuses is dropped and named. */
function readFilters(params: URLSearchParams) {
  const raw: Partial<Record<FilterKey, string>> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  const errors: Partial<Record<FilterKey, string>> = {};
  for (;;) {
    const parsed = queueQuerySchema.safeParse(raw);
    if (parsed.success) {
      const { cursor: _, ...filters } = parsed.data;
      return { filters, errors };
    }
    const issue = parsed.error.issues[0]!;
    const key = issue.path[0] as FilterKey;
    errors[key] ??= issue.message;
    delete raw[key];
  }
}

/**
 * The job queue's filters, kept in the URL (so Back, a reload or a shared link keep them) and read with the
 * server's schema: a bad value (a 'to' date before 'from', say) is shown beside its field and not sent.
 */
export function useQueueFilters() {
  const [params, setParams] = useSearchParams();
  const { filters, errors } = readFilters(params);
  const defaults = queueQuerySchema.parse({});
  const active = filterKeys.some((key) => key !== "sort" && params.get(key));

  function set(changes: Partial<Record<FilterKey, string>>) {
    setParams(
      (current) => {
        // The address bar's, not this render's: two fields changed before React re-renders (a quick
        // 'from' then 'to') must both be kept.
        const next = new URLSearchParams(typeof window === "undefined" ? current : window.location.search);
        for (const [key, value] of Object.entries(changes)) {
          if (!value || value === defaults[key as FilterKey]) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function clear() {
    set({ show: "", service: "", from: "", to: "", within: "" });
  }

  // The dates as typed, shown even while refused so the person can correct them.
  const typed = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  return { filters: filters satisfies QueueFilters, errors, typed, active, set, clear };
}
