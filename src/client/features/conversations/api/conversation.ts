import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OkMessageAnswer } from "../../../../shared/answers";
import type { ConversationAnswer, MessageItem } from "../../../../shared/conversations";
import { apiFetch } from "../../../lib/api-client";
import { conversationKeys, jobListKeys } from "../../../lib/query-keys";
import { notificationsKey } from "../../notifications";

const messagesUrl = (jobId: string, rest = "") => `/api/jobs/${encodeURIComponent(jobId)}/messages${rest}`;

/* ---------------- Fetchers ---------------- */

/** The job's thread, oldest first. Reading it does not mark it read (markConversationRead does). */
export function getConversation(jobId: string): Promise<ConversationAnswer> {
  return apiFetch<ConversationAnswer>(messagesUrl(jobId));
}

/** Marks the thread, and its bell notifications, read for the signed-in person. */
export function markConversationRead(jobId: string): Promise<OkMessageAnswer> {
  return apiFetch<OkMessageAnswer>(messagesUrl(jobId, "/read"), { method: "POST", json: {} });
}

export interface SendMessageRequest {
  jobId: string;
  body: string;
  /** A photo to attach: the message then travels as multipart (field body + file "image"). */
  image?: File | null | undefined;
}

export function sendMessage({ jobId, body, image }: SendMessageRequest): Promise<{ message: MessageItem }> {
  if (image) {
    const form = new FormData();
    form.set("body", body);
    form.set("image", image, image.name);
    return apiFetch(messagesUrl(jobId), { method: "POST", body: form });
  }
  return apiFetch(messagesUrl(jobId), { method: "POST", json: { body } });
}

export function reportMessage(input: {
  jobId: string;
  messageId: string;
  reason: string;
}): Promise<OkMessageAnswer> {
  return apiFetch<OkMessageAnswer>(
    messagesUrl(input.jobId, `/${encodeURIComponent(input.messageId)}/report`),
    {
      method: "POST",
      json: { reason: input.reason },
    },
  );
}

/* ---------------- Query options ---------------- */

export function conversationQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: conversationKeys.job(jobId),
    queryFn: () => getConversation(jobId),
    // The notification stream re-reads it when a message arrives; this is the backstop should it drop.
    refetchInterval: 60_000,
  });
}

/* ---------------- Hooks ---------------- */

export function useConversation(jobId: string, enabled: boolean) {
  return useQuery({ ...conversationQueryOptions(jobId), enabled });
}

/** After marking read: the thread says nothing is unread, and the cards' badges and the bell are re-read. */
export function useMarkConversationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_answer, jobId) => {
      client.setQueryData(conversationKeys.job(jobId), (thread: ConversationAnswer | undefined) =>
        thread ? { ...thread, unread: 0 } : thread,
      );
      void client.invalidateQueries({ queryKey: jobListKeys.customer });
      void client.invalidateQueries({ queryKey: jobListKeys.landscaper });
      void client.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}

/** A sent message joins the thread at once, then the thread is read again from the server. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: ({ message }, { jobId }) => {
      client.setQueryData(conversationKeys.job(jobId), (thread: ConversationAnswer | undefined) =>
        thread && !thread.messages.some((m) => m.id === message.id)
          ? { ...thread, messages: [...thread.messages, message] }
          : thread,
      );
      void client.invalidateQueries({ queryKey: conversationKeys.job(jobId) });
    },
  });
}

export function useReportMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reportMessage,
    onSettled: (_answer, _error, { jobId }) =>
      client.invalidateQueries({ queryKey: conversationKeys.job(jobId) }),
  });
}
