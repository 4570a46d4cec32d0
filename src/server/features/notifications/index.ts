// What other features may use of notifications (the linter forbids reaching past this file).
export { bellPage } from "./bell.js";
export { raiseJobAlert } from "./job-alerts.js";
export { type NewNotification, notify, notifyAdmins } from "./service.js";
