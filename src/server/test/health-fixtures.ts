import type { ServiceId } from "../../shared/services.js";
import type { Db } from "../db/client.js";
import { job, jobEvent, ledgerEntry, ledgerTransaction } from "../db/schema.js";
import { jobValues } from "./admin-fixtures.js";

/** A job with its history, every time given: the rows Admin → Health counts (admin/health.test.ts). */
export interface VisitFixture {
  customerId: string | null;
  zip: string;
  services?: ServiceId[];
  status: "pending" | "scheduled" | "completed" | "cancelled";
  createdAt: Date;
  landscaperId?: string | null;
  scheduledDate?: string | null;
  completedAt?: Date | null;
  arrivedAt?: Date | null;
  /** A series' visit (a generated one has one: only those are looked up for their first event). */
  seriesId?: string | null;
  events?: {
    from: "pending" | "accepted" | "scheduled" | "completed" | null;
    to: string;
    at: Date;
    actor?: string | null;
  }[];
}

export async function insertHealthVisit(db: Db, options: VisitFixture) {
  const [row] = await db
    .insert(job)
    .values({
      ...jobValues({
        services: options.services ?? ["lawn-mowing"],
        status: options.status,
        createdAt: options.createdAt,
      }),
      customerId: options.customerId,
      zipCode: options.zip,
      landscaperId: options.landscaperId ?? null,
      scheduledDate: options.scheduledDate ?? null,
      completedAt: options.completedAt ?? null,
      arrivedAt: options.arrivedAt ?? null,
      seriesId: options.seriesId ?? null,
    })
    .returning();
  for (const event of options.events ?? [])
    await db.insert(jobEvent).values({
      jobId: row!.id,
      actorId: event.actor ?? null,
      fromStatus: event.from,
      toStatus: event.to,
      createdAt: event.at,
    });
  return row!;
}

/**
 * A charge or a refund of a job in the ledger at a given time, split as the platform splits it (25% / 75%):
 * the processor account up with a charge, down with a refund.
 */
export async function insertMoney(
  db: Db,
  options: { jobId: string; kind: "job_charge" | "refund"; cents: number; at: Date },
) {
  const { jobId, kind, cents, at } = options;
  const [tx] = await db
    .insert(ledgerTransaction)
    .values({ key: `${kind}:${jobId}`, kind, jobId, description: kind, createdAt: at })
    .returning();
  const sign = kind === "refund" ? -1 : 1;
  await db.insert(ledgerEntry).values([
    { transactionId: tx!.id, account: "processor", amountCents: sign * cents, createdAt: at },
    { transactionId: tx!.id, account: "platform_fees", amountCents: (-sign * cents) / 4, createdAt: at },
    { transactionId: tx!.id, account: "landscaper", amountCents: (-sign * cents * 3) / 4, createdAt: at },
  ]);
}
