import { BellOff, CheckCheck, Settings } from "lucide-react";
import { useMemo, useState } from "react";
import { type NotificationItem, unreadText } from "../../../../shared/notifications";
import type { SessionUser } from "../../../../shared/session";
import { useAreaUser } from "../../../areas/area-layout";
import { EmptyState } from "../../../components/empty-state";
import { FilterSelect, SearchField } from "../../../components/filter-controls";
import { LoadError } from "../../../components/load-error";
import { PageBody } from "../../../components/page-body";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { toast } from "../../../lib/toast";
import { useHistory, useMarkAllRead, useMarkRead } from "../api/notifications";
import { ClearHistoryDialog } from "../components/clear-history-dialog";
import { HistoryItem } from "../components/history-item";
import { NotificationsPageHeader } from "../components/page-header";
import { useNotificationStream } from "../hooks/use-notification-stream";
import { useNow } from "../hooks/use-now";
import { historyItems } from "../lib/cache";
import {
  filterNotifications,
  hasActiveFilters,
  type NotificationFilters,
  noFilters,
  readFilterOptions,
  typeFilterOptions,
} from "../lib/filters";
import { SETTINGS_PATH } from "../lib/paths";
import { alertTopics } from "../lib/topics";

export function meta() {
  return [{ title: "Notification History | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

export default function NotificationHistoryPage() {
  const { user } = useAreaUser();
  return <History user={user} />;
}

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function History({ user }: { user: SessionUser }) {
  useNotificationStream(user.id);
  const history = useHistory();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const now = useNow();
  const [filters, setFilters] = useState<NotificationFilters>(noFilters);

  const loaded = useMemo(() => historyItems(history.data), [history.data]);
  const shown = useMemo(() => filterNotifications(loaded, filters), [loaded, filters]);
  const unread = history.data?.pages[0]?.unreadCount ?? 0;
  const filtering = hasActiveFilters(filters);

  async function markAllRead() {
    try {
      const answer = await markAll.mutateAsync();
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      console.error("Could not mark all notifications as read.", error);
      toast({
        title: "Error",
        description: "We couldn't mark your notifications as read. Please try again.",
        variant: "destructive",
      });
    }
  }

  function openItem(item: NotificationItem) {
    markRead.mutate(item.id);
  }

  return (
    <PageBody width="4xl">
      <NotificationsPageHeader
        user={user}
        title="Notification History"
        description="Every alert sent to your account, newest first."
        otherScreen={{ to: SETTINGS_PATH, label: "Notification Settings", icon: Settings }}
      />

      <Card className="gap-0 overflow-hidden p-0">
        <div className="grid gap-4 border-b border-slate-200 p-4 sm:p-6">
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_9rem]">
            <SearchField
              label="Search"
              value={filters.search}
              onChange={(search) => setFilters((f) => ({ ...f, search }))}
              placeholder="Search notifications..."
            />
            <div className="grid grid-cols-2 gap-3 sm:contents">
              <FilterSelect
                label="Type"
                value={filters.type}
                onChange={(type) => setFilters((f) => ({ ...f, type }))}
                options={
                  // Applications are landscapers' and admins' business; a customer never gets one.
                  user.isAdmin || user.role !== "customer"
                    ? typeFilterOptions
                    : typeFilterOptions.filter((option) => option.value !== "application")
                }
                className="grid gap-1.5"
              />
              <FilterSelect
                label="Status"
                value={filters.read}
                onChange={(read) => setFilters((f) => ({ ...f, read }))}
                options={readFilterOptions}
                className="grid gap-1.5"
              />
            </div>
          </div>

          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600" aria-live="polite">
              {history.isSuccess && loaded.length > 0
                ? filtering
                  ? `Showing ${shown.length} of ${plural(loaded.length, "loaded notification")}`
                  : `${plural(loaded.length, "notification")} · ${unreadText(unread)} unread`
                : null}
            </p>
            <div className="grid grid-cols-2 gap-2 sm:flex">
              <Button
                variant="outline"
                size="sm"
                className="px-2 sm:px-3"
                onClick={() => void markAllRead()}
                disabled={!history.isSuccess || unread === 0 || markAll.isPending}
                pending={markAll.isPending}
                icon={<CheckCheck className="hidden size-4 sm:block" aria-hidden="true" />}
              >
                Mark all as read
              </Button>
              <ClearHistoryDialog disabled={!history.isSuccess || loaded.length === 0} />
            </div>
          </div>
        </div>

        {history.isPending ? (
          <p role="status" className="px-4 py-16 text-center text-slate-600">
            Loading notifications...
          </p>
        ) : history.isError ? (
          <div className="p-4 sm:p-6">
            <LoadError title="We couldn't load your notifications." query={history}>
              Please check your connection and try again.
            </LoadError>
          </div>
        ) : shown.length === 0 ? (
          <EmptyState
            icon={BellOff}
            tone="muted"
            title="No notifications found"
            className="px-4 py-16"
            actions={
              filtering ? (
                <Button variant="outline" size="sm" onClick={() => setFilters(noFilters)}>
                  Clear filters
                </Button>
              ) : null
            }
          >
            {filtering
              ? "Nothing loaded matches your search and filters."
              : `You're all caught up. Alerts about ${alertTopics(user)} will show here.`}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Notifications">
            {shown.map((item) => (
              <HistoryItem key={item.id} item={item} now={now} onMarkRead={openItem} />
            ))}
          </ul>
        )}

        {history.hasNextPage ? (
          <div className="flex flex-col items-center gap-2 border-t border-slate-200 bg-slate-50 px-4 py-4">
            {filtering ? (
              <p className="text-center text-xs text-slate-500">
                Search and filters apply to the notifications loaded so far.
              </p>
            ) : null}
            <Button
              variant="outline"
              onClick={() => void history.fetchNextPage()}
              pending={history.isFetchingNextPage}
              pendingLabel="Loading..."
            >
              Load older
            </Button>
          </div>
        ) : null}
      </Card>
    </PageBody>
  );
}
