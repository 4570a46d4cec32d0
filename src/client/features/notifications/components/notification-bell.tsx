import { Bell, BellOff, Settings } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { bellLabel, type NotificationItem, unreadBadge } from "../../../../shared/notifications";
import type { SessionUser } from "../../../../shared/session";
import { EmptyState } from "../../../components/empty-state";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { cn } from "../../../lib/utils";
import { useBell, useMarkRead } from "../api/notifications";
import { useNotificationStream } from "../hooks/use-notification-stream";
import { useNow } from "../hooks/use-now";
import { notificationTarget } from "../lib/links";
import { HISTORY_PATH, SETTINGS_PATH } from "../lib/paths";
import { NotificationTypeIcon } from "./notification-type-icon";
import { RelativeTime } from "./relative-time";

/**
 * The header bell for admins, landscapers and master users (spec 02 §2): the unread count ('9+' above
 * nine), the latest ten, and live delivery for the whole tab. Opening a notification marks it read and
 * follows its link.
 */
export function NotificationBell({ user }: { user: SessionUser }) {
  useNotificationStream(user.id);
  const bell = useBell();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const now = useNow();
  const count = bell.data?.unreadCount ?? 0;
  const badge = unreadBadge(count);

  function openItem(item: NotificationItem) {
    if (!item.read) markRead.mutate(item.id);
    const target = notificationTarget(item.link);
    if (target?.kind === "internal") void navigate(target.path);
    else if (target?.kind === "external") window.open(target.href, "_blank", "noopener,noreferrer");
  }

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={bellLabel(count)}
          data-testid="notification-bell"
          className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 transition-colors hover:bg-slate-100 hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none data-[state=open]:bg-slate-100"
        >
          <Bell className="size-5" aria-hidden="true" />
          {badge ? (
            <span
              aria-hidden="true"
              className="absolute top-1 right-0.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white tabular-nums ring-2 ring-white"
            >
              {badge}
            </span>
          ) : null}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        collisionPadding={8}
        className="flex w-[min(23rem,calc(100vw-1rem))] flex-col overflow-hidden p-0"
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <DropdownMenuLabel className="p-0 text-sm font-semibold text-slate-900">
            Notifications
          </DropdownMenuLabel>
          <span className="text-xs font-medium text-slate-500">
            {count > 0 ? `${count} unread` : "All caught up"}
          </span>
        </div>

        <div className="max-h-[28rem] min-h-0 flex-1 overflow-y-auto overscroll-contain p-1">
          {bell.isPending ? (
            <p role="status" className="px-3 py-8 text-center text-sm text-slate-500">
              Loading notifications...
            </p>
          ) : bell.isError ? (
            <p className="px-3 py-8 text-center text-sm text-slate-600">
              We couldn't load your notifications. Please try again shortly.
            </p>
          ) : bell.data.items.length === 0 ? (
            <EmptyState
              icon={BellOff}
              tone="muted"
              size="sm"
              title="No notifications yet"
              className="px-3 py-8"
            >
              New jobs, applications and updates will show here.
            </EmptyState>
          ) : (
            bell.data.items.map((item) => (
              <DropdownMenuItem
                key={item.id}
                onSelect={() => openItem(item)}
                className={cn(
                  "items-start gap-3 px-3 py-2.5 [&_svg]:text-current data-[highlighted]:[&_svg]:text-current",
                  !item.read && "bg-brand-50/60",
                )}
              >
                <NotificationTypeIcon type={item.type} className="mt-0.5 size-8" />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span
                    className={cn(
                      "line-clamp-3 text-sm leading-snug break-words",
                      item.read ? "text-slate-700" : "font-semibold text-slate-900",
                    )}
                  >
                    {item.message}
                  </span>
                  <RelativeTime value={item.createdAt} now={now} className="text-xs text-slate-500" />
                </span>
                {item.read ? null : (
                  <span className="mt-1.5 flex size-2.5 shrink-0 rounded-full bg-brand-600">
                    <span className="sr-only">Unread</span>
                  </span>
                )}
              </DropdownMenuItem>
            ))
          )}
        </div>

        <div className="grid grid-cols-2 gap-1 border-t border-slate-200 bg-slate-50 p-1">
          <DropdownMenuItem asChild className="justify-center font-semibold text-brand-700">
            <Link to={HISTORY_PATH}>View all</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild className="justify-center font-semibold text-brand-700">
            <Link to={SETTINGS_PATH}>
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenuItem>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
