import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Page, PageDirection } from "../../../shared/admin.js";
import type { AuditAction, AuditEntry, AuditQuery } from "../../../shared/audit.js";
import { addDaysIso, charlotteTime } from "../../../shared/dates.js";
import type { DbOrTx } from "../../db/client.js";
import { auditEntry } from "../../db/schema.js";
import { fieldInvalid } from "../../lib/errors.js";
import {
  type Cursor,
  containsText,
  cursorTimestamp,
  inKeysetSlice,
  type KeysetSlice,
  keysetPage,
} from "./query-helpers.js";

export type AuditFilter = Pick<AuditQuery, "q" | "action" | "from" | "to">;

/** The same expression as audit_entry_search_trgm_idx (schema/audit.ts), so a search uses the index. */
const searchExpression = sql`lower(${auditEntry.actorEmail} || ' ' || ${auditEntry.targetLabel} || ' ' || ${auditEntry.targetId})`;

/** The filter as a condition: Charlotte calendar days become instants, so the created_at index serves them. */
export function auditFilterCondition(filter: AuditFilter): SQL | undefined {
  if (filter.from && filter.to && filter.from > filter.to)
    throw fieldInvalid("to", "The end date must be on or after the start date.");
  return and(
    filter.action === "all" ? undefined : eq(auditEntry.action, filter.action),
    filter.q ? containsText(searchExpression, filter.q) : undefined,
    filter.from ? gte(auditEntry.createdAt, charlotteTime(filter.from, 0)) : undefined,
    filter.to ? lt(auditEntry.createdAt, charlotteTime(addDaysIso(filter.to, 1), 0)) : undefined,
  );
}

export function selectAuditRows(db: DbOrTx, slice: KeysetSlice) {
  return inKeysetSlice(
    db
      .select({
        id: auditEntry.id,
        createdAt: auditEntry.createdAt,
        cursorTs: cursorTimestamp(auditEntry.createdAt),
        actorId: auditEntry.actorId,
        actorEmail: auditEntry.actorEmail,
        action: auditEntry.action,
        targetType: auditEntry.targetType,
        targetId: auditEntry.targetId,
        targetLabel: auditEntry.targetLabel,
        reason: auditEntry.reason,
        before: auditEntry.before,
        after: auditEntry.after,
      })
      .from(auditEntry)
      .$dynamic(),
    auditEntry,
    slice,
  );
}

export type AuditRow = Awaited<ReturnType<typeof selectAuditRows>>[number];

export const auditCursorOf = (row: AuditRow): Cursor => ({ ts: row.cursorTs, id: row.id });

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    // recordAudit's type admits only known actions.
    action: row.action as AuditAction,
    targetType: row.targetType as AuditEntry["targetType"],
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    reason: row.reason,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export async function listAudit(options: {
  db: DbOrTx;
  filter: AuditFilter;
  cursor: string | undefined;
  dir: PageDirection;
  limit: number;
}): Promise<Page<AuditEntry>> {
  const where = auditFilterCondition(options.filter);
  return keysetPage({
    cursor: options.cursor,
    dir: options.dir,
    limit: options.limit,
    fetch: (position) => selectAuditRows(options.db, { where, ...position }),
    cursorOf: auditCursorOf,
    toItem: toAuditEntry,
  });
}
