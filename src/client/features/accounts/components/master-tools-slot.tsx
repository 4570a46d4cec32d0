import { lazy, Suspense } from "react";
import type { SessionUser } from "../../../../shared/session";

// Loaded on demand: only master users ever see these.
const MasterTools = lazy(() =>
  Promise.all([import("./master-banner"), import("./master-switcher")]).then(([banner, switcher]) => ({
    default: ({ user }: { user: SessionUser }) => (
      <>
        <banner.MasterBanner user={user} />
        <switcher.MasterSwitcher user={user} />
      </>
    ),
  })),
);

/** Above the header, for master users only: the master banner and the Landscaper/Customer View switcher. */
export function MasterBanner({ user }: { user: SessionUser }) {
  return (
    <Suspense fallback={null}>
      <MasterTools user={user} />
    </Suspense>
  );
}
