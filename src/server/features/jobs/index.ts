// What other features may use of jobs (the linter forbids reaching past this file): the lifecycle's core,
// which imports nothing from payments, series or proof, so that they can build on it without a cycle.
// jobs' own actions and routes sit above them and use their entry files.
export type { ActionOptions } from "./action-options.js";
export { customerDashboardUrl, jobAlerts, ratingNote, servicesOf } from "./alerts.js";
export { actionTime, claimFieldKey, fieldKeyOf, forgetOldFieldKeys, oncePerKey } from "./field-action.js";
export { jobActionRoutes } from "./job-action-route.js";
export { assertAllowed, backToQueue, loadJob, move, recordEvent } from "./lifecycle.js";
export { jobInput, jobParams } from "./route-inputs.js";
export { tellPerson } from "./updates.js";
export {
  assigned,
  disputeOf,
  type JobRow,
  jobViewColumns,
  jobViewFor,
  releaseWindowEnd,
  toJobView,
  visitStageOf,
} from "./views.js";
