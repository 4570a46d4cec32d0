import type { JobView } from "../../shared/jobs";

/**
 * What an action on a job's card takes (accept, withdraw, the visit's steps, a redo offer, moving a series
 * visit): the job, whether its actions are locked, and the id of the line that says why.
 */
export interface JobActionProps {
  job: JobView;
  disabled: boolean;
  describedBy?: string | undefined;
}
