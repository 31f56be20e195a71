import type { BackupRun } from "@klarwerk/kit";
import { formatDateTime } from "@klarwerk/kit/format";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, Loader, Text } from "@klarwerk/kit/ui";
import { useEffect, useRef } from "react";
import { operationsMessages as messages } from "../admin-messages";
import { useBackupNow } from "../api/backup-now";

/**
 * „Jetzt sichern“ under the last backup: the API writes one set now, as its schedule does. While a
 * backup runs (this press, the schedule's or another admin's) the card says since when, the
 * button waits, and the status is asked again until it has finished; then the card shows the new
 * „Letzte Sicherung“ and, for a press from this page, a toast says how it went.
 */
export function BackupNowButton({
  running,
  lastBackup,
}: {
  running: { started_at: string } | null;
  lastBackup: BackupRun | null;
}) {
  const pressed = useRef(false);
  const backup = useBackupNow({
    onSuccess: () => {
      pressed.current = true;
      notifySuccess(messages.backupStarted);
    },
    onError: (error) => notifyError(messages.backupNotStarted, error.message),
  });
  const finishedAt = lastBackup?.finished_at ?? null;
  const seenFinish = useRef(finishedAt);
  useEffect(() => {
    if (finishedAt === seenFinish.current) return;
    seenFinish.current = finishedAt;
    if (!pressed.current || lastBackup === null) return;
    pressed.current = false;
    if (lastBackup.result === "ok") notifySuccess(messages.backupFinished);
    else notifyError(messages.backupFailed, lastBackup.error ?? undefined);
  }, [finishedAt, lastBackup]);
  return (
    <>
      {running && (
        <Group gap="xs" mt={4} role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{messages.backupRunning(formatDateTime(running.started_at))}</Text>
        </Group>
      )}
      <Button
        size="compact-sm"
        variant="light"
        mt={4}
        loading={backup.isPending}
        disabled={running !== null}
        onClick={() => backup.mutate()}
      >
        {messages.backupNow}
      </Button>
    </>
  );
}
