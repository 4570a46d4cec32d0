import {
  type NotificationItem,
  type NotificationKind,
  notificationTypes,
} from "../../../../shared/notifications";

export const readFilters = ["all", "unread", "read"] as const;
export type ReadFilter = (typeof readFilters)[number];
export type TypeFilter = "all" | NotificationKind;

export interface NotificationFilters {
  search: string;
  type: TypeFilter;
  read: ReadFilter;
}

export const noFilters: NotificationFilters = { search: "", type: "all", read: "all" };

export const typeLabels: Record<NotificationKind, string> = {
  job: "Job",
  payment: "Payment",
  application: "Application",
  system: "System",
  message: "Message",
  arrival: "Arrival",
  dispute: "Problem report",
};

export const typeFilterOptions: { value: TypeFilter; label: string }[] = [
  { value: "all", label: "All types" },
  ...notificationTypes.map((type) => ({ value: type, label: typeLabels[type] })),
];

export const readFilterOptions: { value: ReadFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "unread", label: "Unread" },
  { value: "read", label: "Read" },
];

/**
 * The history screen's filters, applied to the notifications already loaded (spec 02 §2): a
 * case-insensitive substring search on the message (and the type's name), the type and the read state.
 */
export function filterNotifications(
  items: readonly NotificationItem[],
  filters: NotificationFilters,
): NotificationItem[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  return items.filter((item) => {
    if (filters.type !== "all" && item.type !== filters.type) return false;
    if (filters.read === "unread" && item.read) return false;
    if (filters.read === "read" && !item.read) return false;
    if (!needle) return true;
    return (
      item.message.toLocaleLowerCase().includes(needle) ||
      typeLabels[item.type].toLocaleLowerCase().includes(needle)
    );
  });
}

export function hasActiveFilters(filters: NotificationFilters): boolean {
  return filters.search.trim() !== "" || filters.type !== "all" || filters.read !== "all";
}
