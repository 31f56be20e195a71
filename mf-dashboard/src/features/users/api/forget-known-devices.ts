import type { UserAccount } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { useMutation } from "@klarwerk/kit/query";

/**
 * `DELETE /api/users/{id}/known-devices` for one account, `DELETE /api/users/known-devices` for
 * every account (null): their browsers no longer pass the sign-in limit (until they sign in again).
 */
export async function forgetKnownDevices(account: UserAccount | null): Promise<UserAccount | null> {
  if (account === null) await callApi("DELETE /api/users/known-devices");
  else await callApi("DELETE /api/users/:id/known-devices", { params: { id: account.id } });
  return account;
}

export interface ForgetKnownDevicesOptions {
  onSuccess?: (account: UserAccount | null) => void;
  onError?: (error: Error) => void;
}

/** Forgets known browsers; the list of accounts shows nothing of them, so nothing is refetched. */
export function useForgetKnownDevices({ onSuccess, onError }: ForgetKnownDevicesOptions = {}) {
  return useMutation({ mutationFn: forgetKnownDevices, onSuccess, onError });
}
