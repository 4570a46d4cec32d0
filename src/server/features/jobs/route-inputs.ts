import { z } from "zod";
import { queueQuerySchema } from "../../../shared/job-queue.js";
import {
  acceptJobSchema,
  cancelJobSchema,
  completeJobSchema,
  rateJobSchema,
  withdrawJobSchema,
} from "../../../shared/jobs.js";
import { approveJobSchema } from "../../../shared/payments.js";
import { defineInput } from "../../lib/route-input.js";

/** What each job route reads from a request: the job's id, and the body its schema (shared with the form) parses. */
export const jobParams = z.object({ id: z.uuid({ message: "Job not found." }) });
export const jobInput = defineInput({ params: jobParams });
export const acceptInput = defineInput({ params: jobParams, body: acceptJobSchema });
export const cancelInput = defineInput({ params: jobParams, body: cancelJobSchema });
export const completeInput = defineInput({ params: jobParams, body: completeJobSchema });
export const rateInput = defineInput({ params: jobParams, body: rateJobSchema });
export const approveInput = defineInput({ params: jobParams, body: approveJobSchema });
export const withdrawInput = defineInput({ params: jobParams, body: withdrawJobSchema });
export const queueInput = defineInput({ query: queueQuerySchema });
