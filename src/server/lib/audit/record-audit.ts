import type { AuditAction, AuditTargetType } from "../../../shared/audit.js";
import type { Tx } from "../../db/client.js";
import { auditEntry } from "../../db/schema.js";

/** Who acted: a signed-in admin or master (a Principal fits), or null for GreenScape's own scheduled work. */
export interface AuditActor {
  userId: string;
  email: string;
}

export interface AuditRecord {
  actor: AuditActor | null;
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label: string };
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** What the trail shows as the actor when a scheduled pass acted. */
export const SYSTEM_ACTOR_LABEL = "GreenScape";

/**
 * Writes one audit row (issue 38). It takes a transaction, not a database handle, on purpose: the row must
 * commit with the change it records, so a failed change leaves no row and no change goes unrecorded.
 */
export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
  await tx.insert(auditEntry).values({
    actorId: record.actor?.userId ?? null,
    actorEmail: record.actor?.email ?? SYSTEM_ACTOR_LABEL,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    targetLabel: record.target.label,
    reason: record.reason ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
