import { describe, expect, it } from "vitest";
import type { JobView } from "../../../../shared/jobs";
import type { FieldEntry } from "./outbox";
import { hasQueued, withQueued } from "./overlay";
import { fieldDayJobs } from "./snapshot";

const job = {
  id: "job-1",
  number: 1042,
  status: "scheduled",
  scheduledDate: "2026-11-30",
  finalPriceCents: null,
  visit: 1,
  photos: [],
  arrival: { stage: null, onTheWayAt: null, etaAt: null, arrivedAt: null, workStartedAt: null },
} as unknown as JobView;

let seq = 0;
const entry = (
  action: FieldEntry["action"],
  occurredAt: string,
  extra: Partial<FieldEntry> = {},
): FieldEntry => ({
  key: `k-${++seq}`,
  seq,
  jobId: "job-1",
  action,
  body: {},
  occurredAt,
  state: "queued",
  ...extra,
});

describe("a job as the phone shows it with actions not sent yet", () => {
  it("walks the visit's steps at the times they were done, with the ETA counted from setting off", () => {
    const view = withQueued(job, [
      entry("on-my-way", "2026-11-30T14:00:00.000Z", { body: { etaMinutes: 30 } }),
      entry("arrived", "2026-11-30T14:25:00.000Z"),
    ]);
    expect(view.arrival).toEqual({
      stage: "arrived",
      onTheWayAt: "2026-11-30T14:00:00.000Z",
      etaAt: "2026-11-30T14:30:00.000Z",
      arrivedAt: "2026-11-30T14:25:00.000Z",
      workStartedAt: null,
    });
    // An ETA given as a clock time is that time on Charlotte's clock that day (EST: UTC−5).
    const byClock = withQueued(job, [
      entry("on-my-way", "2026-11-30T14:00:00.000Z", { body: { etaTime: "09:40" } }),
    ]);
    expect(byClock.arrival?.etaAt).toBe("2026-11-30T14:40:00.000Z");
  });

  it("adds kept photos and completes at the price asked; a refused or another job's action changes nothing", () => {
    const photo = new Blob(["x"], { type: "image/jpeg" });
    const view = withQueued(
      job,
      [
        entry("photos", "2026-11-30T15:00:00.000Z", {
          photos: { kind: "after", files: [photo], names: ["a.jpg"] },
        }),
        entry("complete", "2026-11-30T15:01:00.000Z", { body: { finalPrice: "125.50" } }),
        entry("start-work", "2026-11-30T15:02:00.000Z", { state: "refused", message: "No." }),
        entry("arrived", "2026-11-30T15:03:00.000Z", { jobId: "job-2" }),
      ],
      () => "blob:photo",
    );
    expect(view.photos).toMatchObject([{ kind: "after", visit: 1, thumbUrl: "blob:photo" }]);
    expect(view.status).toBe("completed");
    expect(view.finalPriceCents).toBe(12550);
    expect(view.arrival?.stage).toBeNull();
    expect(hasQueued("job-1", [entry("arrived", "2026-11-30T15:03:00.000Z", { state: "refused" })])).toBe(
      false,
    );
  });

  it("keeps on the phone only today's and tomorrow's visits (Charlotte dates)", () => {
    const at = new Date("2026-11-30T04:30:00.000Z"); // 11:30 PM on Nov 29 in Charlotte
    const jobs = [
      { ...job, id: "today", scheduledDate: "2026-11-29" },
      { ...job, id: "tomorrow", scheduledDate: "2026-11-30" },
      { ...job, id: "later", scheduledDate: "2026-12-01" },
      { ...job, id: "request", status: "pending", scheduledDate: null },
    ] as JobView[];
    expect(fieldDayJobs(jobs, at).map((j) => j.id)).toEqual(["today", "tomorrow"]);
  });
});
