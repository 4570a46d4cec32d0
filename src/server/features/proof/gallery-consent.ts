import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { job } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Principal } from "../accounts/index.js";

export const galleryMessages = {
  notYet: "You can choose this once you have approved the work.",
  shown:
    "Your after-photos of this job can now appear on your landscaper's public profile, without your name or address.",
  hidden: "Your after-photos of this job are no longer shown on your landscaper's public profile.",
} as const;

/**
 * The customer's choice about the public gallery (issue 36), given when approving the work and changeable
 * afterwards: only after-photos of jobs whose customer said yes are ever shown, and a no takes them off at once
 * (the profile reads this column on every request).
 */
export async function setGalleryConsent(options: {
  db: Db;
  principal: Principal;
  jobId: string;
  show: boolean;
}) {
  return options.db.transaction(async (tx) => {
    const [row] = await tx.select().from(job).where(eq(job.id, options.jobId)).for("update");
    if (!row || row.customerId !== options.principal.userId) throw notFound("Job not found.");
    if (!row.workApprovedAt) throw conflict(galleryMessages.notYet);
    await tx
      .update(job)
      .set({ photosPublicAt: options.show ? (row.photosPublicAt ?? new Date()) : null })
      .where(eq(job.id, options.jobId));
    return options.show ? galleryMessages.shown : galleryMessages.hidden;
  });
}
