import type { UserAccount, UserAccountChange } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { userAccountsQueryOptions } from "../../../shared/api/get-user-accounts";

export interface UserAccountChangeInput {
  id: number;
  change: UserAccountChange;
}

/**
 * `PATCH /api/users/{id}`: approve or unlock (`status: "active"`), lock (`"disabled"`), promote or
 * demote (`role`); resolves to the account as now stored. The last admin and one's own account
 * are refused with a German 409.
 */
export async function changeUserAccount({ id, change }: UserAccountChangeInput): Promise<UserAccount> {
  const answer = await callApi("PATCH /api/users/:id", { params: { id }, json: change });
  return answer.user;
}

export interface ChangeUserAccountOptions {
  onSuccess?: (account: UserAccount) => void;
  onError?: (error: Error) => void;
}

/**
 * Changes one account. The list takes the stored account at once and is then refetched, success
 * or not: a refusal may mean the list was stale (another admin was faster).
 */
export function useChangeUserAccount({ onSuccess, onError }: ChangeUserAccountOptions = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = userAccountsQueryOptions();
  return useMutation({
    mutationFn: changeUserAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(queryKey, (accounts) =>
        accounts?.map((candidate) => (candidate.id === account.id ? account : candidate)),
      );
      onSuccess?.(account);
    },
    onError,
    onSettled: () => refetchAfterWrite(queryClient, queryKey),
  });
}
