import { type ErrorCode, errorCodes } from "../../shared/errors";

/**
 * What a failed request carries: one of the server's shared codes, `network_error` when it never answered,
 * or `unknown` for a code outside the contract (a proxy's error page, say). Screens switch on this.
 */
export type ApiErrorCode = ErrorCode | "network_error" | "unknown";

function knownCode(code: string | undefined): ApiErrorCode {
  return (errorCodes as readonly string[]).includes(code ?? "") ? (code as ErrorCode) : "unknown";
}

/** The one fetcher every feature's api/ file uses: JSON in, JSON out, typed errors with the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
  // Better Auth answers { code, message } without the envelope.
  code?: string;
  message?: string;
}

/** The ApiError of an error answer's body (ours, or Better Auth's), whatever shape it arrived in. */
export function apiErrorOf(
  status: number,
  body: unknown,
  fallbackMessage = `Request failed (${status})`,
): ApiError {
  const error = (body ?? {}) as ErrorBody;
  return new ApiError(
    status,
    knownCode(error.error?.code ?? error.code?.toLowerCase()),
    error.error?.message ?? error.message ?? fallbackMessage,
    error.error?.fields,
  );
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path, {
    credentials: "same-origin",
    ...rest,
    headers: {
      accept: "application/json",
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) throw apiErrorOf(response.status, body);
  return body as T;
}
