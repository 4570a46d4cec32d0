import { useCallback, useEffect, useState } from "react";
import { currentPushSubscription, type PushPermission, pushPermission } from "../lib/push-browser";

export interface PushStatus {
  /** false until the first check is done. */
  checked: boolean;
  permission: PushPermission;
  /** whether this browser holds a push subscription. */
  subscribed: boolean;
  refresh: () => Promise<void>;
}

/** What this browser can do about push right now: permission and whether it is subscribed. */
export function usePushStatus(): PushStatus {
  const [state, setState] = useState<Omit<PushStatus, "refresh">>({
    checked: false,
    permission: "default",
    subscribed: false,
  });
  const refresh = useCallback(async () => {
    const permission = pushPermission();
    const subscription = await currentPushSubscription().catch(() => null);
    setState({ checked: true, permission, subscribed: subscription !== null });
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { ...state, refresh };
}
