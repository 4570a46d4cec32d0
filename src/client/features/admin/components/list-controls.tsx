import { ChevronLeft, ChevronRight } from "lucide-react";
import type * as React from "react";
import { useEffect, useState } from "react";
import type { Page } from "../../../../shared/admin";
import { Button } from "../../../components/ui/button";
import { type ToastInput, toast } from "../../../lib/toast";
import type { PagePosition } from "../api/admin-api";

/** The value, once it has stopped changing for `delayMs`: a search asks the server once per pause. */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Where a keyset list stands, with a page number for people. A change of filters (`filterKey`) starts
 * again from the first page without an effect: the stored position belongs to the old key and is ignored.
 */
export function useKeysetPaging(filterKey: string) {
  const [state, setState] = useState<{ key: string; position: PagePosition; page: number }>({
    key: filterKey,
    position: {},
    page: 1,
  });
  const current = state.key === filterKey ? state : { key: filterKey, position: {}, page: 1 };
  return {
    position: current.position,
    page: current.page,
    next: (cursor: string) =>
      setState({ key: filterKey, position: { cursor, dir: "next" }, page: current.page + 1 }),
    previous: (cursor: string) =>
      setState({ key: filterKey, position: { cursor, dir: "prev" }, page: Math.max(1, current.page - 1) }),
  };
}

/**
 * The state of a searchable, filterable, paged admin list: what is typed, the filter, the settled search the
 * server is asked for, and the page position (which starts again when either changes).
 */
export function useListFilters<F extends string>(initialFilter: F, initialSearch = "") {
  const [search, setSearch] = useState(initialSearch);
  const [filter, setFilter] = useState<F>(initialFilter);
  const q = useDebouncedValue(search.trim());
  const paging = useKeysetPaging(`${q}|${filter}`);
  return { search, setSearch, filter, setFilter, q, paging };
}

/** Search, filters and the export button on one row from `sm` up, stacked on a phone. */
export function FilterBar({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">{children}</div>;
}

/** A new page starts at the top of the screen, where its list begins. */
function scrollToTop() {
  window.scrollTo({ top: 0, behavior: "smooth" });
}

export function Pager({
  page,
  data,
  onNext,
  onPrevious,
  label,
}: {
  page: number;
  data: Pick<Page<unknown>, "nextCursor" | "prevCursor"> | undefined;
  onNext: (cursor: string) => void;
  onPrevious: (cursor: string) => void;
  label: string;
}) {
  if (!data || (!data.nextCursor && !data.prevCursor)) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button
        type="button"
        variant="outline"
        disabled={!data.prevCursor}
        onClick={() => {
          if (!data.prevCursor) return;
          onPrevious(data.prevCursor);
          scrollToTop();
        }}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-slate-600" aria-live="polite">
        Page {page}
      </p>
      <Button
        type="button"
        variant="outline"
        disabled={!data.nextCursor}
        onClick={() => {
          if (!data.nextCursor) return;
          onNext(data.nextCursor);
          scrollToTop();
        }}
      >
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** Centred line for loading, empty and error states of a list. */
export function ListMessage({
  children,
  role = "status",
}: {
  children: React.ReactNode;
  role?: "status" | "alert";
}) {
  return (
    <div
      role={role}
      className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center text-slate-600"
    >
      {children}
    </div>
  );
}

/**
 * A list's loading, error (with 'Try again' and a toast), empty and filled states, in that order: every
 * admin list shows them the same way.
 */
export function ListStates<T>({
  query,
  items,
  loading,
  failed,
  failedToast,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  items: T[];
  loading: string;
  failed: string;
  failedToast?: ToastInput;
  empty: React.ReactNode;
  children: (items: T[]) => React.ReactNode;
}) {
  // Once per failure, not again each time the caller rebuilds its options object.
  // biome-ignore lint/correctness/useExhaustiveDependencies: failedToast is read when the failure begins
  useEffect(() => {
    if (query.isError && failedToast) toast(failedToast);
  }, [query.isError]);
  if (query.isPending) return <ListMessage>{loading}</ListMessage>;
  if (query.isError)
    return (
      <ListMessage role="alert">
        <p>{failed}</p>
        <Button type="button" variant="outline" className="mt-4" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </ListMessage>
    );
  if (items.length === 0) return <ListMessage>{empty}</ListMessage>;
  return <>{children(items)}</>;
}
