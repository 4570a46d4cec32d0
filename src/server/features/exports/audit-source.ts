import { count } from "drizzle-orm";
import { auditActionLabels } from "../../../shared/audit.js";
import type { DbOrTx } from "../../db/client.js";
import { auditEntry } from "../../db/schema.js";
import {
  type AuditFilter,
  type AuditRow,
  auditCursorOf,
  auditFilterCondition,
  type Fetcher,
  selectAuditRows,
  toNumber,
} from "../admin/index.js";
import { pages } from "./csv.js";
import type { ExportSource } from "./sources.js";

/** Admin → Audit as a CSV: the filters of the screen, every row, newest first, read 1000 at a time. */
export function auditSource(db: DbOrTx, filter: AuditFilter): ExportSource {
  const where = auditFilterCondition(filter);
  return {
    kind: "audit",
    columns: ["When (UTC)", "Who", "Action", "Target", "Target ID", "Reason", "Before", "After"],
    count: async () => {
      const [row] = await db.select({ n: count() }).from(auditEntry).where(where);
      return toNumber(row?.n);
    },
    async *rows() {
      const fetch: Fetcher<AuditRow> = (p) => selectAuditRows(db, { where, ...p });
      for await (const page of pages(fetch, auditCursorOf)) {
        for (const row of page) {
          yield [
            row.createdAt.toISOString(),
            row.actorEmail,
            auditActionLabels[row.action as keyof typeof auditActionLabels] ?? row.action,
            row.targetLabel,
            row.targetId,
            row.reason ?? "",
            row.before ? JSON.stringify(row.before) : "",
            row.after ? JSON.stringify(row.after) : "",
          ];
        }
      }
    },
  };
}
