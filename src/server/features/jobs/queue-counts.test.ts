import { beforeAll, describe, expect, it } from "vitest";
import { daysFromToday } from "../../../shared/dates.js";
import {
  type LandscaperJobsAnswer,
  type QueueShow,
  type QueueStats,
  queueQuerySchema,
  queueShows,
} from "../../../shared/job-queue.js";
import { job, jobDecline } from "../../db/schema.js";
import { useTestApp } from "../../test/build-test-app.js";
import { createQueueRivals, type Landscaper } from "../../test/landscaper-helpers.js";
import { postAs } from "../../test/series-helpers.js";
import { zipDistanceMiles } from "../landscapers/index.js";
import { landscaperQueue } from "./queue.js";

type Status = "pending" | "accepted" | "scheduled" | "completed" | "cancelled";
interface Seeded {
  id: string;
  zip: string;
  services: string[];
  preferredDate: string;
  scheduledDate: string | null;
  status: Status;
  landscaperId: string | null;
  /** Set once the customer (or silence) approved finished work: it then leaves the default list. */
  workApprovedAt: Date | null;
}

/**
 * The tiles and the filters' count are read apart from the list (the open requests of the area from their
 * index, the landscaper's own jobs, their declines): whatever the view and the filters, `matching` is the
 * number of jobs the pages list, and the tiles count what they say, with declines inside and outside the
 * area, own jobs whose agreed date is not the preferred one, and other landscapers' jobs around.
 */
