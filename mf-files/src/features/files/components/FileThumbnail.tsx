import { fileViewKind, type StoredFile } from "@klarwerk/kit";
import { useFilePreview } from "../api/get-file-preview";
import { filesMessages as messages } from "../messages";
import { FileIcon, ImageOffIcon } from "./icons";

/**
 * A thumbnail for image files; other files show the file icon, and an image whose preview fails
 * a placeholder icon, so a broken image never leaves a hole in the row.
 */
export function FileThumbnail({ file }: { file: StoredFile }) {
  // Images the viewer shows (up to 20 MiB); larger ones are not fetched for 40 pixels.
  const wanted = fileViewKind(file) === "image";
  const { preview, failed } = useFilePreview(file.id, wanted);

  if (!wanted) {
    return (
      <span className="files-thumb files-thumb-icon">
        <FileIcon size={20} />
      </span>
    );
  }
  if (preview.state === "ready") {
    return (
      <img
        className="files-thumb"
        src={preview.url}
        alt={messages.previewOf(file.original_name)}
        width={40}
        height={40}
        onError={failed}
      />
    );
  }
  if (preview.state === "failed") {
    return (
      <span
        className="files-thumb files-thumb-icon"
        role="img"
        aria-label={messages.previewUnavailable}
        title={messages.previewUnavailable}
      >
        <ImageOffIcon size={20} />
      </span>
    );
  }
  return <span className="files-thumb files-thumb-loading" aria-hidden="true" />;
}
