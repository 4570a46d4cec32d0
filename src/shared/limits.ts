/** The answer to a refused request (HTTP 429), in the words the screens show. */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many requests. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

export const TOO_MANY_REQUESTS = "too_many_requests";
