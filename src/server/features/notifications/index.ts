// What other features may use of notifications (the linter forbids reaching past this file).
export { type NewNotification, notify, notifyAdmins, notifyEach } from "./service.js";
