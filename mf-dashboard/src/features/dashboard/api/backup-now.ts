import type { BackupStartedAnswer } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { operationsQueryOptions } from "./get-operations";

/** `POST /api/operations/backup`: one backup now in the API process; 409 while one runs. */
export function backupNow(): Promise<BackupStartedAnswer> {
  return callApi("POST /api/operations/backup", {});
}

/** „Jetzt sichern“; the Betrieb block is refetched either way (a 409 means a run is going on). */
export function useBackupNow({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: backupNow,
    onSuccess,
    onError,
    onSettled: () => refetchAfterWrite(queryClient, operationsQueryOptions().queryKey),
  });
}
