import { useEffect, useState } from "react";

/** True once `active` has stayed true for `ms` milliseconds; back to false when it stops. */
export function useTimedOut(active: boolean, ms: number): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!active) {
      setTimedOut(false);
      return;
    }
    const timer = window.setTimeout(() => setTimedOut(true), ms);
    return () => window.clearTimeout(timer);
  }, [active, ms]);
  return timedOut;
}
