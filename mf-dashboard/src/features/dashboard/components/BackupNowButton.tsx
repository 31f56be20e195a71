import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button } from "@klarwerk/kit/ui";
import { operationsMessages as messages } from "../admin-messages";
import { useBackupNow } from "../api/backup-now";

/** „Jetzt sichern“ under the last backup: the API writes one set now, as its schedule does. */
export function BackupNowButton() {
  const backup = useBackupNow({
    onSuccess: () => notifySuccess(messages.backupStarted),
    onError: (error) => notifyError(messages.backupNotStarted, error.message),
  });
  return (
    <Button size="compact-sm" variant="light" mt={4} loading={backup.isPending} onClick={() => backup.mutate()}>
      {messages.backupNow}
    </Button>
  );
}
