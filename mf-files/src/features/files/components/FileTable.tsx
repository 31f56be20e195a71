import type { StoredFile } from "@klarwerk/kit";
import { formatDateTime, formatFileSize } from "@klarwerk/kit/format";
import { DownloadIcon, TrashIcon } from "@klarwerk/kit/icons";
import { AuditHistoryLink, notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, modals, Table, Text, UnstyledButton } from "@klarwerk/kit/ui";
import { useEffect, useState } from "react";
import { useDeleteFile } from "../api/delete-file";
import { useDownloadFile } from "../api/download-file";
import { useChangeFile } from "../api/rename-move";
import { dragSource, useMoveItem } from "../drag-move";
import { filesMessages as messages } from "../messages";
import { FileThumbnail } from "./FileThumbnail";
import { FileViewer } from "./FileViewer";
import { MoveDialog } from "./MoveDialog";
import { RenameDialog } from "./RenameDialog";
import { ShareDialog } from "./ShareDialog";

interface FileTableProps {
  files: StoredFile[];
  /** A file whose viewer opens as soon as it is in `files` (a hit of the header's search); then `onOpened`. */
  openFileId?: number | null;
  onOpened?: () => void;
}

/**
 * One page of files with preview, name (opens the viewer), size, date, uploader, download,
 * rename, move and delete. A row can be dragged onto a folder card or a breadcrumb (drag-move.ts).
 */
export function FileTable({ files, openFileId = null, onOpened }: FileTableProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  useEffect(() => {
    if (openFileId === null) return;
    const index = files.findIndex((file) => file.id === openFileId);
    if (index < 0) return;
    setViewing(index);
    onOpened?.();
  }, [files, openFileId, onOpened]);
  const [renaming, setRenaming] = useState<StoredFile | null>(null);
  const [moving, setMoving] = useState<StoredFile | null>(null);
  const [sharing, setSharing] = useState<StoredFile | null>(null);
  const change = useChangeFile();
  const move = useMoveItem();
  const remove = useDeleteFile({
    onSuccess: () => notifySuccess(messages.deleted),
    onError: (error) => notifyError(messages.deleteFailed, error.message),
  });
  const download = useDownloadFile({
    onError: (error) => notifyError(messages.downloadFailed, error.message),
  });

  const confirmDelete = (file: StoredFile) =>
    modals.openConfirmModal({
      title: messages.deleteTitle,
      children: (
        <>
          <Text size="sm">{messages.deleteConfirm}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            {messages.deleteToTrash}
          </Text>
        </>
      ),
      labels: { confirm: messages.deleteConfirmButton, cancel: messages.deleteCancelButton },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": messages.deleteCancelButton },
      onConfirm: () => remove.mutate(file),
    });

  // Where the card is narrower than the columns need, each file is a block (files.css); the scroll
  // box stays a named, focusable region, so nothing can ever widen the page.
  return (
    <>
      {viewing !== null && (
        <FileViewer
          files={files}
          index={viewing}
          onIndex={setViewing}
          onDownload={(file) => download.mutate(file)}
          onClose={() => setViewing(null)}
        />
      )}
      {renaming && (
        <RenameDialog
          name={renaming.original_name}
          save={async (name) => {
            const file = await change.mutateAsync({ id: renaming.id, change: { name } });
            notifySuccess(messages.renamed, messages.renamedText(file.original_name));
          }}
          onClose={() => setRenaming(null)}
        />
      )}
      {moving && (
        <MoveDialog
          name={moving.original_name}
          from={moving.folder_id}
          save={(target) => move({ kind: "file", id: moving.id, name: moving.original_name }, target)}
          onClose={() => setMoving(null)}
        />
      )}
      {sharing && (
        <ShareDialog kind="file" id={sharing.id} name={sharing.original_name} onClose={() => setSharing(null)} />
      )}
      {table()}
    </>
  );

  // The table itself, beside the dialogs (a plain function, not a component: it never remounts).
  function table() {
    return (
      <Table.ScrollContainer
        minWidth={720}
        type="native"
        role="region"
        aria-label={messages.filesTitle}
        tabIndex={0}
        className="files-table-scroll"
      >
        <Table verticalSpacing="sm" highlightOnHover className="files-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className="files-col-preview">
                <span className="files-visually-hidden">{messages.columnPreview}</span>
              </Table.Th>
              <Table.Th className="files-col-name">{messages.columnName}</Table.Th>
              <Table.Th className="files-col-size">{messages.columnSize}</Table.Th>
              <Table.Th>{messages.columnCreated}</Table.Th>
              <Table.Th>{messages.columnUploader}</Table.Th>
              <Table.Th className="files-col-actions">
                <span className="files-visually-hidden">{messages.columnActions}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file, index) => (
              <Table.Tr
                key={file.id}
                {...dragSource({ kind: "file", id: file.id, name: file.original_name, from: file.folder_id })}
              >
                <Table.Td className="files-cell-preview">
                  <FileThumbnail file={file} />
                </Table.Td>
                <Table.Td>
                  <UnstyledButton
                    className="files-name files-name-button"
                    title={file.original_name}
                    aria-label={messages.openViewer(file.original_name)}
                    onClick={() => setViewing(index)}
                  >
                    {file.original_name}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td className="files-col-size" data-label={messages.columnSize}>
                  {formatFileSize(file.size)}
                </Table.Td>
                <Table.Td data-label={messages.columnCreated}>{formatDateTime(file.created_at)}</Table.Td>
                <Table.Td className="files-col-uploader" data-label={messages.columnUploader}>
                  {file.uploader_name || messages.unknownUploader}
                </Table.Td>
                <Table.Td className="files-cell-actions">
                  <Group gap={6} justify="flex-end" wrap="wrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<DownloadIcon size={14} />}
                      aria-label={messages.downloadLabel(file.original_name)}
                      loading={download.isPending && download.variables?.id === file.id}
                      onClick={() => download.mutate(file)}
                    >
                      {messages.download}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={messages.shareLabel(file.original_name)}
                      onClick={() => setSharing(file)}
                    >
                      {messages.share}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={messages.renameLabel(file.original_name)}
                      onClick={() => setRenaming(file)}
                    >
                      {messages.rename}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={messages.moveLabel(file.original_name)}
                      onClick={() => setMoving(file)}
                    >
                      {messages.move}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<TrashIcon size={14} />}
                      aria-label={messages.deleteLabel(file.original_name)}
                      loading={remove.isPending && remove.variables?.id === file.id}
                      onClick={() => confirmDelete(file)}
                    >
                      {messages.delete}
                    </Button>
                    <AuditHistoryLink objectType="file" objectId={file.id} objectName={file.original_name} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
}
