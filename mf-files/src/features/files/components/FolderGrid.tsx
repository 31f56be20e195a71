import type { Folder } from "@klarwerk/kit";
import { Group, Skeleton, Text, UnstyledButton } from "@klarwerk/kit/ui";
import { filesMessages as messages } from "../messages";
import { FolderIcon } from "./icons";

interface FolderGridProps {
  folders: Folder[] | undefined;
  loading: boolean;
  onOpen: (folder: Folder) => void;
}

/** The folders of the current level; a click opens one. */
export function FolderGrid({ folders, loading, onOpen }: FolderGridProps) {
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
    <ul className="files-folder-grid">
      {folders.map((folder) => (
        <li key={folder.id}>
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
        </li>
      ))}
    </ul>
  );
}
