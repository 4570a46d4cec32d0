import { QueryClient } from "@tanstack/react-query";

/**
 * The browser's one query cache. A module singleton rather than component state because the area layouts'
 * clientLoaders read the session through it before any component renders.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    // An action always runs when asked, network or not: a field action is then kept on the phone (issue 37),
    // any other says it could not be sent. Paused mutations (the default offline) left a dialog spinning.
    mutations: { networkMode: "always" },
  },
});
