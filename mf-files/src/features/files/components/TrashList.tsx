import type { TrashEntry } from "@klarwerk/kit";
import { formatDate, formatDateTime, formatFileSize } from "@klarwerk/kit/format";
import { notifyError, notifySuccess, QueryState } from "@klarwerk/kit/portal";
import { Button, Group, modals, Stack, Table, Text, Title } from "@klarwerk/kit/ui";
import { useState } from "react";
import { usePurge, useRestore, useTrash } from "../api/trash";
import { filesMessages as messages } from "../messages";
import { FileIcon, FolderIcon } from "./icons";
import { MoveDialog } from "./MoveDialog";

/** „Dateien / Kunden / Projekt“: where a deletion lay, or where a restore put it. */
function placeOf(path: { name: string }[]): string {
  return [messages.rootCrumb, ...path.map((step) => step.name)].join(" / ");
}

/**
 * The Papierkorb (decision 0098): each deletion with where it was, who deleted it, when, and when
 * it goes for good; „Wiederherstellen“ puts it back (folders made again), „Wiederherstellen nach …“
 * into a chosen folder, „Endgültig löschen“ for admins. A staff member sees their own deletions.
 */
export function TrashList() {
  const [page, setPage] = useState(1);
  const trash = useTrash(page);
  const restore = useRestore();
  const purge = usePurge();
  const [restoringTo, setRestoringTo] = useState<TrashEntry | null>(null);

  const restored = (entry: TrashEntry, path: { name: string }[]) =>
    notifySuccess(messages.restored, messages.restoredText(entry.name, placeOf(path)));

  const restoreHere = (entry: TrashEntry) =>
    restore.mutate(
      { id: entry.id },
      {
        onSuccess: (answer) => restored(entry, answer.folder_path),
        onError: (error) => notifyError(messages.restoreFailed, error.message),
      },
    );

  const confirmPurge = (entry: TrashEntry) =>
    modals.openConfirmModal({
      title: messages.purgeTitle(entry.name),
      children: <Text size="sm">{messages.purgeConfirm}</Text>,
      labels: { confirm: messages.purge, cancel: messages.cancel },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": messages.cancel },
      onConfirm: () =>
        purge.mutate(entry.id, {
          onSuccess: () => notifySuccess(messages.purged),
          onError: (error) => notifyError(messages.purgeFailed, error.message),
        }),
    });

  const data = trash.data;
  const all = data?.all ?? false;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {messages.trashTitle}
        </Title>
        {data && (
          <Text size="sm" c="dimmed">
            {all ? messages.trashDescriptionAdmin(data.days) : messages.trashDescription(data.days)}
          </Text>
        )}
      </div>
      {restoringTo && (
        <MoveDialog
          name={restoringTo.name}
          exclude={restoringTo.kind === "folder" ? restoringTo.item_id : undefined}
          texts={{
            title: messages.restoreToTitle(restoringTo.name),
            hint: messages.restoreToHint,
            confirm: messages.restoreHere,
          }}
          save={async (target) => {
            const answer = await restore.mutateAsync({ id: restoringTo.id, folderId: target?.id ?? null });
            restored(restoringTo, answer.folder_path);
          }}
          onClose={() => setRestoringTo(null)}
        />
      )}
      <QueryState
        loaded={data !== undefined}
        error={trash.error}
        empty={data?.entries.length === 0}
        onRetry={() => trash.refetch()}
        retrying={trash.isFetching}
        texts={{
          loading: messages.trashLoading,
          loadFailed: messages.trashLoadFailed + (trash.error?.message || messages.unknownError),
          empty: messages.trashEmpty,
        }}
      >
        {data && (
          <>
            <Table.ScrollContainer
              minWidth={720}
              type="native"
              role="region"
              aria-label={messages.trashTitle}
              tabIndex={0}
              className="files-table-scroll"
            >
              <Table verticalSpacing="sm" className="files-table files-trash">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th className="files-col-name">{messages.columnDeleted}</Table.Th>
                    <Table.Th>{messages.columnOrigin}</Table.Th>
                    <Table.Th>{messages.columnDeletedBy}</Table.Th>
                    <Table.Th>{messages.columnDeletedAt}</Table.Th>
                    <Table.Th>{messages.columnPurgeAt}</Table.Th>
                    <Table.Th className="files-col-actions">
                      <span className="files-visually-hidden">{messages.columnActions}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <span className="files-folder-icon" aria-hidden="true">
                            {entry.kind === "folder" ? <FolderIcon size={18} /> : <FileIcon size={18} />}
                          </span>
                          <Text fw={500} className="files-name" title={entry.name}>
                            {entry.name}
                          </Text>
                        </Group>
                        <Text size="sm" c="dimmed">
                          {entry.kind === "folder"
                            ? `${messages.folderContents(entry.folder_count, entry.file_count)} · ${formatFileSize(entry.size)}`
                            : formatFileSize(entry.size)}
                        </Text>
                      </Table.Td>
                      <Table.Td data-label={messages.columnOrigin}>
                        <Text size="sm" className="files-name" title={placeOf(entry.original_path)}>
                          {placeOf(entry.original_path)}
                        </Text>
                      </Table.Td>
                      <Table.Td data-label={messages.columnDeletedBy}>{entry.deleted_by_name}</Table.Td>
                      <Table.Td data-label={messages.columnDeletedAt}>{formatDateTime(entry.deleted_at)}</Table.Td>
                      <Table.Td data-label={messages.columnPurgeAt}>{formatDate(entry.purge_at)}</Table.Td>
                      <Table.Td className="files-cell-actions">
                        <Group gap={6} justify="flex-end" wrap="wrap">
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={messages.restoreLabel(entry.name)}
                            loading={restore.isPending && restore.variables?.id === entry.id}
                            onClick={() => restoreHere(entry)}
                          >
                            {messages.restore}
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            aria-label={messages.restoreToLabel(entry.name)}
                            onClick={() => setRestoringTo(entry)}
                          >
                            {messages.restoreTo}
                          </Button>
                          {all && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              aria-label={messages.purgeLabel(entry.name)}
                              loading={purge.isPending && purge.variables === entry.id}
                              onClick={() => confirmPurge(entry)}
                            >
                              {messages.purge}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {(page > 1 || data.more) && (
              <nav aria-label={messages.trashPagesLabel}>
                <Group justify="space-between" gap="sm">
                  <Button variant="default" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
                    {messages.previousHits}
                  </Button>
                  <Text size="sm">{messages.hitsPage(page)}</Text>
                  <Button variant="default" size="sm" disabled={!data.more} onClick={() => setPage(page + 1)}>
                    {messages.nextHits}
                  </Button>
                </Group>
              </nav>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
