// What other features may use of admin (the linter forbids reaching past this file): the exports feature
// runs the admin lists' own filters and keyset paging over whole tables; the scheduled pass refreshes the
// health figures.
export { cachedAnalytics } from "./analytics-service.js";
export { applicationFilterCondition, selectApplications } from "./applications-service.js";
export {
  type AuditFilter,
  type AuditRow,
  auditCursorOf,
  auditFilterCondition,
  listAudit,
  selectAuditRows,
} from "./audit-service.js";
export { refreshHealth } from "./health-store.js";
export {
  jobCursorOf,
  jobFilterCondition,
  LandscaperNames,
  selectJobExportRows,
  selectJobRows,
  totalCentsOf,
} from "./jobs-service.js";
export { moneyCursorOf, selectMoneyRows } from "./payments-service.js";
export {
  type Cursor,
  cursorTimestamp,
  type Fetcher,
  inKeysetSlice,
  type KeysetSlice,
  toNumber,
} from "./query-helpers.js";
export { userFilterCondition } from "./users-service.js";
