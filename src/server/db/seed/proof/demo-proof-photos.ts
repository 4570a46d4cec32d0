import { randomUUID } from "node:crypto";
import * as s from "../../schema.js";
import { type DemoJob, later, MINUTE } from "../demo-fixtures.js";
import type { DemoContext } from "../demo-people.js";
import type { DemoLook, DemoPhotoStore } from "./demo-photos.js";

/** The demo jobs' photos (./demo-proof.ts says which): their files in the storage and their rows. */

export type Role = "customer" | "landscaper" | "admin";
export interface Shot {
  kind: "before" | "after" | "problem";
  look: DemoLook;
  by: Role;
  takenAt: Date;
  uploadedAt: Date;
}

/** A photo to take: its kind, its look, who took it, when, and how many minutes later it was uploaded. */
export function photo(
  kind: Shot["kind"],
  look: DemoLook,
  by: Role,
  takenAt: Date,
  uploadMinutes: number,
): Shot {
  return { kind, look, by, takenAt, uploadedAt: later(takenAt, uploadMinutes * MINUTE) };
}

/** Writes each photo's two files (as addPhotos does: job-photos/<job>/<id>.jpg and -thumb.jpg) and rows. */
export async function storePhotos(
  tx: DemoContext["tx"],
  store: DemoPhotoStore,
  jobs: { job: DemoJob; shots: Shot[] }[],
  carlosId: string,
) {
  const { pictures } = store;
  const used: Record<DemoLook, number> = { overgrown: 0, mowed: 0, unfinished: 0, damaged: 0 };
  const rows: (typeof s.jobPhoto.$inferInsert)[] = [];
  const files: [string, Buffer][] = [];
  for (const { job, shots } of jobs) {
    for (const shot of shots) {
      const list = pictures[shot.look];
      const picture = list[used[shot.look]++ % list.length]!;
      const id = randomUUID();
      const key = `job-photos/${job.id}/${id}.jpg`;
      const thumbKey = `job-photos/${job.id}/${id}-thumb.jpg`;
      files.push([key, picture.full], [thumbKey, picture.thumb]);
      rows.push({
        id,
        jobId: job.id!,
        kind: shot.kind,
        visit: 1,
        uploaderId: shot.by === "customer" ? job.customerId : carlosId,
        key,
        thumbKey,
        width: picture.width,
        height: picture.height,
        bytes: picture.full.length,
        takenAt: shot.takenAt,
        createdAt: shot.uploadedAt,
      });
    }
  }
  await Promise.all(
    files.map(async ([key, data]) => {
      await store.storage.put(key, data);
      store.written.push(key);
    }),
  );
  if (rows.length) await tx.insert(s.jobPhoto).values(rows);
}
