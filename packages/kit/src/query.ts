import { QueryClient } from "@tanstack/react-query";

/**
 * The one query cache of the portal (stale time 5 minutes, one retry, no refetch
 * on window focus). This module is a federation singleton, so every remote shares the cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60 * 1000, retry: 1, refetchOnWindowFocus: false },
  },
});
