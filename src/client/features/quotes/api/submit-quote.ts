import { useMutation } from "@tanstack/react-query";
import type { QuoteRequest } from "../../../../shared/jobs";
import type { QuoteAnswer } from "../../../../shared/quotes";
import { ApiError, apiFetch } from "../../../lib/api-client";

export interface SubmitQuoteInput {
  values: QuoteRequest;
  photo: File | null;
}

/** JSON without a photo; multipart (field `photo`, repeated `services`) with one. */
export function submitQuote({ values, photo }: SubmitQuoteInput): Promise<QuoteAnswer> {
  if (!photo) return apiFetch<QuoteAnswer>("/api/quotes", { method: "POST", json: values });
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, item);
    else form.append(name, String(value));
  }
  form.append("photo", photo, photo.name);
  return apiFetch<QuoteAnswer>("/api/quotes", { method: "POST", body: form });
}

/**
 * Sends the quote request. A dropped connection is retried: the form's idempotency key makes the server
 * answer the job it already created instead of creating a second one.
 */
export function useSubmitQuote() {
  return useMutation({
    mutationFn: submitQuote,
    retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
    retryDelay: 1000,
  });
}
