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

/** Only asked when `enabled` (for admins): anyone else gets no details. */
export function useOperations(enabled: boolean) {
  return useQuery({ ...operationsQueryOptions(), enabled });
}
