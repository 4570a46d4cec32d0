import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in prerendered HTML and while React hydrates it, true from then on. A prerendered form is shown
 * disabled until then: typing into it before React takes over would be lost when the form state starts.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
