import {
  type CustomerImportChoice,
  type CustomerImportDryRun,
  type CustomerImportMapping,
  type CustomerImportPreview,
  type CustomerImportResult,
  type CustomerImportStatus,
  customerImportChoiceLabels,
  customerImportStatuses,
  customerImportStatusLabels,
  customerImportTargetLabels,
  customerImportTargets,
  isCustomerImportChoice,
  isCustomerImportTarget,
} from "@klarwerk/kit";
import { ApiError } from "@klarwerk/kit/browser";
import { formatCount } from "@klarwerk/kit/format";
import { Alert, Badge, Button, FileButton, Group, Modal, NativeSelect, Stack, Table, Text } from "@klarwerk/kit/ui";
import { type ReactNode, useId, useState } from "react";
import { useDryRunImport, useRunImport, useUndoImport, useUploadCustomerFile } from "../api/import-customers";
import { customerImportScreenMessages as messages } from "../messages";

/** Rows the dry run's table shows at once: 10 000 rows of a table would stall the page; the filter narrows. */
const shownRows = 200;

const statusColors: Record<CustomerImportStatus, string> = {
  new: "green",
  update: "blue",
  unchanged: "gray",
  conflict: "orange",
  error: "red",
};

const targetOptions = [
  { value: "", label: messages.notImported },
  ...customerImportTargets.map((target) => ({ value: target, label: customerImportTargetLabels[target] })),
];

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.failedRetry;
}

