import { formatFileSize, formatSizeLimit } from "@klarwerk/kit/format";
import { Button, CloseButton, FileButton, Group, Stack, Text } from "@klarwerk/kit/ui";
import { Progress } from "@klarwerk/kit/ui-extra";
import { type DragEvent, useState } from "react";
import { useUploadFiles } from "../api/upload-files";
import { filesMessages as messages } from "../messages";
import { cancelUpload, clearFinishedUploads, type UploadItem, useUploads } from "../upload-queue";
import { UploadIcon } from "./icons";

interface UploadPanelProps {
  folderId: number | null;
  /** Shown as the upload target. */
  folderName: string;
  /** The server's limit, once the file list has told it. */
  maxBytes: number | null;
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes("Files");
}

/** Drop several files (or pick several): each uploads with its own progress bar. */
export function UploadPanel({ folderId, folderName, maxBytes }: UploadPanelProps) {
  const uploads = useUploads();
  const [dragging, setDragging] = useState(false);
  const upload = useUploadFiles();
  const start = (files: File[]) => {
    if (files.length > 0) upload(files, { folderId, maxBytes });
  };

  return (
    <Stack gap="sm">
      <section
        aria-label={messages.uploadTitle}
        className="files-dropzone"
        data-dragging={dragging || undefined}
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          start(Array.from(event.dataTransfer.files));
        }}
      >
        <span className="files-dropzone-icon">
          <UploadIcon size={24} />
        </span>
        <Group gap={8} justify="center" wrap="wrap">
          <Text fw={500}>{messages.dropHint}</Text>
          <FileButton multiple onChange={start}>
            {(props) => (
              <Button {...props} size="sm" variant="filled">
                {messages.chooseFiles}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed">
          {messages.uploadTarget(folderName)}
          {maxBytes !== null && ` · ${messages.uploadLimit(formatSizeLimit(maxBytes))}`}
        </Text>
      </section>
      {uploads.length > 0 && <UploadList uploads={uploads} />}
    </Stack>
  );
}

function statusText(upload: UploadItem): string {
  switch (upload.status) {
    case "waiting":
      return messages.statusWaiting;
    case "uploading":
      return `${upload.percent} %`;
    case "done":
      return messages.statusDone;
    case "cancelled":
      return messages.statusCancelled;
    case "failed":
      return `${messages.uploadFailed}: ${upload.error ?? messages.unknownError}`;
  }
}

const statusColor: Record<UploadItem["status"], string> = {
  waiting: "gray",
  uploading: "brand",
  done: "teal",
  failed: "red",
  cancelled: "gray",
};

function UploadList({ uploads }: { uploads: readonly UploadItem[] }) {
  const done = uploads.filter((upload) => upload.status === "done").length;
  const finished = uploads.some((upload) => upload.status !== "waiting" && upload.status !== "uploading");
  return (
    <section aria-label={messages.uploadsLabel} className="files-uploads">
      <Group justify="space-between" gap="xs" mb={6}>
        <Text size="sm" fw={600}>
          {messages.uploadSummary(done, uploads.length)}
        </Text>
        {finished && (
          <Button size="compact-xs" variant="subtle" onClick={clearFinishedUploads}>
            {messages.clearUploads}
          </Button>
        )}
      </Group>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls; keyboard users must reach it (axe: scrollable-region-focusable) */}
      <ul tabIndex={0}>
        {uploads.map((upload) => (
          <li key={upload.id} className="files-upload" data-status={upload.status}>
            <Text size="sm" fw={500} truncate="end" title={upload.name} className="files-upload-name">
              {upload.name}
            </Text>
            <Progress
              className="files-upload-bar"
              value={upload.status === "done" ? 100 : upload.percent}
              color={statusColor[upload.status]}
              size="sm"
              animated={upload.status === "uploading"}
              aria-label={messages.uploadProgressLabel(upload.name)}
            />
            <Text
              size="xs"
              c={upload.status === "failed" ? "var(--mantine-color-error)" : "dimmed"}
              className="files-upload-status"
              aria-live="polite"
            >
              {statusText(upload)}
            </Text>
            <Text size="xs" c="dimmed" className="files-upload-size">
              {formatFileSize(upload.size)}
            </Text>
            <span className="files-upload-action">
              {(upload.status === "waiting" || upload.status === "uploading") && (
                <CloseButton
                  size="sm"
                  aria-label={messages.cancelUpload(upload.name)}
                  onClick={() => cancelUpload(upload.id)}
                />
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
