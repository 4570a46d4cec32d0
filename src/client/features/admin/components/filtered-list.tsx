import type * as React from "react";
import type { Page } from "../../../../shared/admin";
import { FilterSelect, SearchField } from "../../../components/filter-controls";
import type { ToastInput } from "../../../lib/toast";
import { FilterBar, ListStates, Pager, type useListFilters } from "./list-controls";

type ListFilters<F extends string> = ReturnType<typeof useListFilters<F>>;

/**
 * The admin's list screens in one shape: a search box, one filter and an export on a bar; the list in its
 * loading, failed, empty and filled states; pages below. Each screen says what it lists and how a row looks.
 */
export function FilteredList<T, F extends string>({
  list,
  search,
  filter,
  exportButton,
  heading,
  query,
  states,
  sectionClassName,
  pagerLabel,
  after,
  children,
}: {
  list: ListFilters<F>;
  search: { label: string; placeholder: string };
  filter: { label: string; options: readonly { value: F; label: string }[] };
  exportButton: React.ReactNode;
  /** The list's name for screen readers, or null where a visible heading around it names it already. */
  heading: { id: string; text: string } | null;
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
    data: Page<T> | undefined;
  };
  states: { loading: string; failed: string; failedToast: ToastInput; empty: React.ReactNode };
  sectionClassName?: string;
  /** Pages below the list; without a label the list shows one page and `after` takes the place. */
  pagerLabel?: string;
  after?: React.ReactNode;
  children: (items: T[]) => React.ReactNode;
}) {
  return (
    <>
      <FilterBar>
        <SearchField
          label={search.label}
          value={list.search}
          onChange={list.setSearch}
          placeholder={search.placeholder}
        />
        <FilterSelect
          label={filter.label}
          value={list.filter}
          onChange={list.setFilter}
          options={filter.options}
        />
        {exportButton}
      </FilterBar>

      <section className={sectionClassName} aria-labelledby={heading?.id} aria-busy={query.isFetching}>
        {heading ? (
          <h2 id={heading.id} className="sr-only">
            {heading.text}
          </h2>
        ) : null}
        <ListStates query={query} items={query.data?.items ?? []} {...states}>
          {children}
        </ListStates>
      </section>

      {pagerLabel ? (
        <Pager
          label={pagerLabel}
          page={list.paging.page}
          data={query.data}
          onNext={list.paging.next}
          onPrevious={list.paging.previous}
        />
      ) : (
        after
      )}
    </>
  );
}
