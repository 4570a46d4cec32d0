import { lazy, Suspense } from "react";
import type { SessionUser } from "../../../../shared/session";

// Loaded on demand, so a visitor's first page (the prerendered home page) carries none of their code.
const NotificationBell = lazy(() =>
  import("./notification-bell").then((m) => ({ default: m.NotificationBell })),
);
const NotificationsLive = lazy(() =>
  import("./notifications-live").then((m) => ({ default: m.NotificationsLive })),
);

/** Rendered in the header's right-hand cluster only for admins, landscapers and master users (see `showsBell`). */
export function HeaderBell({ user }: { user: SessionUser }) {
  return (
    <Suspense fallback={<span className="inline-block size-10" aria-hidden="true" />}>
      <NotificationBell user={user} />
    </Suspense>
  );
}

/** Users without a bell (customers) still get live notification toasts while they browse. */
export function LiveNotifications({ user }: { user: SessionUser }) {
  return (
    <Suspense fallback={null}>
      <NotificationsLive user={user} />
    </Suspense>
  );
}
