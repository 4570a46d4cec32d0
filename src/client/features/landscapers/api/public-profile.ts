import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  PublicProfileSettings,
  publicProfileSettingsAnswerSchema,
} from "../../../../shared/profile-settings";
import { apiFetch } from "../../../lib/api-client";
import { uploadForm } from "../../../lib/upload";

export type PublicProfileSettingsAnswer = z.infer<typeof publicProfileSettingsAnswerSchema>;

export const publicProfileSettingsQuery = queryOptions({
  queryKey: ["landscaper", "public-profile"],
  queryFn: () => apiFetch<PublicProfileSettingsAnswer>("/api/landscaper/public-profile"),
});

export function usePublicProfileSettings(enabled: boolean) {
  return useQuery({ ...publicProfileSettingsQuery, enabled });
}

export function savePublicProfileSettings(input: PublicProfileSettings) {
  return apiFetch<PublicProfileSettingsAnswer>("/api/landscaper/public-profile", {
    method: "PUT",
    json: input,
  });
}

export function uploadProfilePhoto(file: File) {
  const form = new FormData();
  form.append("photo", file);
  return uploadForm<PublicProfileSettingsAnswer>("/api/landscaper/public-profile/photo", form, {});
}

export function removeProfilePhoto() {
  return apiFetch<PublicProfileSettingsAnswer>("/api/landscaper/public-profile/photo", { method: "DELETE" });
}

/** Each change answers with the saved settings, which replace the cached ones. */
function useSettingsMutation<T>(mutationFn: (input: T) => Promise<PublicProfileSettingsAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => queryClient.setQueryData(publicProfileSettingsQuery.queryKey, data),
  });
}

export const useSavePublicProfileSettings = () => useSettingsMutation(savePublicProfileSettings);
export const useUploadProfilePhoto = () => useSettingsMutation(uploadProfilePhoto);
export const useRemoveProfilePhoto = () => useSettingsMutation((_: undefined) => removeProfilePhoto());
