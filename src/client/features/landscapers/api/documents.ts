import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DocumentsResponse,
  DocumentType,
  LandscaperDocumentView,
  SubmitAnswer,
  UploadAnswer,
} from "../../../../shared/landscapers";
import { ApiError, apiErrorOf, apiFetch } from "../../../lib/api-client";
import { connectionHint } from "../../../lib/form-errors";
import { sessionQueryOptions } from "../../../lib/session";
import { landscaperProfileQuery } from "./profile";

export const documentsQuery = queryOptions({
  queryKey: ["landscaper", "documents"],
  queryFn: () => apiFetch<DocumentsResponse>("/api/landscaper/documents"),
});

export function useDocuments(enabled: boolean) {
  return useQuery({ ...documentsQuery, enabled });
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  if (xhr.status === 0) return new ApiError(0, "network_error", connectionHint);
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = undefined;
  }
  return apiErrorOf(xhr.status, body, `Upload failed (${xhr.status})`);
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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/landscaper/documents/${type}`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadAnswer);
        } catch {
          reject(new ApiError(xhr.status, "unknown", "Unexpected answer from the server."));
        }
      } else {
        reject(errorOf(xhr));
      }
    };
    xhr.onerror = () => reject(errorOf(xhr));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
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
