import { formatEuro, reminderLabels, reminderLevelLabels } from "@klarwerk/kit";
import { Group, Stack, Text, Title } from "@klarwerk/kit/ui";
import { useId } from "react";
import { useInvoiceReminders } from "../../../shared/api/reminders";
import { ReminderPdfLink } from "../../../shared/components/ReminderPdfLink";
import { formatGermanDate } from "../../../shared/model/dates";
import { reminderScreenMessages as messages } from "../../../shared/reminder-messages";

/** „Erinnerungen und Mahnungen“ of a saved invoice: level, date, amount, whether sent, the stored PDF. */
export function ReminderHistory({ invoiceId, number }: { invoiceId: number; number: string | null }) {
  const headingId = useId();
  const reminders = useInvoiceReminders(invoiceId, number !== null);
  if (number === null || !reminders.data || reminders.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="invoice-reminders">
      <Title order={4} size="h5" mt="lg" id={headingId}>
        {reminderLabels.history}
      </Title>
      <Stack component="ul" gap={0} mt="xs" p={0} style={{ listStyle: "none" }}>
        {reminders.data.map((reminder) => (
          <Group
            component="li"
            key={reminder.id}
            justify="space-between"
            align="flex-start"
            gap="xs"
            py="xs"
            style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
          >
            <div>
              <Text fz="sm" fw={600}>
                {reminderLevelLabels[reminder.level]} · {formatGermanDate(reminder.remindedOn)}
              </Text>
              <Text fz="xs" c="dimmed">
                {reminderLabels.total}: {formatEuro(reminder.totalCents)} · {reminderLabels.payBy}{" "}
                {formatGermanDate(reminder.payBy)} ·{" "}
                {reminder.sentAt && reminder.sentTo
                  ? messages.sentTo(formatGermanDate(reminder.sentAt.slice(0, 10)), reminder.sentTo)
                  : (reminder.sendNote ?? messages.notSent)}
              </Text>
            </div>
            <ReminderPdfLink reminder={reminder} number={number} />
          </Group>
        ))}
      </Stack>
    </section>
  );
}
