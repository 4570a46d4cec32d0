// What other features may use of notifications (the linter forbids reaching past this file).

export { notificationsKey } from "./api/notifications";
export { HeaderBell, LiveNotifications } from "./components/header-slots";
export { NotificationPreferencesForm } from "./components/notification-preferences-form";
