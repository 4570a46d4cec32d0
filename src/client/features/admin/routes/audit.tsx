import { useSearchParams } from "react-router";
import {
  type AuditAction,
  type AuditEntry,
  auditActionLabels,
  auditActions,
  auditFieldLabels,
} from "../../../../shared/audit";
import { formatCharlotteDateTime, todayInCharlotte } from "../../../../shared/dates";
import { exportFileName } from "../../../../shared/exports";
import { formatCents } from "../../../../shared/services";
import { auditQueryString, useAuditLog } from "../api/accounts-api";
import { AdminPage } from "../components/admin-page";
import { ExportButton } from "../components/export-button";
import { FilteredList } from "../components/filtered-list";
import { useListFilters } from "../components/list-controls";

export function meta() {
  return [{ title: "Audit Trail | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

type ActionFilter = "all" | AuditAction;

const actionOptions: { value: ActionFilter; label: string }[] = [
  { value: "all", label: "All actions" },
  ...auditActions.map((action) => ({ value: action, label: auditActionLabels[action] })),
];

/** A before/after object as short "key: value" lines; nested values (a rate card) as compact JSON. */
function Changes({ label, value }: { label: string; value: Record<string, unknown> | null }) {
  if (!value || Object.keys(value).length === 0) return null;
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd>
        <ul className="text-sm text-slate-700">
          {Object.entries(value).map(([key, v]) => {
            const text =
              // Money is kept in cents (…Cents fields): shown as dollars.
              key.endsWith("Cents") && typeof v === "number"
                ? formatCents(v)
                : typeof v === "boolean"
                  ? v
                    ? "Yes"
                    : "No"
                  : v === null
                    ? "—"
                    : typeof v === "object"
                      ? JSON.stringify(v)
                      : String(v);
            return (
              <li key={key} className="break-words">
                <span className="text-slate-500">{auditFieldLabels[key] ?? key}:</span>{" "}
                {text.length > 160 ? `${text.slice(0, 160)}…` : text}
              </li>
            );
          })}
        </ul>
      </dd>
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="grid gap-2 px-4 py-4 sm:px-5" data-testid="audit-row">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-4">
        <p className="font-semibold text-slate-900 sm:w-56">{auditActionLabels[entry.action]}</p>
        <p className="min-w-0 flex-1 text-sm break-all text-slate-700">
          <span className="sr-only">Target: </span>
          {entry.targetLabel}
        </p>
        <p className="text-sm text-slate-600">
          <time dateTime={entry.at}>{formatCharlotteDateTime(new Date(entry.at))}</time>
        </p>
      </div>
      <p className="text-sm text-slate-600">
        By <span className="font-medium text-slate-800">{entry.actorEmail}</span>
        {entry.reason ? (
          <>
            {" "}
            · Reason: <span className="text-slate-800">{entry.reason}</span>
          </>
        ) : null}
      </p>
      {entry.before || entry.after ? (
        <dl className="grid gap-2 sm:grid-cols-2">
          <Changes label="Before" value={entry.before} />
          <Changes label="After" value={entry.after} />
        </dl>
      ) : null}
    </li>
  );
}

/**
 * Admin → Audit (issue 38): every admin and master action, newest first, written with the change it records
 * and never edited. Searchable by who acted or what was acted on, filtered by action, exported as CSV with the
 * same filters. Admin → Users links here with the account's email filled in.
 */
export default function AuditPage() {
  const [params] = useSearchParams();
  const list = useListFilters<ActionFilter>("all", params.get("q")?.slice(0, 100) ?? "");
  const filter = { q: list.q, action: list.filter };
  const entries = useAuditLog(filter, list.paging.position);
  return (
    <AdminPage
      title="Audit Trail"
      description="Every admin action, newest first: who did it, when (Charlotte time), the reason they gave, and what changed. Entries are never edited or deleted."
    >
      <FilteredList
        list={list}
        search={{ label: "Search the trail", placeholder: "Email or job number..." }}
        filter={{ label: "Action", options: actionOptions }}
        exportButton={
          <ExportButton
            url={`/api/exports/audit.csv${auditQueryString(filter)}`}
            fallbackName={exportFileName("audit", todayInCharlotte())}
            label="Export Audit CSV"
          />
        }
        heading={{ id: "audit-heading", text: "Audit entries" }}
        query={entries}
        states={{
          loading: "Loading the audit trail...",
          failed: "Failed to load the audit trail",
          failedToast: { title: "Failed to load the audit trail", variant: "destructive" },
          empty: "No audit entries match.",
        }}
        pagerLabel="Audit pages"
      >
        {(items) => (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </FilteredList>
    </AdminPage>
  );
}
