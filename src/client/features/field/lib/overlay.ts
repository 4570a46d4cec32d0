import { charlotteTime, todayInCharlotte } from "../../../../shared/dates";
import type { JobView } from "../../../../shared/jobs";
import type { JobPhoto, PhotoKind } from "../../../../shared/proof";
import { jobLabel } from "../../../../shared/services";
import type { FieldEntry } from "./outbox";

/** The job as it stands on the phone: what the server said, then each action still waiting to be sent. */
export function withQueued(
  job: JobView,
  entries: readonly FieldEntry[],
  urlOf: (blob: Blob) => string = () => "",
): JobView {
  const mine = entries.filter((entry) => entry.jobId === job.id && entry.state === "queued");
  return mine.reduce((view, entry) => applyEntry(view, entry, urlOf), job);
}

const noArrival = { stage: null, onTheWayAt: null, etaAt: null, arrivedAt: null, workStartedAt: null };

function etaOf(entry: FieldEntry): string | null {
  const minutes = Number(entry.body.etaMinutes);
  if (Number.isFinite(minutes) && minutes > 0)
    return new Date(new Date(entry.occurredAt).getTime() + minutes * 60_000).toISOString();
  const time = typeof entry.body.etaTime === "string" ? entry.body.etaTime : "";
  const [hour, minute] = time.split(":").map(Number);
  if (hour === undefined || minute === undefined || Number.isNaN(hour) || Number.isNaN(minute)) return null;
  return charlotteTime(todayInCharlotte(new Date(entry.occurredAt)), hour, minute).toISOString();
}

function applyEntry(job: JobView, entry: FieldEntry, urlOf: (blob: Blob) => string): JobView {
  const arrival = job.arrival ?? noArrival;
  const at = entry.occurredAt;
  switch (entry.action) {
    case "on-my-way":
      return { ...job, arrival: { ...arrival, stage: "on_the_way", onTheWayAt: at, etaAt: etaOf(entry) } };
    case "arrived":
      return { ...job, arrival: { ...arrival, stage: "arrived", arrivedAt: at } };
    case "start-work":
      return {
        ...job,
        arrival: { ...arrival, stage: "working", arrivedAt: arrival.arrivedAt ?? at, workStartedAt: at },
      };
    case "photos": {
      const photos = entry.photos;
      if (!photos) return job;
      const added: JobPhoto[] = photos.files.map((file, i) => ({
        id: `queued-${entry.key}-${i}`,
        kind: photos.kind as PhotoKind,
        visit: job.visit ?? 1,
        takenAt: at,
        uploadedAt: at,
        width: 0,
        height: 0,
        thumbUrl: urlOf(file),
        fullUrl: urlOf(file),
      }));
      return { ...job, photos: [...(job.photos ?? []), ...added] };
    }
    case "complete": {
      const price = Number(entry.body.finalPrice);
      return {
        ...job,
        status: "completed",
        completedAt: at,
        finalPriceCents: Number.isFinite(price) ? Math.round(price * 100) : job.finalPriceCents,
      };
    }
  }
}

/** Whether the phone holds actions of this job not sent yet. */
export function hasQueued(jobId: string, entries: readonly FieldEntry[]): boolean {
  return entries.some((entry) => entry.jobId === jobId && entry.state === "queued");
}

/**
 * How a kept action names its visit if the server refuses it later, when the card may be gone (a cancelled
 * visit leaves the list): "JOB-1105, Olive at 600 East Blvd".
 */
export function fieldJobTitle(job: Pick<JobView, "number" | "customerName" | "address">): string {
  const first = job.customerName.trim().split(/\s+/)[0] ?? "";
  const street = job.address.split(",")[0]?.trim() ?? "";
  const where = [first, street].filter(Boolean).join(" at ");
  return where ? `${jobLabel(job.number)}, ${where}` : jobLabel(job.number);
}
