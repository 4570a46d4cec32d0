import { useEffect } from "react";
import { useNavigate } from "react-router";

/** The spec's pause before leaving a password screen, so the message can be read. */
export const REDIRECT_DELAY_MS = 2000;

/** Replaces the current page with `to` after `delayMs`; does nothing while `to` is null. */
export function useRedirectAfter(to: string | null, delayMs: number = REDIRECT_DELAY_MS) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    const timer = window.setTimeout(() => {
      void navigate(to, { replace: true });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [to, delayMs, navigate]);
}
