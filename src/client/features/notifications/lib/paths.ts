/** The two notification screens (spec 02 §2). */
export const HISTORY_PATH = "/dashboard/notifications";
export const SETTINGS_PATH = "/dashboard/settings/notifications";
