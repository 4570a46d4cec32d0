import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LandscaperProfileValues, LandscaperProfileView } from "../../../../shared/landscapers";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryOptions } from "../../../lib/session";

export interface ProfileResponse {
  profile: LandscaperProfileView | null;
}

export const landscaperProfileQuery = queryOptions({
  queryKey: ["landscaper", "profile"],
  queryFn: () => apiFetch<ProfileResponse>("/api/landscaper/profile"),
});

/** The caller's business profile; null before onboarding. Only asked for when `enabled` (landscapers). */
export function useLandscaperProfile(enabled: boolean) {
  return useQuery({ ...landscaperProfileQuery, enabled });
}

export function saveLandscaperProfile(input: LandscaperProfileValues): Promise<ProfileResponse> {
  return apiFetch<ProfileResponse>("/api/landscaper/profile", { method: "PUT", json: input });
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
