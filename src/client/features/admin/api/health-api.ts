import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { HealthAnswer, HealthSummary } from "../../../../shared/admin-health";
import { apiFetch } from "../../../lib/api-client";
import { adminKey } from "./admin-api";

/** Admin → Health over the last `weeks` weeks (issue 38); the previous answer stays on screen while the next loads. */
export function useHealth(weeks: number) {
  return useQuery({
    queryKey: [...adminKey, "health", weeks],
    queryFn: () => apiFetch<HealthAnswer>(`/api/admin/health?weeks=${weeks}`),
    placeholderData: keepPreviousData,
  });
}

/** The dashboard's four health tiles. */
export function useHealthSummary() {
  return useQuery({
    queryKey: [...adminKey, "health-summary"],
    queryFn: () => apiFetch<HealthSummary>("/api/admin/health/summary"),
  });
}
