import { apiFetch } from "@klarwerk/kit/browser";
import { useEffect, useState } from "react";

/** The preview image's bytes (`GET /api/files/{id}/preview`). */
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
