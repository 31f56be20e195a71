import {
  formatDate,
  formatEuro,
  recurringInvoiceMessages as messages,
  type RecurringInvoice,
  recurringFrequencyLabels,
  recurringRunStateLabels,
  recurringStateLabels,
} from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from "@klarwerk/kit/ui";
import { useState } from "react";
import { FileDownloadButton } from "../../shared/components/FileDownloadButton";
import { useRecurringInvoices, useRecurringState, useRunRecurringNow } from "./api/recurring-invoices";
import { RecurringForm } from "./components/RecurringForm";

/**
 * /invoices/wiederkehrend, staff and admins: the recurring invoice templates with customer,
 * interval, amount, next run and the latest runs (each with its invoice); create, change,
 * „Pausieren“/„Fortsetzen“, „Beenden“; admins also „Jetzt ausführen“ (the daily job now).
 */
export default function Wiederkehrend() {
  const { user } = useAuth();
  const list = useRecurringInvoices();
  const runNow = useRunRecurringNow();
  const [editing, setEditing] = useState<RecurringInvoice | "new" | null>(null);
  return (
    <>
      <ScreenHeader title={messages.title} description={messages.intro}>
        <Anchor href="/invoices">Rechnungstool</Anchor>
      </ScreenHeader>
      <Group justify="flex-end" mb="md">
        {user?.role === "admin" && (
          <Button
            variant="default"
            loading={runNow.isPending}
            onClick={() =>
              runNow.mutate(undefined, {
                onSuccess: (report) => notifySuccess(messages.ran(report.made, report.caughtUp)),
                onError: (error) => notifyError(messages.runNow, error.message),
              })
            }
          >
            {messages.runNow}
          </Button>
        )}
        <Button onClick={() => setEditing("new")}>{messages.newTemplate}</Button>
      </Group>
      {list.isError ? (
        <Alert color="red" title={messages.loadFailed} />
      ) : !list.data ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
        </Group>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">{messages.empty}</Text>
      ) : (
        <Stack gap="md">
          {list.data.map((template) => (
            <TemplateCard key={template.id} template={template} onEdit={() => setEditing(template)} />
          ))}
        </Stack>
      )}
      {editing !== null && (
        <RecurringForm opened onClose={() => setEditing(null)} template={editing === "new" ? null : editing} />
      )}
    </>
  );
}

function TemplateCard({ template, onEdit }: { template: RecurringInvoice; onEdit: () => void }) {
  const change = useRecurringState();
  const act = (action: "pause" | "resume" | "end", done: string) =>
    change.mutate(
      { id: template.id, action },
      { onSuccess: () => notifySuccess(done), onError: (error) => notifyError(messages.state, error.message) },
    );
  const ended = template.state === "ended";
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="article"
      aria-label={`${messages.customer} ${template.customerName}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {template.customerName}
          </Title>
          <Badge
            variant="light"
            color={ended ? "gray" : template.state === "paused" ? "yellow" : "green"}
            c="var(--mantine-color-text)"
          >
            {recurringStateLabels[template.state]}
          </Badge>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            {messages.frequency}: {recurringFrequencyLabels[template.frequency]}
          </Text>
          <Text size="sm">
            {messages.amount}: {formatEuro(template.totalCents)}
          </Text>
          <Text size="sm">
            {messages.nextRun}: {template.nextRunOn ? formatDate(template.nextRunOn) : "—"}
          </Text>
        </Group>
        <Text size="sm" fw={600}>
          {messages.lastRuns}
        </Text>
        {template.runs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {messages.noRuns}
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {template.runs.map((run) => (
              <Group component="li" key={run.id} gap="xs" wrap="wrap">
                <Text size="sm">
                  {formatDate(run.scheduledOn)} ({formatDate(run.periodStart)}–{formatDate(run.periodEnd)}):{" "}
                  {recurringRunStateLabels[run.state]}
                </Text>
                {run.caughtUp && (
                  <Badge size="sm" variant="outline" color="gray.7" c="var(--mantine-color-text)">
                    {messages.caughtUp}
                  </Badge>
                )}
                {run.sendNote !== null && (
                  <Text size="sm" c="var(--mantine-color-error)">
                    {run.sendNote}
                  </Text>
                )}
                {run.invoiceId !== null && run.invoiceNumber !== null ? (
                  <>
                    <Text size="sm">Rechnung {run.invoiceNumber}</Text>
                    <FileDownloadButton id={run.invoiceId} number={run.invoiceNumber} kind="pdf" />
                  </>
                ) : run.invoiceId !== null ? (
                  <Anchor size="sm" href="/invoices?status=draft">
                    Entwurf Nr. {run.invoiceId}
                  </Anchor>
                ) : null}
              </Group>
            ))}
          </Stack>
        )}
        {!ended && (
          <Group gap="xs" wrap="wrap">
            <Button size="xs" variant="default" onClick={onEdit}>
              {messages.edit}
            </Button>
            {template.state === "active" ? (
              <Button size="xs" variant="default" onClick={() => act("pause", messages.paused)}>
                {messages.pause}
              </Button>
            ) : (
              <Button size="xs" variant="default" onClick={() => act("resume", messages.resumed)}>
                {messages.resume}
              </Button>
            )}
            <Button size="xs" variant="default" color="red" onClick={() => act("end", messages.ended)}>
              {messages.end}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
