import { type InvoiceSummary, reminderLabels } from "@klarwerk/kit";
import { Button } from "@klarwerk/kit/ui";
import { useState } from "react";
import { LazyReminderDialog } from "../../../shared/components/LazyReminderDialog";
import { reminderScreenMessages as messages } from "../../../shared/reminder-messages";

/** „Erinnern“ on an overdue invoice with an open amount (the list, filtered by age or not). */
export function RemindButton({ summary }: { summary: InvoiceSummary }) {
  const [opened, setOpened] = useState(false);
  if (summary.status !== "overdue" || summary.openCents <= 0 || summary.number === null) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} aria-label={messages.remindOne(summary.number)}>
        {reminderLabels.remind}
      </Button>
      <LazyReminderDialog ids={[summary.id]} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
