import type { Folder } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { ActionIcon, Group, modals, Text, UnstyledButton } from "@klarwerk/kit/ui";
import { Menu, Skeleton } from "@klarwerk/kit/ui-extra";
import { useState } from "react";
import { useChangeFolder } from "../api/rename-move";
import { useDeleteFolder } from "../api/trash";
import { dragSource, useDropTargets, useMoveItem } from "../drag-move";
import { filesMessages as messages } from "../messages";
import { DotsIcon, FolderIcon } from "./icons";
import { MoveDialog } from "./MoveDialog";
import { RenameDialog } from "./RenameDialog";
import { ShareDialog } from "./ShareDialog";

interface FolderGridProps {
  folders: Folder[] | undefined;
  loading: boolean;
  onOpen: (folder: Folder) => void;
}

/**
 * The folders of the current level; a click opens one, its menu renames, moves, shares or deletes it.
 * A card can be dragged onto another card, and a file row or card dropped onto it moves it there.
 */
export function FolderGrid({ folders, loading, onOpen }: FolderGridProps) {
  const [renaming, setRenaming] = useState<Folder | null>(null);
  const [moving, setMoving] = useState<Folder | null>(null);
  const [sharing, setSharing] = useState<Folder | null>(null);
  const change = useChangeFolder();
  const move = useMoveItem();
  const dropTarget = useDropTargets();
  const remove = useDeleteFolder();

  // Into the Papierkorb with everything below it (decision 0098).
  const confirmDelete = (folder: Folder) =>
    modals.openConfirmModal({
      title: messages.deleteFolderTitle(folder.name),
      children: (
        <>
          <Text size="sm">{messages.deleteFolderConfirm}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            {messages.deleteToTrash}
          </Text>
        </>
      ),
      labels: { confirm: messages.deleteConfirmButton, cancel: messages.deleteCancelButton },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": messages.deleteCancelButton },
      onConfirm: () =>
        remove.mutate(folder, {
          onSuccess: () => notifySuccess(messages.folderDeleted, messages.folderDeletedText(folder.name)),
          onError: (error) => notifyError(messages.deleteFailed, error.message),
        }),
    });

  if (loading) {
    return (
      <div className="files-folder-grid" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={52} radius="md" />
        ))}
      </div>
    );
  }
  // A folder list that fails to load is only logged (by the screen); the grid shows nothing.
  if (!folders) return null;
  if (folders.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {messages.noFolders}
      </Text>
    );
  }
  return (
    <>
      {renaming && (
        <RenameDialog
          name={renaming.name}
          save={async (name) => {
            const folder = await change.mutateAsync({ id: renaming.id, change: { name } });
            notifySuccess(messages.renamed, messages.renamedText(folder.name));
          }}
          onClose={() => setRenaming(null)}
        />
      )}
      {moving && (
        <MoveDialog
          name={moving.name}
          from={moving.parent_id}
          exclude={moving.id}
          save={(target) => move({ kind: "folder", id: moving.id, name: moving.name }, target)}
          onClose={() => setMoving(null)}
        />
      )}
      {sharing && <ShareDialog kind="folder" id={sharing.id} name={sharing.name} onClose={() => setSharing(null)} />}
      <ul className="files-folder-grid">
        {folders.map((folder) => {
          const drop = dropTarget(folder);
          return (
            <li
              key={folder.id}
              className={drop.over ? "files-folder-item files-drop-target" : "files-folder-item"}
              {...dragSource({ kind: "folder", id: folder.id, name: folder.name, from: folder.parent_id })}
              {...drop.props}
            >
              <UnstyledButton
                className="files-folder"
                onClick={() => onOpen(folder)}
                aria-label={messages.openFolder(folder.name)}
              >
                <Group gap="sm" wrap="nowrap">
                  <span className="files-folder-icon">
                    <FolderIcon size={20} />
                  </span>
                  <Text fw={500} truncate="end" title={folder.name}>
                    {folder.name}
                  </Text>
                </Group>
              </UnstyledButton>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={messages.folderActions(folder.name)}
                    className="files-folder-menu"
                  >
                    <DotsIcon size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setRenaming(folder)}>{messages.rename}</Menu.Item>
                  <Menu.Item onClick={() => setMoving(folder)}>{messages.move}</Menu.Item>
                  <Menu.Item onClick={() => setSharing(folder)}>{messages.share}</Menu.Item>
                  <Menu.Item color="red" onClick={() => confirmDelete(folder)}>
                    {messages.deleteFolder}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </li>
          );
        })}
      </ul>
    </>
  );
}
