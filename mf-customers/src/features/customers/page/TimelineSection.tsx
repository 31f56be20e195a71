import {
  type CustomerActivityKind,
  type CustomerTimelineEntry,
  checkCustomerActivity,
  customerActivityKinds,
  customerPageLimits,
  customerTimelineLabels,
  formatEuro,
} from "@klarwerk/kit";
import { downloadStoredFile } from "@klarwerk/kit/browser";
import { formatDateTime } from "@klarwerk/kit/format";
import { notifyError } from "@klarwerk/kit/portal";
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from "@klarwerk/kit/ui";
import { type FormEvent, type RefObject, useState } from "react";
import type { CustomerPageWrite } from "../api/customer-page";
import { customerPageScreenMessages as messages } from "./messages";

/** The dot of each kind's badge: the label keeps the text's colour (a light badge's yellow missed AA). */
const kindColors: Record<CustomerTimelineEntry["kind"], string> = {
  note: "gray",
  call: "blue",
  meeting: "grape",
  invoice: "teal",
  quote: "cyan",
  payment: "green",
  mail: "orange",
  request: "yellow",
  file: "indigo",
};

/** An entry's line under its text: the number, the amount, who. */
function details(entry: CustomerTimelineEntry): string {
  const parts: string[] = [];
  if (entry.kind === "invoice" || entry.kind === "quote" || entry.kind === "payment") {
    parts.push(entry.number ?? messages.invoiceDraft);
  }
  if (entry.amount_cents !== null) parts.push(formatEuro(entry.amount_cents));
  if (entry.author) parts.push(messages.by(entry.author));
  return parts.join(" · ");
}

/** A linked file: its name downloads it (a signed link, as in the file area); „Lösen“ unlinks it. */
function FileEntry({
  entry,
  busy,
  onWrite,
}: {
  entry: CustomerTimelineEntry;
  busy: boolean;
  onWrite: (change: CustomerPageWrite) => Promise<boolean>;
}) {
  const open = () =>
    downloadStoredFile({ id: entry.id, original_name: entry.text }).catch((error: unknown) =>
      notifyError(messages.openFailed, error instanceof Error ? error.message : messages.retry),
    );
  return (
    <Group gap="xs" mt={4} wrap="nowrap" justify="space-between" align="flex-start">
      <Anchor
        component="button"
        type="button"
        size="sm"
        className="cust-timeline-text cust-file-name"
        aria-label={messages.openFile(entry.text)}
        onClick={open}
      >
        {entry.text}
      </Anchor>
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray"
        disabled={busy}
        aria-label={messages.unlinkFile(entry.text)}
        onClick={() => void onWrite({ kind: "unlink-file", fileId: entry.id })}
      >
        {messages.unlink}
      </Button>
    </Group>
  );
}

/** „Notiz“, „Anruf“, „Termin“ in two clicks, and everything the product knows about the customer, newest first. */
export function TimelineSection({
  entries,
  hasMore,
  loadingMore,
  onMore,
  busy,
  onWrite,
  kind,
  onKind,
  textRef,
  onLinkFile,
}: {
  entries: CustomerTimelineEntry[];
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  busy: boolean;
  onWrite: (change: CustomerPageWrite) => Promise<boolean>;
  kind: CustomerActivityKind;
  onKind: (kind: CustomerActivityKind) => void;
  textRef: RefObject<HTMLTextAreaElement | null>;
  onLinkFile: () => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkCustomerActivity({ kind, text });
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    if (await onWrite({ kind: "log", activity: check.activity })) setText("");
  };
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="cust-timeline">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3" id="cust-timeline">
          {messages.timeline}
        </Title>
        <Button variant="light" onClick={onLinkFile}>
          {messages.linkFile}
        </Button>
      </Group>
      <form onSubmit={submit} noValidate>
        <Group gap="xs" mt="sm" role="group" aria-label={messages.logKind}>
          {customerActivityKinds.map((option) => (
            <Button
              key={option}
              size="xs"
              variant={option === kind ? "filled" : "default"}
              aria-pressed={option === kind}
              onClick={() => onKind(option)}
            >
              {customerTimelineLabels[option]}
            </Button>
          ))}
        </Group>
        <Textarea
          ref={textRef}
          mt="sm"
          label={messages.logText}
          placeholder={messages.logPlaceholder}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={customerPageLimits.activityTextMax}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={busy}>
            {messages.logSubmit}
          </Button>
        </Group>
      </form>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm" mt="md">
          {messages.timelineEmpty}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" mt="md" p={0} className="cust-timeline">
          {entries.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`} className="cust-timeline-entry">
              <Group gap="xs" wrap="wrap">
                <Badge variant="dot" color={kindColors[entry.kind]} tt="none">
                  {customerTimelineLabels[entry.kind]}
                </Badge>
                <Text size="xs" c="dimmed" component="time" dateTime={entry.at}>
                  {formatDateTime(entry.at)}
                </Text>
              </Group>
              {entry.kind === "file" ? (
                <FileEntry entry={entry} busy={busy} onWrite={onWrite} />
              ) : (
                <Text size="sm" mt={4} className="cust-timeline-text">
                  {entry.text}
                </Text>
              )}
              {details(entry) !== "" && (
                <Text size="xs" c="dimmed">
                  {details(entry)}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
      {hasMore && (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={onMore} loading={loadingMore}>
            {messages.olderEntries}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
