import { Check, ExternalLink } from "lucide-react";
import type { NotificationItem } from "../../../../shared/notifications";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { typeLabels } from "../lib/filters";
import { notificationTarget, targetHref } from "../lib/links";
import { NotificationTypeIcon } from "./notification-type-icon";
import { RelativeTime } from "./relative-time";

/** One row of the history: type, message, 'x ago', its link (new tab) and, while unread, 'Mark as read'. */
export function HistoryItem({
  item,
  now,
  onMarkRead,
}: {
  item: NotificationItem;
  now: number;
  onMarkRead: (item: NotificationItem) => void;
}) {
  const target = notificationTarget(item.link);
  return (
    <li
      data-testid="notification-item"
      data-read={item.read}
      className={cn("flex gap-3 px-4 py-4 sm:gap-4 sm:px-6", !item.read && "bg-brand-50/60")}
    >
      <NotificationTypeIcon type={item.type} className="mt-0.5" />
      <div className="grid min-w-0 flex-1 gap-2">
        <p
          className={cn(
            "text-sm leading-relaxed break-words sm:text-[0.9375rem]",
            item.read ? "text-slate-700" : "font-semibold text-slate-900",
          )}
        >
          {!item.read ? <span className="sr-only">Unread: </span> : null}
          {item.message}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-500">
          <Badge variant="muted">{typeLabels[item.type] ?? item.type}</Badge>
          <RelativeTime value={item.createdAt} now={now} />
          {target ? (
            <a
              href={targetHref(target)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => {
                if (!item.read) onMarkRead(item);
              }}
              className="inline-flex items-center gap-1 rounded-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              Open
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </div>
      {item.read ? null : (
        <div className="flex shrink-0 flex-col items-end gap-2">
          <span className="mt-1.5 size-2.5 rounded-full bg-brand-600" aria-hidden="true" />
          <Button
            variant="ghost"
            size="sm"
            className="h-8 px-2 text-brand-800 hover:bg-brand-100"
            onClick={() => onMarkRead(item)}
            aria-label={`Mark as read: ${item.message}`}
          >
            <Check className="size-4" aria-hidden="true" />
            <span className="hidden sm:inline">Mark as read</span>
          </Button>
        </div>
      )}
    </li>
  );
}
