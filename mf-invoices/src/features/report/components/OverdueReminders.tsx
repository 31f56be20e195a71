import { formatEuro, reminderLabels } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { useQuery } from "@klarwerk/kit/query";
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from "@klarwerk/kit/ui";
import { useId, useState } from "react";
import { invoicesKey } from "../../../shared/api/invoices-key";
import { LazyReminderDialog } from "../../../shared/components/LazyReminderDialog";
import { formatGermanDate } from "../../../shared/model/dates";
import { reminderScreenMessages as messages } from "../../../shared/reminder-messages";

/** The overdue invoices the Auswertung offers to remind: the list's `status=overdue`, up to 100. */
function useOverdueInvoices() {
  return useQuery({
    queryKey: [...invoicesKey, "overdue-for-reminders"],
    queryFn: ({ signal }) => callApi("GET /api/invoices", { query: { status: "overdue", limit: 100 }, signal }),
  });
}

/**
 * „Überfällige Rechnungen erinnern“ below the open items: each overdue invoice with its open
 * amount and due date, a checkbox and „Erinnern“; „Ausgewählte erinnern“ for the checked ones.
 */
export function OverdueReminders() {
  const headingId = useId();
  const overdue = useOverdueInvoices();
  const [selected, setSelected] = useState<number[]>([]);
  const [dialogIds, setDialogIds] = useState<number[] | null>(null);
  const rows = (overdue.data?.invoices ?? []).filter((invoice) => invoice.openCents > 0 && invoice.number !== null);
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((each) => each !== id)));
  const allOn = rows.length > 0 && rows.every((row) => selected.includes(row.id));
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" data-testid="overdue-reminders">
      <Title order={2} size="h3" id={headingId}>
        {messages.overdueTitle}
      </Title>
      <Text c="dimmed">{messages.overdueHint}</Text>
      {overdue.data && rows.length === 0 && <Text>{messages.overdueNone}</Text>}
      {rows.length > 0 && (
        <>
          <Group justify="space-between" gap="sm">
            <Checkbox
              label={messages.selectAll}
              checked={allOn}
              indeterminate={!allOn && selected.length > 0}
              onChange={(event) => setSelected(event.currentTarget.checked ? rows.map((row) => row.id) : [])}
            />
            <Button disabled={selected.length === 0} onClick={() => setDialogIds(selected)}>
              {reminderLabels.remindSelected}
              {selected.length > 0 && ` (${selected.length})`}
            </Button>
          </Group>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
            {rows.map((invoice) => (
              <Paper component="li" key={invoice.id} withBorder radius="md" p="sm" data-testid="overdue-row">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Checkbox
                    aria-label={messages.select(invoice.number ?? "")}
                    checked={selected.includes(invoice.id)}
                    onChange={(event) => toggle(invoice.id, event.currentTarget.checked)}
                    label={
                      <span>
                        <Text component="span" fw={600}>
                          {invoice.number}
                        </Text>{" "}
                        · {invoice.recipientName}
                      </span>
                    }
                  />
                  <Group gap="sm" wrap="nowrap">
                    <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
                      {formatEuro(invoice.openCents)} · {messages.dueSince(formatGermanDate(invoice.dueDate))}
                    </Text>
                    <Button
                      variant="default"
                      size="xs"
                      aria-label={messages.remindOne(invoice.number ?? "")}
                      onClick={() => setDialogIds([invoice.id])}
                    >
                      {reminderLabels.remind}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        </>
      )}
      <LazyReminderDialog
        ids={dialogIds ?? []}
        opened={dialogIds !== null}
        onClose={() => {
          setDialogIds(null);
          setSelected([]);
        }}
      />
    </Stack>
  );
}
