import { lazy, Suspense } from "react";
import type { SessionUser } from "../../../../shared/session";

/**
 * Header parts that only signed-in users see. Each is loaded on demand, so a visitor's first page
 * (the prerendered home page) carries none of their code.
 */
const NotificationBell = lazy(() =>
  import("../../notifications/components/notification-bell").then((m) => ({ default: m.NotificationBell })),
);
const NotificationsLive = lazy(() =>
  import("../../notifications/components/notifications-live").then((m) => ({ default: m.NotificationsLive })),
);
const MasterTools = lazy(() =>
  Promise.all([
    import("../../accounts/components/master-banner"),
    import("../../accounts/components/master-switcher"),
  ]).then(([banner, switcher]) => ({
    default: ({ user }: { user: SessionUser }) => (
      <>
        <banner.MasterBanner user={user} />
        <switcher.MasterSwitcher user={user} />
      </>
    ),
  })),
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

/** Above the header, for master users only: the master banner and the Landscaper/Customer View switcher. */
export function MasterBanner({ user }: { user: SessionUser }) {
  return (
    <Suspense fallback={null}>
      <MasterTools user={user} />
    </Suspense>
  );
}
