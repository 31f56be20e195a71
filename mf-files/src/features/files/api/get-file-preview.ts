import { fileViewKind, type StoredFile } from "@klarwerk/kit";
import { apiFetch } from "@klarwerk/kit/browser";
import { useEffect, useState } from "react";

/** The bytes the viewer and the thumbnails show (`GET /api/files/{id}/preview`). */
export async function getFilePreview({ id }: { id: number }, signal?: AbortSignal): Promise<Blob> {
  const response = await apiFetch(`/api/files/${id}/preview`, { signal });
  return response.blob();
}

export type FilePreview = { state: "loading" } | { state: "ready"; url: string } | { state: "failed" };

/**
 * A file's preview as a blob URL for an <img>: the preview needs the bearer token, which an <img>
 * cannot send. Not a cached query: the blob URL belongs to the row that shows it and is released
 * when the row goes away, and a failed preview shows its placeholder at once instead of after a
 * retry. `failed` is for the <img> that cannot decode what arrived.
 */
export function useFilePreview(fileId: number, enabled: boolean): { preview: FilePreview; failed: () => void } {
  const [preview, setPreview] = useState<FilePreview>({ state: "loading" });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let url: string | null = null;
    setPreview({ state: "loading" });
    getFilePreview({ id: fileId }, controller.signal)
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
  }, [fileId, enabled]);

  return { preview, failed: () => setPreview({ state: "failed" }) };
}

/** What the viewer shows of a file once fetched: a blob URL (image, PDF) or the text. */
export type FileView =
  | { state: "loading" }
  | { state: "ready"; kind: "image" | "pdf"; url: string }
  | { state: "ready"; kind: "text"; text: string }
  | { state: "none" }
  | { state: "failed"; message: string };

/** Text as saved: UTF-8 (a BOM dropped), else Windows-1252, as Excel and older Windows tools write it. */
export async function decodeText(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * The file as the viewer shows it (`fileViewKind`): fetched with the bearer token into memory,
 * released when another file is shown or the viewer closes. A PDF goes to the browser's own
 * viewer as a blob URL of type application/pdf; text is decoded here and shown as text.
 */
export function useFileView(file: StoredFile, failedMessage: string): FileView {
  const [view, setView] = useState<FileView>({ state: "loading" });
  const kind = fileViewKind(file);

  useEffect(() => {
    if (kind === null) {
      setView({ state: "none" });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setView({ state: "loading" });
    getFilePreview({ id: file.id }, controller.signal)
      .then(async (blob) => {
        if (kind === "text") {
          const text = await decodeText(blob);
          if (!controller.signal.aborted) setView({ state: "ready", kind, text });
          return;
        }
        url = URL.createObjectURL(kind === "pdf" ? new Blob([blob], { type: "application/pdf" }) : blob);
        if (!controller.signal.aborted) setView({ state: "ready", kind, url });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setView({ state: "failed", message: error instanceof Error ? error.message : failedMessage });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.id, kind, failedMessage]);

  return view;
}
