import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountAction, UserMessageReportsAnswer } from "../../../../shared/account-actions";
import type { Page } from "../../../../shared/admin";
import type { OkMessageAnswer } from "../../../../shared/answers";
import type { AuditEntry, AuditQuery } from "../../../../shared/audit";
import { apiFetch } from "../../../lib/api-client";
import { adminKey, type PagePosition, search } from "./admin-api";

/* ---------------- Account actions (Admin → Users) ---------------- */

export function postAccountAction(input: { userId: string; action: AccountAction; reason: string }) {
  return apiFetch<OkMessageAnswer>(`/api/admin/users/${encodeURIComponent(input.userId)}/${input.action}`, {
    method: "POST",
    json: { reason: input.reason },
  });
}

/** Suspend, reinstate, revoke admin or resend the confirmation; the whole admin area refreshes after. */
export function useAccountAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAccountAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

/* ---------------- The audit trail (Admin → Audit) ---------------- */

export type AuditFilter = Pick<AuditQuery, "q" | "action" | "from" | "to">;

export function auditQueryString(filter: AuditFilter, position: PagePosition = {}) {
  return search({
    q: filter.q || undefined,
    action: filter.action === "all" ? undefined : filter.action,
    from: filter.from || undefined,
    to: filter.to || undefined,
    cursor: position.cursor,
    dir: position.dir,
  });
}

export const auditQueryOptions = (filter: AuditFilter, position: PagePosition) => ({
  queryKey: [...adminKey, "audit", filter, position] as const,
  queryFn: () => apiFetch<Page<AuditEntry>>(`/api/admin/audit${auditQueryString(filter, position)}`),
  placeholderData: keepPreviousData,
});

export function useAuditLog(filter: AuditFilter, position: PagePosition) {
  return useQuery(auditQueryOptions(filter, position));
}

/* ---------------- One account's message reports ---------------- */

/** Asked only while the dialog is open (`enabled`): most rows are never opened. */
export function useUserMessageReports(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKey, "user-message-reports", userId],
    queryFn: () =>
      apiFetch<UserMessageReportsAnswer>(`/api/admin/users/${encodeURIComponent(userId)}/message-reports`),
    enabled,
  });
}
