import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Preferences, PreferencesResponse } from "../../../../shared/notifications";
import { apiFetch } from "../../../lib/api-client";

export function getPreferences(): Promise<PreferencesResponse> {
  return apiFetch<PreferencesResponse>("/api/notifications/preferences");
}

export function putPreferences(input: Preferences): Promise<PreferencesResponse> {
  return apiFetch<PreferencesResponse>("/api/notifications/preferences", { method: "PUT", json: input });
}

/** Not under ["notifications"]: the live stream's re-reads must not reset a form being edited. */
export const preferencesQueryOptions = queryOptions({
  queryKey: ["notification-preferences"],
  queryFn: getPreferences,
  staleTime: 0,
});

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}

/** Saves all four preferences; the answer becomes the cached preferences. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putPreferences,
    onSuccess: (saved) => client.setQueryData(preferencesQueryOptions.queryKey, saved),
  });
}