describe("the queue's counts, read apart from its list", () => {
  const t = useTestApp();
  let pro: Landscaper;
  let rival: Landscaper;
  const area = ["28202", "28203", "28204", "28205", "28207"];
  const outside = "29401";
  const miles = new Map<string, number>();
  const seeded: Seeded[] = [];
  const declinedIds = new Set<string>();
  const services = ["lawn-mowing", "edging-trimming", "mulch-installation"];

  beforeAll(async () => {
    ({ pro, rival } = await createQueueRivals(t));
    for (const zip of area)
      miles.set(zip, Math.round((await zipDistanceMiles(t.database.db, "28202", zip))! * 10) / 10);

    const row = (i: number, over: Partial<Omit<Seeded, "id">>) => {
      const zip = over.zip ?? area[i % area.length]!;
      const service = services[i % services.length]!;
      return {
        customerName: `Customer ${i}`,
        customerEmail: `customer${i}@counts.test`,
        customerPhone: "(704) 555-0100",
        address: `${100 + i} Count St, Charlotte, NC`,
        zipCode: zip,
        selectedServices: over.services ?? (i % 4 === 0 ? [service, "leaf-removal"] : [service]),
        serviceType: service,
        preferredDate: over.preferredDate ?? daysFromToday((i % 50) - 8),
        status: over.status ?? "pending",
        landscaperId: over.landscaperId ?? null,
        scheduledDate: over.scheduledDate ?? null,
        workApprovedAt: over.workApprovedAt ?? null,
        estimateLowCents: 5000,
        estimateHighCents: 8000,
      };
    };
    const rows = [
      // Open requests in the area, dates from a week ago to six weeks ahead.
      ...Array.from({ length: 70 }, (_, i) => row(i, {})),
      // Open requests outside it.
      ...Array.from({ length: 6 }, (_, i) => row(100 + i, { zip: outside })),
      // The landscaper's own jobs: the agreed date far from the preferred one, both ways; one outside the area.
      row(200, { status: "accepted", landscaperId: pro.id, preferredDate: daysFromToday(30) }),
      row(201, {
        status: "accepted",
        landscaperId: pro.id,
        preferredDate: daysFromToday(30),
        scheduledDate: daysFromToday(5),
      }),
      row(202, {
        status: "scheduled",
        landscaperId: pro.id,
        preferredDate: daysFromToday(4),
        scheduledDate: daysFromToday(40),
      }),
      row(203, {
        status: "scheduled",
        landscaperId: pro.id,
        preferredDate: daysFromToday(45),
        scheduledDate: daysFromToday(6),
        zip: outside,
      }),
      row(204, {
        status: "completed",
        landscaperId: pro.id,
        preferredDate: daysFromToday(-20),
        scheduledDate: daysFromToday(-18),
        workApprovedAt: new Date(),
      }),
      row(205, {
        status: "completed",
        landscaperId: pro.id,
        preferredDate: daysFromToday(5),
        scheduledDate: daysFromToday(7),
      }),
      row(206, { status: "cancelled", landscaperId: pro.id, preferredDate: daysFromToday(6) }),
      // The rival's, in the same area: never counted for the landscaper.
      row(300, { status: "accepted", landscaperId: rival.id, preferredDate: daysFromToday(6) }),
      row(301, {
        status: "completed",
        landscaperId: rival.id,
        preferredDate: daysFromToday(-3),
        scheduledDate: daysFromToday(-3),
      }),
    ];
    const inserted = await t.database.db.insert(job).values(rows).returning({
      id: job.id,
      zip: job.zipCode,
      services: job.selectedServices,
      preferredDate: job.preferredDate,
      scheduledDate: job.scheduledDate,
      status: job.status,
      landscaperId: job.landscaperId,
      workApprovedAt: job.workApprovedAt,
    });
    seeded.push(...inserted);

    // Declines through the route: eight open requests of the area; one of them the rival then takes.
    const open = seeded.filter((s) => s.status === "pending" && s.zip !== outside);
    for (const s of open.filter((_, i) => i % 9 === 2)) {
      const response = await postAs(t, pro, `/api/jobs/${s.id}/decline`);
      expect(response.statusCode, response.body).toBe(200);
      declinedIds.add(s.id);
    }
    expect(declinedIds.size).toBe(8);
    const taken = seeded.find((s) => s.id === [...declinedIds][0])!;
    const accept = await postAs(t, rival, `/api/jobs/${taken.id}/accept`, { price: 80 });
    expect(accept.statusCode, accept.body).toBe(200);
    taken.status = "accepted";
    taken.landscaperId = rival.id;
    // A request outside the area declined before the landscaper narrowed it (the route refuses it now).
    const far = seeded.find((s) => s.status === "pending" && s.zip === outside)!;
    await t.database.db.insert(jobDecline).values({ jobId: far.id, landscaperId: pro.id });
    declinedIds.add(far.id);
  }, 60_000);

  /** What the list shows under `show` and the filters, worked out from the rows in TypeScript. */
  function expected(show: QueueShow, f: { service?: string; from?: string; to?: string; within?: number }) {
    const shows = (s: Seeded) => {
      const mine = s.landscaperId === pro.id;
      const open = s.status === "pending" && area.includes(s.zip) && !declinedIds.has(s.id);
      const ownShown: Record<QueueShow, boolean> = {
        active:
          mine &&
          (["accepted", "scheduled"].includes(s.status) || (s.status === "completed" && !s.workApprovedAt)),
        all: mine && ["accepted", "scheduled", "completed"].includes(s.status),
        open: false,
        accepted: mine && ["accepted", "scheduled"].includes(s.status),
        completed: mine && s.status === "completed",
        cancelled: mine && s.status === "cancelled",
      };
      return ((show === "active" || show === "all" || show === "open") && open) || ownShown[show];
    };
    const day = (s: Seeded) =>
      s.status === "pending" ? s.preferredDate : (s.scheduledDate ?? s.preferredDate);
    return seeded.filter(
      (s) =>
        shows(s) &&
        (!f.service || s.services.includes(f.service)) &&
        (!f.from || day(s) >= f.from) &&
        (!f.to || day(s) <= f.to) &&
        (f.within === undefined || (miles.has(s.zip) && miles.get(s.zip)! <= f.within)),
    );
  }

  function expectedStats(): QueueStats {
    const mine = seeded.filter((s) => s.landscaperId === pro.id);
    const inArea = seeded.filter((s) => s.status === "pending" && area.includes(s.zip));
    const pending = inArea.filter((s) => !declinedIds.has(s.id)).length;
    const accepted = mine.filter((s) => s.status === "accepted" || s.status === "scheduled").length;
    const completed = mine.filter((s) => s.status === "completed").length;
    return {
      total: pending + accepted + completed,
      pending,
      accepted,
      completed,
      cancelled: mine.filter((s) => s.status === "cancelled").length,
      declined: inArea.filter((s) => declinedIds.has(s.id)).length,
    };
  }

  async function allPages(query: Record<string, string>) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let first: LandscaperJobsAnswer | null = null;
    do {
      const response = await t.app.inject({
        url: "/api/landscaper/jobs",
        query: cursor ? { ...query, cursor } : query,
        headers: { cookie: pro.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as LandscaperJobsAnswer;
      first ??= answer;
      ids.push(...answer.jobs.map((j) => j.id));
      cursor = answer.nextCursor;
    } while (cursor);
    return { first: first!, ids };
  }

  it("counts exactly what every view lists, under every filter, with the tiles unchanged by them", async () => {
    const stats = expectedStats();
    expect(stats).toEqual({ total: 68, pending: 62, accepted: 4, completed: 2, cancelled: 1, declined: 7 });
    const from = daysFromToday(3);
    const to = daysFromToday(20);
    const filterSets: { service?: string; from?: string; to?: string; within?: number }[] = [
      {},
      { from, to },
      { from },
      { service: "leaf-removal" },
      { service: "lawn-mowing", from, to, within: 5 },
    ];
    for (const show of queueShows) {
      for (const f of filterSets) {
        const query: Record<string, string> = { show, sort: "soonest" };
        if (f.service) query.service = f.service;
        if (f.from) query.from = f.from;
        if (f.to) query.to = f.to;
        if (f.within !== undefined) query.within = String(f.within);
        const want = expected(show, f).map((s) => s.id);
        const { first, ids } = await allPages(query);
        const label = JSON.stringify(query);
        expect(first.stats, label).toEqual(stats);
        expect(ids.sort(), label).toEqual([...want].sort());
        expect(first.matching, label).toBe(want.length);
      }
    }
    // The filters reach the landscaper's own jobs by their agreed date: the accepted one moved into the
    // window is listed, the scheduled one moved out of it is not.
    expect(expected("accepted", { from, to }).length).toBe(2);
  }, 120_000);

  it("stops counting the area's open requests one past the cap; the rest of the answer is unchanged", async () => {
    const read = (query: Record<string, string>, openCountCap?: number) =>
      landscaperQueue({
        db: t.database.db,
        landscaperId: pro.id,
        query: queueQuerySchema.parse(query),
        ...(openCountCap === undefined ? {} : { openCountCap }),
      });
    const exact = await read({ show: "all" });
    const capped = await read({ show: "all" }, 10);
    // 62 open requests: counted to 11, which the tiles show as "more than the cap".
    expect(capped.stats).toEqual({ ...exact.stats, pending: 11, total: 11 + 4 + 2 });
    expect(capped.matching).toBe(11 + 4 + 2);
    expect(capped.jobs.map((j) => j.id)).toEqual(exact.jobs.map((j) => j.id));
    // A filter that leaves fewer open requests than the cap is counted exactly.
    const filter = {
      show: "open",
      service: "lawn-mowing",
      from: daysFromToday(3),
      to: daysFromToday(20),
      within: "5",
    };
    const few = expected("open", {
      service: "lawn-mowing",
      from: daysFromToday(3),
      to: daysFromToday(20),
      within: 5,
    });
    expect(few.length).toBeLessThan(10);
    expect((await read(filter, 10)).matching).toBe(few.length);
    expect((await read({ show: "open", from: daysFromToday(3) }, 10)).matching).toBe(11);
  });
});
