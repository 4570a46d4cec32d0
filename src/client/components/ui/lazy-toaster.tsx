import { lazy, Suspense } from "react";
import { useToasts } from "../../lib/toast";

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/**
 * The toast region loads with the first toast: Radix Toast stays out of every page's first download.
 * (F8 focuses the region once it exists; before any toast there is nothing to focus.)
 */
export function LazyToaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
