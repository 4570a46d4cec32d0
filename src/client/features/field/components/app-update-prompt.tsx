import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { applyWaitingWorker, registerFieldWorker } from "../lib/worker";

/**
 * Registers the service worker on the landscaper's screens and, when a new version of the app has been
 * installed, offers to reload into it. It never reloads by itself: a landscaper may be mid-way through a form.
 */
export function AppUpdatePrompt() {
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    void registerFieldWorker().then((found) => {
      if (!live || !found) return;
      setRegistration(found);
      // A version already waiting (installed while the app was closed), or one that finishes installing now.
      const watch = (worker: ServiceWorker | null) => {
        if (!worker) return;
        const check = () => {
          if (worker.state === "installed" && navigator.serviceWorker.controller) setReady(true);
        };
        check();
        worker.addEventListener("statechange", check);
      };
      watch(found.waiting);
      found.addEventListener("updatefound", () => watch(found.installing));
    });
    return () => {
      live = false;
    };
  }, []);

  if (!ready || !registration) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>A new version of GreenScape is ready. Reload to use it — nothing you saved on this phone is lost.</p>
      <Button type="button" size="sm" onClick={() => applyWaitingWorker(registration)}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Reload
      </Button>
    </div>
  );
}
