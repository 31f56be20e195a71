import type { StoredFile } from "@klarwerk/kit";
import { formatFileSize } from "@klarwerk/kit/format";
import { DownloadIcon } from "@klarwerk/kit/icons";
import { Button, Group, Loader, Modal, Stack, Text } from "@klarwerk/kit/ui";
import type { KeyboardEvent } from "react";
import { useFileView } from "../api/get-file-preview";
import { filesMessages as messages } from "../messages";

interface FileViewerProps {
  /** The files the arrows step through (the page as listed), and which one is shown. */
  files: StoredFile[];
  index: number;
  onIndex(index: number): void;
  onDownload(file: StoredFile): void;
  onClose(): void;
}

/**
 * A file in a dialog (decision 0097): an image, a PDF in the browser's own viewer, text as text;
 * anything else with its download. The arrow keys step to the previous or next file of the list,
 * Escape closes.
 */
export function FileViewer({ files, index, onIndex, onDownload, onClose }: FileViewerProps) {
  const file = files[index];
  if (!file) return null;
  const step = (by: number) => {
    const next = index + by;
    if (next >= 0 && next < files.length) onIndex(next);
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") step(-1);
    else if (event.key === "ArrowRight") step(1);
    else return;
    event.preventDefault();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={file.original_name}
      size="xl"
      fullScreen={typeof window !== "undefined" && window.matchMedia?.("(max-width: 40em)").matches}
      closeButtonProps={{ "aria-label": messages.viewerClose }}
      classNames={{ title: "files-viewer-title" }}
      onKeyDown={keys}
    >
      <Stack gap="sm">
        <FileViewBody file={file} />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={index === 0} onClick={() => step(-1)}>
              {messages.viewerPrevious}
            </Button>
            <Text size="sm" c="dimmed" aria-live="polite">
              {messages.viewerPosition(index + 1, files.length)}
            </Text>
            <Button variant="default" size="xs" disabled={index === files.length - 1} onClick={() => step(1)}>
              {messages.viewerNext}
            </Button>
          </Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<DownloadIcon size={14} />}
            aria-label={messages.downloadLabel(file.original_name)}
            onClick={() => onDownload(file)}
          >
            {messages.download} ({formatFileSize(file.size)})
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The file itself, by what the viewer can show of it. */
function FileViewBody({ file }: { file: StoredFile }) {
  const view = useFileView(file, messages.viewerFailed);
  if (view.state === "loading") {
    return (
      <div className="files-viewer-stage">
        <Loader size="sm" aria-label={messages.viewerLoading} />
      </div>
    );
  }
  if (view.state === "none" || view.state === "failed") {
    return (
      <div className="files-viewer-stage">
        <Text size="sm">{view.state === "none" ? messages.viewerNone : view.message}</Text>
      </div>
    );
  }
  if (view.kind === "text") {
    return (
      // A named region the keyboard can reach: a long text scrolls with the arrow keys too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
      <section className="files-viewer-text" tabIndex={0} aria-label={messages.previewOf(file.original_name)}>
        <pre>{view.text}</pre>
      </section>
    );
  }
  if (view.kind === "pdf") {
    return <iframe className="files-viewer-frame" src={view.url} title={messages.previewOf(file.original_name)} />;
  }
  return (
    <div className="files-viewer-stage">
      <img className="files-viewer-image" src={view.url} alt={messages.previewOf(file.original_name)} />
    </div>
  );
}
