import {
  formatEuro,
  type ReminderBatchResult,
  type ReminderFigures,
  reminderLabels,
  reminderLevelLabels,
  reminderMessages,
} from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Stack, Table, Text } from "@klarwerk/kit/ui";
import { useState } from "react";
import { useMakeReminders, useReminderPreview, useReminderSettings } from "../api/reminders";
import { reminderScreenMessages as messages } from "../reminder-messages";
import { ReminderPdfLink } from "./ReminderPdfLink";

function costsOf(figures: ReminderFigures): number {
  return figures.feeCents + figures.flatFeeCents + figures.earlierCostsCents;
}

/** One invoice's row: its level and figures, or why it is skipped, or what was made. */
function ResultRow({ result }: { result: ReminderBatchResult }) {
  const number = result.number ?? `#${result.invoiceId}`;
  if (result.outcome === "skipped") {
    return (
      <Table.Tr data-testid="reminder-row" data-outcome="skipped">
        <Table.Td>{number}</Table.Td>
        <Table.Td colSpan={4}>
          <Badge color="gray.7" variant="light" c="var(--mantine-color-text)">
            {messages.skipped}
          </Badge>{" "}
          {result.message}
        </Table.Td>
      </Table.Tr>
    );
  }
  const figures = result.outcome === "made" ? result.reminder : result.figures;
  return (
    <Table.Tr data-testid="reminder-row" data-outcome={result.outcome}>
      <Table.Td>
        {number}
        <Text fz="xs" fw={600}>
          {reminderLevelLabels[figures.level]}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }} data-label={reminderLabels.fee}>
        {formatEuro(costsOf(figures))}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }} data-label={reminderLabels.interest}>
        {formatEuro(figures.interestCents)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }} fw={700} data-label={reminderLabels.total}>
        {formatEuro(figures.totalCents)}
      </Table.Td>
      <Table.Td>
        {result.outcome === "made" ? (
          <Group gap={6} wrap="nowrap">
            <Badge color="teal.9">{messages.made}</Badge>
            {result.number && <ReminderPdfLink reminder={result.reminder} number={result.number} />}
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

interface ReminderDialogProps {
  ids: number[];
  opened: boolean;
  onClose: () => void;
}

/**
 * „Erinnern“: per invoice the next level, fee, interest and total as the server computes them
 * (nothing stored), a checkbox whether the debtor is a consumer, then the results (made, or
 * skipped with the reason) in place, each made one's PDF to download.
 */
export function ReminderDialog({ ids, opened, onClose }: ReminderDialogProps) {
  const [consumer, setConsumer] = useState(false);
  const [sendByMail, setSendByMail] = useState(true);
  const [results, setResults] = useState<ReminderBatchResult[] | null>(null);
  const preview = useReminderPreview(ids, consumer, opened && results === null);
  const settings = useReminderSettings(opened);
  const make = useMakeReminders();
  const shown = results ?? preview.data?.results ?? [];
  const planned = shown.filter((result) => result.outcome === "planned").length;
  const close = () => {
    setResults(null);
    setConsumer(false);
    setSendByMail(true);
    onClose();
  };
  const submit = () =>
    make.mutate(
      { ids, consumer, sendByMail },
      {
        onSuccess: (answer) => {
          setResults(answer.results);
          const made = answer.results.filter((result) => result.outcome === "made").length;
          notifySuccess(messages.madeCount(made, answer.results.length - made));
        },
        onError: (error) => notifyError(messages.failed, error.message),
      },
    );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={messages.dialogTitle}
      closeButtonProps={{ "aria-label": messages.close }}
      size="xl"
      centered
      radius="lg"
    >
      <Stack>
        {settings.data?.baseRatesStale && (
          <Alert color="yellow" variant="light" title={reminderLabels.baseRates} role="status">
            {reminderMessages.baseRatesStale}
          </Alert>
        )}
        {results === null && (
          <>
            <Text fz="sm">{messages.dialogIntro}</Text>
            <Checkbox
              label={reminderLabels.consumer}
              description={messages.consumerHint}
              checked={consumer}
              onChange={(event) => setConsumer(event.currentTarget.checked)}
            />
            <Checkbox
              label={messages.sendByMail}
              description={messages.sendByMailHint}
              checked={sendByMail}
              onChange={(event) => setSendByMail(event.currentTarget.checked)}
            />
          </>
        )}
        {results === null && preview.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{messages.loading}</Text>
          </Group>
        ) : results === null && preview.isError ? (
          <Alert color="red" title={messages.loadFailed}>
            {preview.error.message}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table
              verticalSpacing="xs"
              className="kw-stacked-table"
              aria-label={results === null ? messages.dialogTitle : messages.results}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{messages.invoice}</Table.Th>
                  <Table.Th ta="right">{reminderLabels.fee}</Table.Th>
                  <Table.Th ta="right">{reminderLabels.interest}</Table.Th>
                  <Table.Th ta="right">{reminderLabels.total}</Table.Th>
                  <Table.Th>{messages.outcome}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((result) => (
                  <ResultRow key={result.invoiceId} result={result} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {results === null && preview.data && planned === 0 && <Text fw={600}>{messages.nothingToMake}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {results === null ? messages.abort : messages.close}
          </Button>
          {results === null && (
            <Button onClick={submit} loading={make.isPending} disabled={planned === 0}>
              {messages.make(planned)}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
