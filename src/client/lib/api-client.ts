/** The one fetcher every feature's api/ file uses: JSON in, JSON out, typed errors with the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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
  if (!response.ok) {
    const error = (body ?? {}) as ErrorBody;
    const message = error.error?.message ?? error.message ?? `Request failed (${response.status})`;
    throw new ApiError(
      response.status,
      error.error?.code ?? error.code ?? "error",
      message,
      error.error?.fields,
    );
  }
  return body as T;
}
