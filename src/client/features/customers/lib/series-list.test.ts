import { describe, expect, it } from "vitest";
import type { JobView } from "../../../../shared/jobs";
import type { SeriesSummary } from "../../../../shared/recurring";
import { groupSeries } from "./series-list";

const dates = ["2026-12-01", "2026-12-08", "2026-12-15", "2026-12-22"];
const series: SeriesSummary = {
  id: "s1",
  number: 104,
  frequency: "weekly",
  status: "active",
  weekday: 2,
  pricePerVisitCents: 4500,
  requestedWeekday: null,
  weekdayAnswerBy: null,
  requestedStartDate: null,
  pausedUntil: null,
  upcoming: dates.map((date, i) => ({ jobId: `v${i}`, number: 200 + i, date, moved: i === 2 })),
};

function job(id: string, overrides: Partial<JobView> = {}): JobView {
  return {
    id,
    status: "scheduled",
    services: ["lawn-mowing"],
    landscaperName: "Carlos Mendoza",
    seriesId: "s1",
    series,
    movedFrom: null,
    unreadMessages: 0,
    ...overrides,
  } as JobView;
}

describe("groupSeries", () => {
  it("gives an active series one panel and keeps only the visits that need a card", () => {
    const jobs = [
      job("v0"),
      job("v1"),
      job("v2", { movedFrom: "2026-12-14" }),
      job("v3", { unreadMessages: 1 }),
      job("done", { status: "completed" }),
      job("other", { seriesId: null, series: null }),
      job("skipped", { status: "cancelled", scheduledDate: "2026-12-29" }),
      job("paused", { status: "cancelled", scheduledDate: "2026-12-09" }),
      job("old", { status: "cancelled", scheduledDate: "2026-11-24" }),
      job("late", {
        status: "cancelled",
        scheduledDate: "2026-12-02",
        payment: { status: "captured" } as never,
      }),
    ];
    const { groups, cards } = groupSeries(jobs, "2026-11-30");
    expect(groups).toHaveLength(1);
    expect(groups[0]!.series.number).toBe(104);
    expect(groups[0]!.landscaperName).toBe("Carlos Mendoza");
    expect([...groups[0]!.visits.keys()]).toEqual([
      "v0",
      "v1",
      "v2",
      "v3",
      "done",
      "skipped",
      "paused",
      "old",
      "late",
    ]);
    // Visits still to come that will not happen, by date (one that cost a late fee keeps its card).
    expect(groups[0]!.cancelled.map((c) => c.id)).toEqual(["paused", "skipped"]);
    // v1 is listed in the panel only; the next visit, the moved one, the unread one and the rest stay.
    expect(cards.map((c) => c.id)).toEqual(["v0", "v2", "v3", "done", "other", "old", "late"]);
  });

  it("drops a skipped visit brought back (its date has a visit again) from 'Not coming' and from the cards", () => {
    const { groups, cards } = groupSeries(
      [job("v0"), job("v1"), job("undone", { status: "cancelled", scheduledDate: dates[1] })],
      "2026-11-30",
    );
    expect(groups[0]!.cancelled).toEqual([]);
    expect(cards.map((c) => c.id)).toEqual(["v0"]);
    // Skipped again: the newer skip is listed once (the older one's date went to the visit made again).
    const again = groupSeries(
      [
        job("v0"),
        job("old-skip", { status: "cancelled", scheduledDate: "2026-12-29", number: 210 }),
        job("new-skip", { status: "cancelled", scheduledDate: "2026-12-29", number: 230 }),
      ],
      "2026-11-30",
    );
    expect(again.groups[0]!.cancelled.map((c) => c.id)).toEqual(["new-skip"]);
    expect(again.cards.map((c) => c.id)).toEqual(["v0"]);
  });

  it("leaves series that are not active as cards", () => {
    const offered = { ...series, status: "offered" as const, upcoming: [] };
    const { groups, cards } = groupSeries(
      [job("first", { status: "accepted", series: offered })],
      "2026-11-30",
    );
    expect(groups).toEqual([]);
    expect(cards).toHaveLength(1);
  });
});
