import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DocumentsResponse,
  DocumentType,
  LandscaperDocumentView,
  SubmitAnswer,
  UploadAnswer,
} from "../../../../shared/landscapers";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryOptions } from "../../../lib/session";
import { uploadForm } from "../../../lib/upload";
import { landscaperProfileQuery } from "./profile";

export const documentsQuery = queryOptions({
  queryKey: ["landscaper", "documents"],
  queryFn: () => apiFetch<DocumentsResponse>("/api/landscaper/documents"),
});

export function useDocuments(enabled: boolean) {
  return useQuery({ ...documentsQuery, enabled });
}

/**
 * One file per request through XMLHttpRequest, because fetch cannot report upload progress: `onProgress`
 * receives the bytes the browser has really sent. Abort with `signal`.
 */
export function uploadDocument(
  type: DocumentType,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append("file", file);
  return uploadForm<UploadAnswer>(`/api/landscaper/documents/${type}`, form, { onProgress, signal });
}

/** Puts a freshly uploaded document into the cached list, replacing the one of the same type. */
export function useRememberUploadedDocument() {
  const queryClient = useQueryClient();
  return (document: LandscaperDocumentView) => {
    queryClient.setQueryData<DocumentsResponse>(documentsQuery.queryKey, (current) => ({
      documentsSubmittedAt: current?.documentsSubmittedAt ?? null,
      documents: [
        ...(current?.documents ?? []).filter((d) => d.documentType !== document.documentType),
        document,
      ],
    }));
  };
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<SubmitAnswer>("/api/landscaper/application/submit", { method: "POST" }),
    onSuccess: async (data) => {
      queryClient.setQueryData(landscaperProfileQuery.queryKey, { profile: data.profile });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
      ]);
    },
  });
}
