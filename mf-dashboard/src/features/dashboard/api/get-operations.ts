import type { OperationsStatus } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";

/** The operations status admins see (`GET /api/health` details with an admin's token); null for others. */
export async function getOperations(signal?: AbortSignal): Promise<OperationsStatus | null> {
  const health = await callApi("GET /api/health", { signal });
  return health.details?.operations ?? null;
}

export function operationsQueryOptions() {
  return queryOptions({
    queryKey: ["operations"],
    queryFn: ({ signal }) => getOperations(signal),
  });
}

/** While a backup runs the card asks this often, so its result shows without a reload. */
export const runningBackupPollMs = 1000;

/**
 * Only asked when `enabled` (for admins): anyone else gets no details. While a backup is going on
 * it is asked again every second until the backup has finished.
 */
export function useOperations(enabled: boolean) {
  return useQuery({
    ...operationsQueryOptions(),
    enabled,
    refetchInterval: (query) => (query.state.data?.backup_running ? runningBackupPollMs : false),
  });
}
