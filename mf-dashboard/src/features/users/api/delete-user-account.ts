import type { UserAccount } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { userAccountsQueryOptions } from "../../../shared/api/get-user-accounts";

/** `DELETE /api/users/{id}`: rejects an access request or removes an account (its work keeps its name). */
export async function deleteUserAccount(account: UserAccount): Promise<UserAccount> {
  await callApi("DELETE /api/users/:id", { params: { id: account.id } });
  return account;
}

export interface DeleteUserAccountOptions {
  onSuccess?: (account: UserAccount) => void;
  onError?: (error: Error) => void;
}

/** Deletes one account; it leaves the list at once, which is then refetched, success or not. */
export function useDeleteUserAccount({ onSuccess, onError }: DeleteUserAccountOptions = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = userAccountsQueryOptions();
  return useMutation({
    mutationFn: deleteUserAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(queryKey, (accounts) => accounts?.filter((candidate) => candidate.id !== account.id));
      onSuccess?.(account);
    },
    onError,
    onSettled: () => refetchAfterWrite(queryClient, queryKey),
  });
}
