import { Anchor, Button, Group, Text } from "@klarwerk/kit/ui";
import { Breadcrumbs } from "@klarwerk/kit/ui-extra";
import { useDropTargets } from "../drag-move";
import type { FolderPath } from "../folder-path";
import { filesMessages as messages } from "../messages";
import { ArrowLeftIcon, HomeIcon } from "./icons";

interface FolderPathBarProps {
  path: FolderPath;
  /** Truncate the path to `depth` folders (0: the root level). */
  onNavigate: (depth: number) => void;
  onBack: () => void;
}

/**
 * Breadcrumbs of the folder stack with "Zurück" (pop) and "Root" (reset). A file row or folder card
 * dropped onto a crumb above the current folder moves it there („Dateien“: the root level).
 */
export function FolderPathBar({ path, onNavigate, onBack }: FolderPathBarProps) {
  const dropTarget = useDropTargets();
  const atRoot = path.length === 0;
  const crumbs = [{ id: 0, name: messages.rootCrumb }, ...path];
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <nav aria-label={messages.pathLabel} className="files-path">
        <Breadcrumbs separator="/" separatorMargin={6} className="files-breadcrumbs">
          {crumbs.map((crumb, depth) =>
            depth === crumbs.length - 1 ? (
              <Text key={crumb.id} fw={600} aria-current="location" className="files-crumb-current">
                {crumb.name}
              </Text>
            ) : (
              <Anchor
                key={crumb.id}
                component="button"
                type="button"
                onClick={() => onNavigate(depth)}
                {...crumbDrop(dropTarget(depth === 0 ? null : crumb))}
              >
                {crumb.name}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      </nav>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<ArrowLeftIcon size={16} />}
          onClick={onBack}
          disabled={atRoot}
        >
          {messages.back}
        </Button>
        <Button
          variant="default"
          size="sm"
          leftSection={<HomeIcon size={16} />}
          onClick={() => onNavigate(0)}
          disabled={atRoot}
        >
          {messages.root}
        </Button>
      </Group>
    </Group>
  );
}

/** A crumb's drop handlers and, while something that may go there is over it, its highlight. */
function crumbDrop({ over, props }: ReturnType<ReturnType<typeof useDropTargets>>) {
  return { ...props, className: over ? "files-crumb files-drop-target" : "files-crumb" };
}
