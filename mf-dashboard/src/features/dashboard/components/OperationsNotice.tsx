import {
  type BackupRun,
  type BlobCheck,
  type BlobCheckProblem,
  blobCheckProblemCount,
  type MailDelivery,
} from "@klarwerk/kit";
import { formatCount, formatDateTime, formatFileSize } from "@klarwerk/kit/format";
import { DataList, List, Paper, Text, Title } from "@klarwerk/kit/ui";
import { type ReactNode, useEffect, useId } from "react";
import { operationsAnchor } from "../../../../screens";
import { operationsMessages as messages } from "../admin-messages";
import { useOperations } from "../api/get-operations";
import { BackupNowButton } from "./BackupNowButton";

/** One finding as people name it: what happened, to which file (name and id), or which object. */
function problemText(problem: BlobCheckProblem): string {
  const what = messages.kinds[problem.kind];
  if (problem.row_id === null || problem.name === null) return `${messages.orphan(problem.blob_id)} ${what}`;
  const row = messages.row[problem.area]?.(problem.row_id) ?? `${problem.area} ${problem.row_id}`;
  return `${problem.name} (${row}) ${what}`;
}

function BlobCheckValue({ check, backfillRemaining }: { check: BlobCheck | null; backfillRemaining: number | null }) {
  const backfill = backfillRemaining !== null && (
    <Text size="sm">{messages.backfill(formatCount(backfillRemaining))}</Text>
  );
  if (check === null) {
    return (
      <>
        <Text size="sm">{messages.neverRun}</Text>
        {backfill}
      </>
    );
  }
  const count = blobCheckProblemCount(check);
  const unlisted = count - check.problems.length;
  return (
    <>
      <Text size="sm">
        {messages.checked(formatDateTime(check.finished_at), formatCount(check.checked))}{" "}
        {count === 0 ? (
          messages.allGood
        ) : (
          <Text span size="sm" fw={700} c="var(--mantine-color-error)">
            {messages.problems(count, formatCount(count))}
          </Text>
        )}
      </Text>
      {count > 0 && (
        <List size="sm" spacing={2} className="dash-wrap">
          {check.problems.map((problem) => (
            <List.Item key={`${problem.area}/${problem.blob_id}`}>{problemText(problem)}</List.Item>
          ))}
          {unlisted > 0 && <List.Item>{messages.more(formatCount(unlisted))}</List.Item>}
        </List>
      )}
      {check.without_checksum > 0 && <Text size="sm">{messages.sizeOnly(formatCount(check.without_checksum))}</Text>}
      {backfill}
    </>
  );
}

/** Whether mails are getting out: retried ones (with the mail server's last answer) and given-up ones. */
function MailDeliveryValue({ delivery }: { delivery: MailDelivery }) {
  if (!delivery.configured) return <Text size="sm">{messages.mailNotConfigured}</Text>;
  if (delivery.retrying === 0 && delivery.failed === 0) return <Text size="sm">{messages.allGood}</Text>;
  return (
    <>
      {delivery.retrying > 0 && delivery.failing_since !== null && (
        <Text size="sm" fw={700} c="var(--mantine-color-error)">
          {messages.mailRetrying(
            delivery.retrying,
            formatCount(delivery.retrying),
            formatDateTime(delivery.failing_since),
          )}
        </Text>
      )}
      {delivery.retrying > 0 && delivery.last_error !== null && (
        <Text size="sm" className="dash-wrap">
          {messages.mailLastError(delivery.last_error)}
        </Text>
      )}
      {delivery.failed > 0 && (
        <Text size="sm">{messages.mailFailed(delivery.failed, formatCount(delivery.failed))}</Text>
      )}
    </>
  );
}

/** The last backup or restore drill: when, how long, the result (with what went wrong), the set. */
function BackupRunValue({ run, never }: { run: BackupRun | null; never: string }) {
  if (run === null) return <Text size="sm">{never}</Text>;
  const seconds = (run.duration_ms / 1000).toLocaleString("de-DE", { maximumFractionDigits: 1 });
  return (
    <>
      <Text size="sm">
        {messages.run(formatDateTime(run.finished_at), seconds)}{" "}
        {run.result === "ok" ? (
          messages.runOk
        ) : (
          <Text span size="sm" fw={700} c="var(--mantine-color-error)">
            {messages.runFailed}
          </Text>
        )}
      </Text>
      {run.error && (
        <Text size="sm" className="dash-wrap">
          {run.error}
        </Text>
      )}
      {run.result === "ok" && run.set && (
        <Text size="sm">
          {messages.setSize(run.set, run.size_bytes === null ? "" : formatFileSize(run.size_bytes))}
        </Text>
      )}
    </>
  );
}

/** One concern of the block: its name, then what is known of it. */
function OperationsLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/**
 * For admins: the state of the running product, one line per concern ("Speicherprüfung",
 * "E-Mail-Versand", "Letzte Sicherung", "Letzte geprüfte Wiederherstellung"). Red while the last
 * check found a problem, mails are being retried or the last backup or drill failed, otherwise
 * quiet. Nothing for staff, who are not told (the API gives them no details).
 */
export function OperationsNotice({ admin }: { admin: boolean }) {
  const { data: status } = useOperations(admin);
  const titleId = useId();
  const shown = admin && status !== undefined;
  // Opened as /dashboard#betrieb: the block appears only once its figures are there, after the
  // router has looked for the anchor; it brings itself into view then.
  useEffect(() => {
    if (shown && window.location.hash === `#${operationsAnchor}`)
      document.getElementById(operationsAnchor)?.scrollIntoView();
  }, [shown]);
  if (!admin || !status) return null;
  const check = status.blob_check;
  const troubled =
    (check !== null && blobCheckProblemCount(check) > 0) ||
    status.mail_delivery.retrying > 0 ||
    status.backup?.result === "failed" ||
    status.restore_drill?.result === "failed";
  const backfillRemaining = status.checksum_backfill.finished ? null : status.checksum_backfill.remaining;
  return (
    <Paper
      component="section"
      id={operationsAnchor}
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      mb="xl"
      bg={troubled ? "var(--mantine-color-red-light)" : undefined}
      className={troubled ? "dash-operations dash-operations--troubled" : "dash-operations"}
    >
      <Title order={2} size="h4" id={titleId} mb="xs">
        {messages.title}
      </Title>
      <DataList labelWidth="16rem" gap="xs">
        <OperationsLine label={messages.blobCheck}>
          <BlobCheckValue check={check} backfillRemaining={backfillRemaining} />
        </OperationsLine>
        <OperationsLine label={messages.mailDelivery}>
          <MailDeliveryValue delivery={status.mail_delivery} />
        </OperationsLine>
        <OperationsLine label={messages.backup}>
          <BackupRunValue run={status.backup} never={messages.noBackup} />
          <BackupNowButton running={status.backup_running} lastBackup={status.backup} />
        </OperationsLine>
        <OperationsLine label={messages.restoreDrill}>
          <BackupRunValue run={status.restore_drill} never={messages.noDrill} />
        </OperationsLine>
      </DataList>
    </Paper>
  );
}
