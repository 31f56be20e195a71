import type { StoredFile } from "@klarwerk/kit";
import { useEffect, useState } from "react";
import { fetchPreview } from "../files/api";
import { isImage } from "../files/file-list";
import { filesMessages as messages } from "../files/messages";
import { FileIcon, ImageOffIcon } from "./icons";

/** Larger images are not fetched for a 40-pixel thumbnail; they show the file icon. */
const previewMaxBytes = 20 * 1024 * 1024;

type Preview = { state: "loading" } | { state: "ready"; url: string } | { state: "failed" };

/**
 * A thumbnail for image files. The preview needs the bearer token, which an <img> cannot send,
 * so it is fetched and shown from a blob URL (released again when the row goes away). A failed
 * preview shows a placeholder icon (spec section 2).
 */
export function FileThumbnail({ file }: { file: StoredFile }) {
  const wanted = isImage(file) && file.size <= previewMaxBytes;
  const [preview, setPreview] = useState<Preview>({ state: "loading" });

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    let url: string | null = null;
    setPreview({ state: "loading" });
    fetchPreview(file.id, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setPreview({ state: "ready", url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setPreview({ state: "failed" });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.id, wanted]);

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
        onError={() => setPreview({ state: "failed" })}
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
