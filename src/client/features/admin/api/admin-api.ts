import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminJobView,
  AdminPaymentsAnswer,
  AdminUserView,
  AnalyticsData,
  AnalyticsRange,
  AnalyticsRole,
  ApplicationStatusFilter,
  ApplicationView,
  AreaChangeDecisionAnswer,
  AreaChangesAnswer,
  DashboardSummary,
  JobStatusFilter,
  MoneyKindFilter,
  Page,
  PageDirection,
  PromoteUserResponse,
  ReviewApplicationResponse,
  UserRoleFilter,
} from "../../../../shared/admin";
import type { MessageAnswer, OkMessageAnswer } from "../../../../shared/answers";
import type { BookingFigures } from "../../../../shared/booking-admin";
import type { DeliveriesAnswer } from "../../../../shared/deliveries";
import type { JobActionAnswer } from "../../../../shared/jobs";
import type { ApplicationStatus, AreaChangeDecision } from "../../../../shared/landscapers";
import type { PayoutRunAnswer } from "../../../../shared/payments";
import type { PricingFigures } from "../../../../shared/pricing-admin";
import type { ResolutionsAnswer, ResolveDisputeInput } from "../../../../shared/proof";
import type { PausedLandscapersAnswer } from "../../../../shared/reliability";
import { apiFetch } from "../../../lib/api-client";

/** Every admin query starts with this key, so a decision or promotion can refresh the whole area. */
export const adminKey = ["admin"] as const;

/** Where a keyset list stands: no cursor for the first page. */
export interface PagePosition {
  cursor?: string | undefined;
  dir?: PageDirection;
}

