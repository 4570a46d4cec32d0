import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LandscaperProfileAnswer, LandscaperProfileValues } from "../../../../shared/landscapers";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryOptions } from "../../../lib/session";

export const landscaperProfileQuery = queryOptions({
  queryKey: ["landscaper", "profile"],
  queryFn: () => apiFetch<LandscaperProfileAnswer>("/api/landscaper/profile"),
});

/** The caller's business profile; null before onboarding. Only asked for when `enabled` (landscapers). */
export function useLandscaperProfile(enabled: boolean) {
  return useQuery({ ...landscaperProfileQuery, enabled });
}

export function saveLandscaperProfile(input: LandscaperProfileValues): Promise<LandscaperProfileAnswer> {
  return apiFetch<LandscaperProfileAnswer>("/api/landscaper/profile", { method: "PUT", json: input });
}

/** Saves the profile; the session is refetched because it carries the application status. */
export function useSaveLandscaperProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLandscaperProfile,
    onSuccess: async (data) => {
      queryClient.setQueryData(landscaperProfileQuery.queryKey, data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: ["landscaper", "jobs"] }),
      ]);
    },
  });
}
