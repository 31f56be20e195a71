import {
  formatDateTime,
  type PrivacyCase,
  type PrivacyCaseStatus,
  type PrivacyHit,
  privacyCaseKindLabels,
  privacyCaseStatuses,
  privacyCaseStatusLabels,
  privacyDataKindLabels,
  privacyMatchText,
} from "@klarwerk/kit";
import { notifyError, notifySuccess, QueryState } from "@klarwerk/kit/portal";
import { Button, Group, NativeSelect, Stack, Table, Text, Textarea, Title } from "@klarwerk/kit/ui";
import { useState } from "react";
import { ColumnHeaders } from "../../../shared/components/ColumnHeaders";
import { useChangePrivacyCase, useDownloadAccessZip, usePrivacyCase } from "../api/privacy-cases";
import { privacyScreenMessages } from "../messages";
import { DueDate } from "./DueDate";
import { ErasurePlan } from "./ErasurePlan";

const messages = privacyScreenMessages.detail;
const statusOptions = privacyCaseStatuses.map((status) => ({ value: status, label: privacyCaseStatusLabels[status] }));

/**
 * An opened case: every place naming the person's address, „Auskunft herunterladen“, for an
 * erasure „Löschung planen“, status and notes.
 */
export function PrivacyCaseDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = usePrivacyCase(id);
  const download = useDownloadAccessZip({ onError: (error) => notifyError(messages.downloadFailed, error.message) });
  const privacyCase = detail.data?.case;
  const hits = detail.data?.hits ?? [];
  const own = hits.filter((hit) => !hit.mention);
  const mentions = hits.filter((hit) => hit.mention);

  return (
    <section aria-labelledby="privacy-case-title">
      <Group justify="space-between" align="flex-start" mb="md">
        <Title order={2} size="h3" id="privacy-case-title">
          {messages.title(privacyCase?.email ?? "…")}
        </Title>
        <Button variant="default" size="xs" onClick={onClose}>
          {messages.close}
        </Button>
      </Group>
      <QueryState
        loaded={detail.data !== undefined}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        retrying={detail.isRefetching}
        texts={{ loading: messages.loading, loadFailed: messages.loadFailed }}
      >
        {privacyCase && (
          <Stack gap="md">
            <Group gap="lg">
              <Text>{privacyCaseKindLabels[privacyCase.kind]}</Text>
              <Group gap="xs" wrap="nowrap">
                <Text>{messages.due}</Text>
                <DueDate privacyCase={privacyCase} />
              </Group>
            </Group>
            <Text fw={600} role="status">
              {detail.data?.summary}
            </Text>
            {privacyCase.erased_at !== null && <Text>{messages.erasedOn(formatDateTime(privacyCase.erased_at))}</Text>}
            {own.length > 0 && <HitTable hits={own} label={messages.hitsLabel} />}
            {mentions.length > 0 && (
              <Stack gap="xs">
                <Title order={3} size="h4">
                  {messages.mentionsTitle}
                </Title>
                <Text size="sm">{messages.mentionsIntro}</Text>
                <HitTable hits={mentions} label={messages.mentionsTitle} />
              </Stack>
            )}
            <Group>
              <Button onClick={() => download.mutate(privacyCase.id)} loading={download.isPending}>
                {messages.download}
              </Button>
            </Group>
            <ErasurePlan key={`erasure-${privacyCase.id}`} privacyCase={privacyCase} />
            <CaseStatusForm key={`${privacyCase.id}-${privacyCase.status}`} privacyCase={privacyCase} />
          </Stack>
        )}
      </QueryState>
    </section>
  );
}

/** Hits as a table: where, which kind of data, and in which field with the address as it stands there. */
function HitTable({ hits, label }: { hits: readonly PrivacyHit[]; label: string }) {
  return (
    <Table aria-label={label} verticalSpacing="xs" className="users-table">
      <ColumnHeaders columns={Object.values(messages.columns)} />
      <Table.Tbody>
        {hits.map((hit) => (
          <Table.Tr key={`${hit.kind}-${hit.id}`}>
            <Table.Td data-label={messages.columns.where}>{hit.label}</Table.Td>
            <Table.Td data-label={messages.columns.kind}>{privacyDataKindLabels[hit.kind]}</Table.Td>
            <Table.Td data-label={messages.columns.fields}>{privacyMatchText(hit)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CaseStatusForm({ privacyCase }: { privacyCase: PrivacyCase }) {
  const [status, setStatus] = useState<PrivacyCaseStatus>(privacyCase.status);
  const [notes, setNotes] = useState(privacyCase.notes);
  const change = useChangePrivacyCase({
    onSuccess: () => notifySuccess(messages.saved),
    onError: (error) => notifyError(messages.saveFailed, error.message),
  });
  return (
    <form
      aria-label={messages.status}
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate({ id: privacyCase.id, change: { status, notes } });
      }}
    >
      <Stack gap="sm">
        <NativeSelect
          label={messages.status}
          data={statusOptions}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as PrivacyCaseStatus)}
        />
        <Textarea
          label={messages.notes}
          autosize
          minRows={2}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={change.isPending}>
            {messages.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
