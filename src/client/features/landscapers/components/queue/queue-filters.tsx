import { SlidersHorizontal } from "lucide-react";
import { useId, useState } from "react";
import {
  type QueueShow,
  type QueueSort,
  queueDistances,
  queueShowLabel,
  queueShows,
  queueSortLabel,
  queueSorts,
} from "../../../../../shared/job-queue";
import { services } from "../../../../../shared/services";
import { FilterSelect } from "../../../../components/filter-controls";
import { Button } from "../../../../components/ui/button";
import { Input } from "../../../../components/ui/input";
import { Label } from "../../../../components/ui/label";
import { cn } from "../../../../lib/utils";
import type { useQueueFilters } from "../../hooks/use-queue-filters";

const showOptions = queueShows.map((value) => ({ value, label: queueShowLabel[value] }));
const sortOptions = queueSorts.map((value) => ({ value, label: queueSortLabel[value] }));
const serviceOptions = [
  { value: "", label: "Any service" },
  ...services.map((service) => ({ value: service.id, label: service.name })),
];
const distanceOptions = [
  { value: "", label: "Any distance" },
  ...queueDistances.map((miles) => ({ value: String(miles), label: `Within ${miles} miles` })),
];

function DateFilter({
  className,
  label,
  value,
  error,
  onChange,
}: {
  className: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Filters = ReturnType<typeof useQueueFilters>;

/**
 * The queue's order and filters: which first (newest, soonest date, nearest), which jobs (new requests,
 * accepted...), which service, how far from the landscaper's own ZIP, which visit dates (the day the visit
 * happens: a series visit's date or a moved day, else the preferred date). On
 * phones the filters fold behind a 'Filters' button so the list starts on the first screen. `distances` is
 * false when their ZIP has no known centroid: the distance filter and order would match nothing then.
 */
export function QueueFilterBar({ state, distances }: { state: Filters; distances: boolean }) {
  const { filters, errors, typed, active, set, clear } = state;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const activeCount = [
    filters.show !== "active",
    filters.service,
    filters.within,
    typed.from,
    typed.to,
  ].filter(Boolean).length;
  const field = "grid content-start gap-1.5";
  const wide = `${field} col-span-2 sm:col-span-1`;
  const clearButton = (className: string) => (
    <Button type="button" variant="ghost" size="sm" className={className} onClick={clear}>
      Clear filters
    </Button>
  );
  return (
    <div className="grid gap-3">
      <div className="flex items-end gap-2">
        <FilterSelect<QueueSort>
          label="Sort by"
          value={filters.sort}
          onChange={(sort) => set({ sort })}
          options={distances ? sortOptions : sortOptions.filter((o) => o.value !== "nearest")}
          className={`${field} flex-1 sm:max-w-xs sm:flex-none sm:basis-64`}
        />
        <Button
          type="button"
          variant="outline"
          className="h-11 aria-expanded:border-brand-600 aria-expanded:bg-brand-50 sm:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {activeCount ? `Filters (${activeCount})` : "Filters"}
        </Button>
        {active ? clearButton("hidden h-10 sm:inline-flex") : null}
      </div>
      <fieldset
        id={panelId}
        className={cn("grid-cols-2 gap-3 sm:grid sm:grid-cols-3 lg:grid-cols-6", open ? "grid" : "hidden")}
      >
        <legend className="sr-only">Filter the job queue</legend>
        <FilterSelect<QueueShow>
          label="Show"
          value={filters.show}
          onChange={(show) => set({ show })}
          options={showOptions}
          // Two columns from 640 px: "New requests and open work" was cut to "New requests and …".
          className={`${field} col-span-2`}
        />
        <FilterSelect
          label="Service"
          value={filters.service}
          onChange={(service) => set({ service })}
          options={serviceOptions}
          className={wide}
        />
        {distances ? (
          <FilterSelect
            label="Distance from base"
            value={filters.within}
            onChange={(within) => set({ within })}
            options={distanceOptions}
            className={wide}
          />
        ) : null}
        <DateFilter
          className={wide}
          label="Visit date from"
          value={typed.from}
          error={errors.from}
          onChange={(from) => set({ from })}
        />
        <DateFilter
          className={wide}
          label="Visit date to"
          value={typed.to}
          error={errors.to}
          onChange={(to) => set({ to })}
        />
        {active ? clearButton("col-span-2 justify-self-start sm:hidden") : null}
      </fieldset>
    </div>
  );
}
