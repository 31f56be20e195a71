import { Alert, Anchor, Button, Group, Modal, Stack, Text, UnstyledButton } from "@klarwerk/kit/ui";
import { Breadcrumbs, Skeleton } from "@klarwerk/kit/ui-extra";
import { useState } from "react";
import { useFolders } from "../api/get-folders";
import { currentFolderId, enterFolder, type FolderCrumb, type FolderPath, truncatePath } from "../folder-path";
import { filesMessages as messages } from "../messages";
import { FolderIcon } from "./icons";

interface MoveDialogProps {
  /** What is moved, for the title. */
  name: string;
  /** Where it lies now (null: the root level): moving there again is not offered; undefined: anywhere may be chosen. */
  from?: number | null;
  /** A folder being moved: it is not shown as a target, so neither is anything below it. */
  exclude?: number;
  /** Moves it into the folder (null: the root level); a refusal's message is shown in the dialog. */
  save: (target: FolderCrumb | null) => Promise<void>;
  onClose: () => void;
  /** Another use of the picker („Wiederherstellen nach …“): its title, hint and button. */
  texts?: { title: string; hint: string; confirm: string };
}

/** „Verschieben“: a folder picker from „Dateien“ (the root level) down; „Hierher verschieben“ moves. */
export function MoveDialog({ name, from, exclude, save, onClose, texts }: MoveDialogProps) {
  const [path, setPath] = useState<FolderPath>([]);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const target = currentFolderId(path);
  const folders = useFolders({ parentId: target });
  const shown = folders.data?.filter((folder) => folder.id !== exclude);
  const crumbs = [{ id: 0, name: messages.rootCrumb }, ...path];
  const here = from !== undefined && target === from;

  const move = async () => {
    setPending(true);
    setError(null);
    try {
      await save(path.at(-1) ?? null);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.unknownError);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={texts?.title ?? messages.moveTitle(name)}
      closeButtonProps={{ "aria-label": messages.cancel }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {texts?.hint ?? messages.moveHint}
        </Text>
        <nav aria-label={messages.moveTargetLabel}>
          <Breadcrumbs separator="/" separatorMargin={6} className="files-breadcrumbs">
            {crumbs.map((crumb, depth) =>
              depth === crumbs.length - 1 ? (
                <Text key={crumb.id} fw={600} aria-current="location">
                  {crumb.name}
                </Text>
              ) : (
                <Anchor
                  key={crumb.id}
                  component="button"
                  type="button"
                  onClick={() => setPath(truncatePath(path, depth))}
                >
                  {crumb.name}
                </Anchor>
              ),
            )}
          </Breadcrumbs>
        </nav>
        {folders.isPending ? (
          <Skeleton height={40} radius="md" />
        ) : shown && shown.length > 0 ? (
          <ul className="files-move-list">
            {shown.map((folder) => (
              <li key={folder.id}>
                <UnstyledButton
                  className="files-folder"
                  onClick={() => setPath(enterFolder(path, folder))}
                  aria-label={messages.openFolder(folder.name)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <span className="files-folder-icon">
                      <FolderIcon size={18} />
                    </span>
                    <Text truncate="end">{folder.name}</Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        ) : (
          <Text size="sm" c="dimmed">
            {messages.noSubfolders}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {here && (
          <Text size="sm" c="dimmed">
            {messages.alreadyHere}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {messages.cancel}
          </Button>
          <Button onClick={move} loading={pending} disabled={here}>
            {texts?.confirm ?? messages.moveHere}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
