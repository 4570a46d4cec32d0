import type { JobActionAnswer } from "../../../../shared/jobs";
import type { OnMyWayInput } from "../../../../shared/proof";
import { apiFetch } from "../../../lib/api-client";
import { type KeptAnswer, sendOrKeep } from "../../field";
import { jobUrl, useJobChange } from "./job-change";

type StepAnswer = JobActionAnswer | KeptAnswer;
/** The visit a step is for; its number names it if the step is kept and later refused. */
export interface VisitRef {
  jobId: string;
  jobTitle?: string | undefined;
}

/**
 * A step of the visit's day, sent at once with the time it happened, or kept on the phone without a network
 * (issue 37) and sent later in order.
 */
function sendStep(
  { jobId, jobTitle }: VisitRef,
  action: "on-my-way" | "arrived" | "start-work",
  body: Record<string, unknown> = {},
) {
  return sendOrKeep<JobActionAnswer>({ jobId, jobTitle, action, body }, (request) =>
    apiFetch<JobActionAnswer>(jobUrl(jobId, action), {
      method: "POST",
      json: request.body,
      headers: request.headers,
    }),
  );
}

/** The landscaper's arrival steps on a scheduled job; each answers the job and a message, and notifies the customer. */
export function sendOnMyWay(input: VisitRef & OnMyWayInput): Promise<StepAnswer> {
  const { jobId, jobTitle, ...body } = input;
  return sendStep({ jobId, jobTitle }, "on-my-way", body);
}

export function sendArrived(job: VisitRef): Promise<StepAnswer> {
  return sendStep(job, "arrived");
}

export function sendStartWork(job: VisitRef): Promise<StepAnswer> {
  return sendStep(job, "start-work");
}

export const useOnMyWay = () => useJobChange(sendOnMyWay);
export const useArrived = () => useJobChange(sendArrived);
export const useStartWork = () => useJobChange(sendStartWork);
