import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { type DragEvent, useEffect, useState } from "react";
import { useChangeFile, useChangeFolder } from "./api/rename-move";
import type { FolderCrumb } from "./folder-path";
import { filesMessages as messages } from "./messages";

/** A file row or a folder card on its way somewhere: what a move needs and where it lies now. */
export interface MovedItem {
  kind: "file" | "folder";
  id: number;
  name: string;
  /** Its folder (a file) or parent (a folder) now; null: the root level. */
  from: number | null;
}

/** Our own drag types, so a drag from elsewhere (the desktop's files, a link, text) is never taken for a move. */
const dragTypes = { file: "application/x-klarwerk-file", folder: "application/x-klarwerk-folder" } as const;

// What is being dragged in this page. The drag's data can only be read on drop (the browser hides it
// during dragover), yet a target has to know at once whether it may take it (no folder into itself,
// nothing into where it already lies), so the item is also kept here while the drag lasts.
let dragging: MovedItem | null = null;

/** Makes a file row or a folder card draggable (an addition: „Verschieben“ serves keyboards and phones). */
export function dragSource(item: MovedItem) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      dragging = item;
      event.dataTransfer.effectAllowed = "move";
      // The type marks the drag as ours (and a drag needs data to start in every browser); only the
      // id goes with it, since a drag may end on another page that can read it. A drop here reads
      // the item kept above, never this data, so a drag made elsewhere with our type moves nothing.
      event.dataTransfer.setData(dragTypes[item.kind], String(item.id));
    },
    onDragEnd: () => {
      dragging = null;
    },
  };
}

/** A drop there would move something: not onto itself, not where it already lies. */
export function canMoveTo(item: MovedItem, target: number | null): boolean {
  return item.from !== target && !(item.kind === "folder" && item.id === target);
}

/** Our item behind this drag event, if it is ours (checked by its drag type, not only by the page's state). */
function draggedBy(event: DragEvent<HTMLElement>): MovedItem | null {
  return dragging && event.dataTransfer.types.includes(dragTypes[dragging.kind]) ? dragging : null;
}

/**
 * Moves a file or folder and says where it lies now, as the „Verschieben“ dialog does (both use
 * this); the lists reload through the mutations. A refusal (409 „folder-name-taken“,
 * „folder-into-itself“) throws: the dialog shows it in place.
 */
export function useMoveItem() {
  const changeFile = useChangeFile();
  const changeFolder = useChangeFolder();
  return async (item: Omit<MovedItem, "from">, target: FolderCrumb | null): Promise<void> => {
    const to = target?.id ?? null;
    if (item.kind === "file") await changeFile.mutateAsync({ id: item.id, change: { folder_id: to } });
    else await changeFolder.mutateAsync({ id: item.id, change: { parent_id: to } });
    notifySuccess(messages.moved, messages.movedText(item.name, target?.name ?? messages.rootCrumb));
  };
}

/**
 * Folder cards and breadcrumbs as drop targets. `dropTarget(folder)` gives a target's handlers and
 * whether something that may go there is over it now (for its highlight); a drop moves it, and a
 * refusal is a notification (there is no dialog to show it in).
 */
export function useDropTargets() {
  const move = useMoveItem();
  // The target under the pointer: its folder id, 0 for the root level (ids start at 1).
  const [over, setOver] = useState<number | null>(null);

  useEffect(() => {
    // A drag cancelled (Escape) or dropped elsewhere leaves no highlight behind.
    const clear = () => setOver(null);
    document.addEventListener("dragend", clear);
    return () => document.removeEventListener("dragend", clear);
  }, []);

  return (target: FolderCrumb | null) => {
    const key = target?.id ?? 0;
    const takes = (event: DragEvent<HTMLElement>) => {
      const item = draggedBy(event);
      return item && canMoveTo(item, target?.id ?? null) ? item : null;
    };
    return {
      over: over === key,
      props: {
        onDragOver: (event: DragEvent<HTMLElement>) => {
          if (!takes(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "move";
          setOver(key);
        },
        onDragLeave: (event: DragEvent<HTMLElement>) => {
          if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
          setOver((now) => (now === key ? null : now));
        },
        onDrop: (event: DragEvent<HTMLElement>) => {
          const item = takes(event);
          setOver(null);
          if (!item) return;
          event.preventDefault();
          dragging = null;
          move(item, target).catch((error: unknown) =>
            notifyError(messages.moveFailed, error instanceof Error ? error.message : messages.unknownError),
          );
        },
      },
    };
  };
}
