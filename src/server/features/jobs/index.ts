// What other features may use of jobs (the linter forbids reaching past this file).
export { servicesOf } from "./messages.js";
export { visitStageOf } from "./views.js";
