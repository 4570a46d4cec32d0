import { CircleCheck, LoaderCircle, TriangleAlert } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import type { usePushStatus } from "../hooks/use-push-status";

/**
 * Under the push switch, what this browser does with it: updating, unsupported, blocked, receiving, or not
 * set up yet (with 'Enable in this browser').
 */
export function PushStatusLine({
  on,
  busy,
  checked,
  permission,
  subscribed,
  onEnable,
}: {
  on: boolean;
  busy: boolean;
  checked: boolean;
  permission: ReturnType<typeof usePushStatus>["permission"];
  subscribed: boolean;
  onEnable: () => void;
}) {
  const line = "mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm";
  if (busy) {
    return (
      <p className={cn(line, "text-slate-600")} role="status">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Updating push notifications...
      </p>
    );
  }
  if (!checked || !on) return null;
  if (permission === "unsupported") {
    return (
      <p className={cn(line, "text-slate-600")}>
        This browser can't receive push notifications; your choice applies to your other devices.
      </p>
    );
  }
  if (permission === "denied") {
    return (
      <p className={cn(line, "text-amber-800")}>
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        Notifications are blocked for this site. Allow them in your browser settings to get push alerts here.
      </p>
    );
  }
  if (subscribed && permission === "granted") {
    return (
      <p className={cn(line, "text-brand-800")}>
        <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
        This browser receives push alerts.
      </p>
    );
  }
  return (
    <p className={cn(line, "text-slate-600")}>
      Not set up in this browser yet.
      <Button type="button" variant="link" className="h-auto p-0" onClick={onEnable}>
        Enable in this browser
      </Button>
    </p>
  );
}
