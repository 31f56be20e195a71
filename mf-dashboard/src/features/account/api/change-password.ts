import type { PasswordChange } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { useMutation } from "@klarwerk/kit/query";

/**
 * `POST /api/password`: the signed-in user's own password. The server ends every other session of
 * the account; this one stays. A wrong current password is a 422, so it does not sign out.
 */
export async function changePassword(change: PasswordChange): Promise<void> {
  await callApi("POST /api/password", { json: change });
}

export interface ChangePasswordOptions {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** Changes the password; no cached query holds anything it changes. */
export function useChangePassword({ onSuccess, onError }: ChangePasswordOptions = {}) {
  return useMutation({ mutationFn: changePassword, onSuccess, onError });
}
