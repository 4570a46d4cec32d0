/**
 * Which job conversations are on screen right now (a module-level registry, one per tab): the notification
 * stream does not toast a new message for a conversation the person is already reading.
 */
const open = new Map<string, number>();

/** Marks `jobId`'s conversation as shown; call the returned function when it closes. */
export function markConversationOpen(jobId: string): () => void {
  open.set(jobId, (open.get(jobId) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (open.get(jobId) ?? 1) - 1;
    if (left > 0) open.set(jobId, left);
    else open.delete(jobId);
  };
}

export function isConversationOpen(jobId: string): boolean {
  return open.has(jobId);
}

/** The search parameter that opens a job's conversation on a dashboard (notification links carry it). */
export const CONVERSATION_PARAM = "conversation";

/** The job id of a link like `/dashboard/customer?conversation=<jobId>`, or null. */
export function conversationOfLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const value = new URL(link, "http://same-site.invalid").searchParams.get(CONVERSATION_PARAM);
    return value?.trim() ? value.trim() : null;
  } catch {
    return null;
  }
}
