import type { JobActionAnswer } from "../../../../shared/jobs";
import type { ProblemReason } from "../../../../shared/proof";
import { postJob, useJobChange } from "./job-change";

/** The customer reports a problem with completed work (problem photos are uploaded first). */
export function reportProblem(input: {
  jobId: string;
  reason: ProblemReason;
  note: string;
}): Promise<JobActionAnswer> {
  return postJob(input.jobId, "report-problem", { reason: input.reason, note: input.note });
}

/** The job's landscaper offers to come back, on a date within 7 days. */
export function offerRedo(input: { jobId: string; date: string; note: string }): Promise<JobActionAnswer> {
  return postJob(input.jobId, "offer-redo", { date: input.date, note: input.note });
}

/** The customer takes the offered redo visit (the job is scheduled again) or declines it. */
export function acceptRedo(jobId: string): Promise<JobActionAnswer> {
  return postJob(jobId, "redo/accept");
}

export function declineRedo(jobId: string): Promise<JobActionAnswer> {
  return postJob(jobId, "redo/decline");
}

export const useReportProblem = () => useJobChange(reportProblem);
export const useOfferRedo = () => useJobChange(offerRedo);
export const useAcceptRedo = () => useJobChange(acceptRedo);
export const useDeclineRedo = () => useJobChange(declineRedo);
