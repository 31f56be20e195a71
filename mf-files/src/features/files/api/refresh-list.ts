import type { QueryClient, QueryKey } from "@klarwerk/kit/query";

/**
 * Reloads a list after a change. A first load still running may have been answered before the
 * change, and TanStack Query would hand that stale answer to the invalidation instead of fetching
 * again: so it is cancelled first.
 */
export async function refreshList(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
