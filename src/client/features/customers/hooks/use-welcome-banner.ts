import { useEffect, useRef, useState } from "react";

/** The spec's banner time. */
export const WELCOME_BANNER_MS = 5000;
/** How long the banner takes to fold away. */
export const WELCOME_EXIT_MS = 300;
/** A session older than this is not a fresh sign-in, even on its first dashboard visit in a tab. */
const FRESH_SESSION_MS = 15 * 60_000;
const STORAGE_KEY = "greenscape.welcomed-session";

function alreadyWelcomed(signedInAt: string): boolean {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) === signedInAt;
  } catch {
    return false;
  }
}

function rememberWelcomed(signedInAt: string) {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, signedInAt);
  } catch {
    // Storage can be unavailable (private mode, quotas): the banner may then show again, which is harmless.
  }
}

/**
 * The welcome banner after a fresh sign-in: shown once per session per tab, for 5 seconds. Freshness
 * comes from the server's session start (`signedInAt`), so it works whichever screen signed the user in
 * (login, sign-up then onboarding, or the portal the login lands on) and survives a reload as "seen".
 */
export function useWelcomeBanner(signedInAt: string | undefined) {
  const [visible, setVisible] = useState(false);
  const decided = useRef(false);

  useEffect(() => {
    if (decided.current || !signedInAt) return;
    decided.current = true;
    const age = Date.now() - Date.parse(signedInAt);
    if (Number.isNaN(age) || age > FRESH_SESSION_MS || alreadyWelcomed(signedInAt)) return;
    rememberWelcomed(signedInAt);
    setVisible(true);
  }, [signedInAt]);

  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => setVisible(false), WELCOME_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  // Kept on the page while it folds away (WELCOME_EXIT_MS), so the requests below slide up rather than jump.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (visible) {
      setMounted(true);
      return;
    }
    const timer = window.setTimeout(() => setMounted(false), WELCOME_EXIT_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  return { visible, mounted, dismiss: () => setVisible(false) };
}