export function search(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/* ---------------- Dashboard ---------------- */

export const dashboardQueryOptions = queryOptions({
  queryKey: [...adminKey, "dashboard"],
  queryFn: () => apiFetch<DashboardSummary>("/api/admin/dashboard"),
});

export function useDashboardSummary() {
  return useQuery(dashboardQueryOptions);
}

/* ---------------- Paused landscapers (the late lock-out's review queue) ---------------- */

export const pausedLandscapersQueryOptions = queryOptions({
  queryKey: [...adminKey, "paused-landscapers"],
  queryFn: () => apiFetch<PausedLandscapersAnswer>("/api/admin/paused-landscapers"),
});

export function usePausedLandscapers() {
  return useQuery(pausedLandscapersQueryOptions);
}

export function useLiftPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, note }: { userId: string; note: string }) =>
      apiFetch<MessageAnswer>(`/api/admin/landscapers/${encodeURIComponent(userId)}/lift-pause`, {
        method: "POST",
        json: { note },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

/* ---------------- Job history ---------------- */

export interface JobsFilter {
  q: string;
  status: JobStatusFilter;
}

export function useAdminJobs(filter: JobsFilter, position: PagePosition, limit?: number) {
  return useQuery({
    queryKey: [...adminKey, "jobs", filter, position, limit],
    queryFn: () =>
      apiFetch<Page<AdminJobView>>(
        `/api/admin/jobs${search({ q: filter.q, status: filter.status, limit, cursor: position.cursor, dir: position.dir })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/* ---------------- Applications ---------------- */

export interface ApplicationsFilter {
  q: string;
  status: ApplicationStatusFilter;
}

export function useApplications(filter: ApplicationsFilter, position: PagePosition) {
  return useQuery({
    queryKey: [...adminKey, "applications", filter, position],
    queryFn: () =>
      apiFetch<Page<ApplicationView>>(
        `/api/admin/applications${search({ q: filter.q, status: filter.status, cursor: position.cursor, dir: position.dir })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export interface ReviewInput {
  userId: string;
  decision: "approve" | "deny";
  notes: string;
  expectedStatus: ApplicationStatus;
  /** An approval without every required document, and why (shared/admin reviewApplicationSchema). */
  overrideMissingDocuments?: boolean;
  overrideReason?: string;
}

export function useReviewApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision, ...body }: ReviewInput) =>
      apiFetch<ReviewApplicationResponse>(
        `/api/admin/applications/${encodeURIComponent(userId)}/${decision}`,
        { method: "POST", json: body },
      ),
    // Spec 02 §4: the list reloads after a decision (also after a refused one, to show where it stands).
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

/** The insurance certificate's expiry as read from it (issue 36); null clears it (no Insured badge). */
export function useSetInsuranceExpiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, expiresOn }: { userId: string; expiresOn: string | null }) =>
      apiFetch<{ message?: string }>(`/api/admin/landscapers/${encodeURIComponent(userId)}/insurance`, {
        method: "PUT",
        json: { expiresOn },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

/* ---------------- Service-area changes ---------------- */

export const areaChangesQueryOptions = queryOptions({
  queryKey: [...adminKey, "area-changes"],
  queryFn: () => apiFetch<AreaChangesAnswer>("/api/admin/area-changes"),
});

export function useAreaChanges() {
  return useQuery(areaChangesQueryOptions);
}

export function useDecideAreaChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: AreaChangeDecision }) =>
      apiFetch<AreaChangeDecisionAnswer>(`/api/admin/area-changes/${encodeURIComponent(id)}/${decision}`, {
        method: "POST",
        json: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

/* ---------------- Failed deliveries ---------------- */

export const deliveriesQueryOptions = queryOptions({
  queryKey: [...adminKey, "deliveries"],
  queryFn: () => apiFetch<DeliveriesAnswer>("/api/admin/deliveries"),
});

export function useFailedDeliveries() {
  return useQuery(deliveriesQueryOptions);
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<OkMessageAnswer>(`/api/admin/deliveries/${encodeURIComponent(id)}/retry`, {
        method: "POST",
        json: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

/* ---------------- Users ---------------- */

export interface UsersFilter {
  q: string;
  role: UserRoleFilter;
}

export function useAdminUsers(filter: UsersFilter, position: PagePosition) {
  return useQuery({
    queryKey: [...adminKey, "users", filter, position],
    queryFn: () =>
      apiFetch<Page<AdminUserView>>(
        `/api/admin/users${search({ q: filter.q, role: filter.role, cursor: position.cursor, dir: position.dir })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<PromoteUserResponse>(`/api/admin/users/${encodeURIComponent(userId)}/promote`, {
        method: "POST",
        json: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

/* ---------------- Analytics ---------------- */

export interface AnalyticsFilter {
  range: AnalyticsRange;
  role: AnalyticsRole;
}

export function useAnalytics(filter: AnalyticsFilter) {
  return useQuery({
    queryKey: [...adminKey, "analytics", filter],
    queryFn: () => apiFetch<AnalyticsData>(`/api/admin/analytics${search({ ...filter })}`),
    placeholderData: keepPreviousData,
  });
}

/** The firm price's figures (issue 34) over the analytics range. */
export function usePricingFigures(range: AnalyticsFilter["range"]) {
  return useQuery({
    queryKey: [...adminKey, "pricing-figures", range],
    queryFn: () => apiFetch<PricingFigures>(`/api/admin/pricing-figures${search({ range })}`),
    placeholderData: keepPreviousData,
  });
}

/** How customers book pros (issue 35) over the analytics range. */
export function useBookingFigures(range: AnalyticsFilter["range"]) {
  return useQuery({
    queryKey: [...adminKey, "booking-figures", range],
    queryFn: () => apiFetch<BookingFigures>(`/api/admin/booking-figures${search({ range })}`),
    placeholderData: keepPreviousData,
  });
}

/** Export URLs carry the screen's filters. */
export function exportUrl(kind: string, params: Record<string, string | number | undefined> = {}): string {
  return `/api/exports/${kind}${search(params)}`;
}

/* ---------------- Payments ---------------- */

export function useAdminPayments(kind: MoneyKindFilter, position: PagePosition, userId?: string) {
  return useQuery({
    queryKey: [...adminKey, "payments", kind, userId ?? "", position],
    queryFn: () =>
      apiFetch<AdminPaymentsAnswer>(
        `/api/admin/payments${search({ kind, user: userId, cursor: position.cursor, dir: position.dir })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

function useAdminMoneyAction<TInput, TAnswer extends { message: string } = { message: string }>(
  request: (input: TInput) => Promise<TAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

const jobMoneyUrl = (jobId: string, action: string) =>
  `/api/admin/jobs/${encodeURIComponent(jobId)}/${action}`;

/** The amount travels in dollars, as every price form's does (the server converts to cents). */
export const useRefundJob = () =>
  useAdminMoneyAction((input: { jobId: string; amountDollars: number; reason: string }) =>
    apiFetch<JobActionAnswer>(jobMoneyUrl(input.jobId, "refund"), {
      method: "POST",
      json: { amount: input.amountDollars, reason: input.reason },
    }),
  );
export const usePayOutNow = () =>
  useAdminMoneyAction(() =>
    apiFetch<PayoutRunAnswer>("/api/admin/payouts/run", {
      method: "POST",
      json: {},
    }),
  );

/* ---------------- Resolutions ---------------- */

export const resolutionsQueryOptions = queryOptions({
  queryKey: [...adminKey, "resolutions"],
  queryFn: () => apiFetch<ResolutionsAnswer>("/api/admin/resolutions"),
});

/** Reported problems: the open ones first, then those resolved in the last 30 days. */
export function useResolutions() {
  return useQuery(resolutionsQueryOptions);
}

/** Redo, partial or full refund, or release: the amount travels in dollars, as the refund form's does. */
export const useResolveDispute = () =>
  useAdminMoneyAction(({ jobId, ...input }: ResolveDisputeInput & { jobId: string }) =>
    apiFetch<JobActionAnswer>(jobMoneyUrl(jobId, "resolve"), { method: "POST", json: input }),
  );
