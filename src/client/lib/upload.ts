import { ApiError, apiErrorOf } from "./api-client";
import { connectionHint } from "./form-errors";

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
 * POSTs a multipart form through XMLHttpRequest, because fetch cannot report upload progress: `onProgress`
 * receives the bytes the browser has really sent. Errors are the ApiErrors apiFetch throws; abort with `signal`.
 */
export function uploadForm<T>(
  url: string,
  form: FormData,
  options: {
    onProgress?: ((sent: number, total: number) => void) | undefined;
    signal?: AbortSignal | undefined;
    headers?: Record<string, string> | undefined;
  } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, "unknown", "Unexpected answer from the server."));
        }
      } else {
        reject(errorOf(xhr));
      }
    };
    xhr.onerror = () => reject(errorOf(xhr));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
