import type { SessionUser } from "../../../../shared/session";

/**
 * What this person's alerts are about, in their own terms: a customer has requests and bookings, not job
 * queues and applications (the notification screens are shared by every role).
 */
export function alertTopics(user: Pick<SessionUser, "role" | "isAdmin">): string {
  if (user.isAdmin) return "new applications, jobs, reported problems and account updates";
  if (user.role === "landscaper")
    return "new jobs, messages from customers, your application and account updates";
  return "your requests, bookings, messages, arrivals and account updates";
}
