import type { UserAccount } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";

/** Every account and access request (`GET /api/users`, admins only): pending requests first, then by name. */
export async function getUserAccounts(signal?: AbortSignal): Promise<UserAccount[]> {
  const answer = await callApi("GET /api/users", { signal });
  return answer.users;
}

export function userAccountsQueryOptions() {
  return queryOptions({
    queryKey: ["users"],
    queryFn: ({ signal }) => getUserAccounts(signal),
  });
}

export function useUserAccounts() {
  return useQuery(userAccountsQueryOptions());
}

/**
 * How many access requests wait, for the dashboard's notice; from the same cache entry as the
 * user administration, so an approval there updates the notice. Only asked when `enabled` (for
 * admins): the API refuses the list to everyone else.
 */
export function usePendingAccessCount(enabled: boolean) {
  return useQuery({
    ...userAccountsQueryOptions(),
    enabled,
    select: (accounts) => accounts.filter((account) => account.status === "pending").length,
  });
}