/**
 * „Importieren“ (decision 0099): file → what was detected and a preview → column mapping → dry
 * run (a verdict per row, a choice per conflict) → import → result, with „Import rückgängig
 * machen“. Every step is the API's; the dialog keeps only what the user chose.
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const fileId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<CustomerImportPreview | null>(null);
  const [mapping, setMapping] = useState<CustomerImportMapping>([]);
  const [dryRun, setDryRun] = useState<CustomerImportDryRun | null>(null);
  const [choices, setChoices] = useState<Record<string, CustomerImportChoice>>({});
  const [filter, setFilter] = useState<"" | CustomerImportStatus>("");
  const [result, setResult] = useState<CustomerImportResult | null>(null);
  const upload = useUploadCustomerFile();
  const check = useDryRunImport();
  const run = useRunImport();
  const undo = useUndoImport();
  const failure = [upload, check, run, undo].find((step) => step.isError)?.error;

  const reset = () => {
    setFileName(null);
    setPreview(null);
    setMapping([]);
    setDryRun(null);
    setChoices({});
    setFilter("");
    setResult(null);
    for (const step of [upload, check, run, undo]) step.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    reset();
    setFileName(file.name);
    upload.mutate(file, {
      onSuccess: (answer) => {
        setPreview(answer);
        setMapping(answer.mapping);
      },
    });
  };

  const startDryRun = () => {
    if (!preview) return;
    run.reset();
    check.mutate({ id: preview.id, mapping }, { onSuccess: (answer) => setDryRun(answer) });
  };

  const startImport = () => {
    if (!preview) return;
    run.mutate({ id: preview.id, choices }, { onSuccess: (answer) => setResult(answer) });
  };

  const rows = dryRun ? dryRun.rows.filter((row) => filter === "" || row.status === filter) : [];
  const chosenWork = Object.values(choices).filter((choice) => choice !== "skip").length;
  const work = dryRun ? dryRun.counts.new + dryRun.counts.update + chosenWork : 0;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={messages.title}
      size="xl"
      className="cust-import"
      closeButtonProps={{ "aria-label": messages.close }}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" title={messages.failed} role="alert">
            {errorText(failure)}
          </Alert>
        )}

        {result === null && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={fileId}>
              {messages.fileLabel}
            </Text>
            {/* Mantine's button, not the browser's own file field: that one speaks the browser's
                language („Choose File“), not the page's. */}
            <Group gap="sm">
              <FileButton onChange={(file) => choose(file ?? undefined)} accept=".csv,.txt,text/csv,text/plain">
                {(props) => (
                  <Button {...props} variant="default" aria-describedby={`${fileId} ${fileId}-name ${fileId}-hint`}>
                    {messages.chooseFile}
                  </Button>
                )}
              </FileButton>
              <Text size="sm" id={`${fileId}-name`}>
                {fileName ?? messages.noFileChosen}
              </Text>
            </Group>
            <Text id={`${fileId}-hint`} size="xs" c="dimmed">
              {messages.fileHint}
            </Text>
            {upload.isPending && <Text size="sm">{messages.reading}</Text>}
          </Stack>
        )}

        {preview && result === null && (
          <Stack gap="xs">
            <Group gap="xs">
              <Badge variant="light" size="lg" tt="none">
                {preview.detected}
              </Badge>
              <Text size="sm" c="dimmed">
                {messages.rows(formatCount(preview.rows))}
              </Text>
            </Group>
            {preview.notes.map((note) => (
              <Text key={note} size="sm">
                {note}
              </Text>
            ))}
            <Text size="sm" c="dimmed">
              {messages.previewHint}
            </Text>
            <ImportTableScroll label={messages.previewLabel} minWidth={320}>
              <Table striped withTableBorder fz="xs" aria-label={messages.previewLabel}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{messages.line}</Table.Th>
                    {preview.headers.map((header, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; the column's place is its identity
                      <Table.Th key={index}>{header}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.sample.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      {row.cells.map((cell, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a cell's column is its identity
                        <Table.Td key={index} className="cust-import-cell">
                          {cell}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ImportTableScroll>

            <Text fw={600} mt="sm">
              {messages.mappingTitle}
            </Text>
            {preview.mapping_remembered && <Text size="sm">{messages.mappingRemembered}</Text>}
            <Text size="sm" c="dimmed">
              {messages.mappingHint}
            </Text>
            <div className="cust-import-mapping">
              {preview.headers.map((header, index) => (
                <NativeSelect
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column's place is its identity
                  key={index}
                  label={header || `${messages.line} ${index + 1}`}
                  aria-label={messages.mappingFor(header)}
                  data={targetOptions}
                  value={mapping[index] ?? ""}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDryRun(null);
                    setMapping((current) =>
                      current.map((entry, column) =>
                        column === index ? (isCustomerImportTarget(value) ? value : null) : entry,
                      ),
                    );
                  }}
                />
              ))}
            </div>
            <Group>
              <Button onClick={startDryRun} loading={check.isPending}>
                {messages.dryRun}
              </Button>
            </Group>
          </Stack>
        )}

        {dryRun && result === null && (
          <Stack gap="xs">
            <Text fw={600}>{messages.resultTitle}</Text>
            <Group gap="xs">
              {customerImportStatuses.map((status) => (
                <Badge key={status} color={statusColors[status]} variant="dot" tt="none">
                  {`${customerImportStatusLabels[status]}: ${formatCount(dryRun.counts[status])}`}
                </Badge>
              ))}
            </Group>
            <NativeSelect
              label={messages.statusFilter}
              data={[
                { value: "", label: messages.allRows },
                ...customerImportStatuses.map((status) => ({
                  value: status,
                  label: customerImportStatusLabels[status],
                })),
              ]}
              value={filter}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setFilter(customerImportStatuses.find((status) => status === value) ?? "");
              }}
              maw={260}
            />
            <ImportTableScroll label={messages.dryRunLabel} minWidth={560}>
              <Table striped withTableBorder fz="sm" aria-label={messages.dryRunLabel}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{messages.columns.line}</Table.Th>
                    <Table.Th>{messages.columns.status}</Table.Th>
                    <Table.Th>{messages.columns.name}</Table.Th>
                    <Table.Th>{messages.columns.reason}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.slice(0, shownRows).map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>
                        <Badge color={statusColors[row.status]} variant="dot" tt="none">
                          {customerImportStatusLabels[row.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>
                        <Stack gap={4}>
                          {row.reason && <Text size="sm">{row.reason}</Text>}
                          {row.choices.length > 0 && (
                            <NativeSelect
                              aria-label={messages.choiceFor(row.line)}
                              size="xs"
                              data={row.choices.map((choice) => ({
                                value: choice,
                                label: customerImportChoiceLabels[choice],
                              }))}
                              value={choices[String(row.line)] ?? "skip"}
                              onChange={(event) => {
                                const value = event.currentTarget.value;
                                if (isCustomerImportChoice(value)) {
                                  setChoices((current) => ({ ...current, [String(row.line)]: value }));
                                }
                              }}
                            />
                          )}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ImportTableScroll>
            {rows.length > shownRows && (
              <Text size="sm" c="dimmed">
                {messages.moreRows(formatCount(shownRows), formatCount(rows.length))}
              </Text>
            )}
            {work === 0 && <Text size="sm">{messages.nothingToDo}</Text>}
            <Group>
              <Button onClick={startImport} loading={run.isPending} disabled={work === 0}>
                {messages.run}
              </Button>
            </Group>
          </Stack>
        )}

        {result && (
          <Stack gap="sm" role="status">
            <Text fw={600}>{result.state === "undone" ? messages.undone : messages.done}</Text>
            <Text size="sm">
              {result.state === "undone"
                ? messages.undoneSummary(formatCount(result.deleted), formatCount(result.restored))
                : messages.doneSummary(
                    formatCount(result.created),
                    formatCount(result.updated),
                    formatCount(result.unchanged),
                    formatCount(result.skipped),
                    formatCount(result.failed),
                  )}
            </Text>
            <Group>
              {result.state === "imported" && (
                <Button
                  color="red"
                  variant="light"
                  loading={undo.isPending}
                  onClick={() => undo.mutate(result.id, { onSuccess: (answer) => setResult(answer) })}
                >
                  {messages.undo}
                </Button>
              )}
              <Button variant="default" onClick={close}>
                {messages.finish}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

/** The preview's and the dry run's tables scroll sideways in their own named, focusable box (the page keeps its width). */
function ImportTableScroll({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      role="region"
      aria-label={label}
      tabIndex={0}
      className="cust-import-scroll"
    >
      {children}
    </Table.ScrollContainer>
  );
}
