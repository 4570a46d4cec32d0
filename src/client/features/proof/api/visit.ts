import type { JobActionAnswer } from "../../../../shared/jobs";
import type { OnMyWayInput } from "../../../../shared/proof";
import { postJob, useJobChange } from "./job-change";

/** The landscaper's arrival steps on a scheduled job; each answers the job and a message, and notifies the customer. */
export function sendOnMyWay(input: { jobId: string } & OnMyWayInput): Promise<JobActionAnswer> {
  const { jobId, ...body } = input;
  return postJob(jobId, "on-my-way", body);
}

export function sendArrived(jobId: string): Promise<JobActionAnswer> {
  return postJob(jobId, "arrived");
}

export function sendStartWork(jobId: string): Promise<JobActionAnswer> {
  return postJob(jobId, "start-work");
}

export const useOnMyWay = () => useJobChange(sendOnMyWay);
export const useArrived = () => useJobChange(sendArrived);
export const useStartWork = () => useJobChange(sendStartWork);
