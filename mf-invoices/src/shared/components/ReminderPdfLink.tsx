import { type InvoiceReminder, reminderLevelLabels } from "@klarwerk/kit";
import { DownloadIcon } from "@klarwerk/kit/icons";
import { notifyError } from "@klarwerk/kit/portal";
import { Button } from "@klarwerk/kit/ui";
import { useState } from "react";
import { downloadReminderPdf } from "../api/reminders";
import { reminderScreenMessages as messages } from "../reminder-messages";

/** „PDF“: the reminder's stored PDF, named for screen readers by level and invoice. */
export function ReminderPdfLink({ reminder, number }: { reminder: InvoiceReminder; number: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<DownloadIcon />}
      loading={busy}
      aria-label={messages.downloadPdfOf(reminderLevelLabels[reminder.level], number)}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadReminderPdf(reminder, number);
        } catch (error) {
          notifyError(messages.downloadFailed, error instanceof Error ? error.message : undefined);
        } finally {
          setBusy(false);
        }
      }}
    >
      {messages.downloadPdf}
    </Button>
  );
}
