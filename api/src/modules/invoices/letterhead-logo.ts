import type { BlobStore } from "../../storage/blob-store.ts";
import { readLogoBytes, type StoredLogo } from "../company/index.ts";
import type { PdfLogo } from "./pdf-document.ts";

/**
 * The logo as the PDF layout takes it (a data URL), read from its blob; null without a logo, or
 * when its blob is missing (logged: the document is made without, as before the logo).
 */
export async function pdfLogoOf(store: BlobStore, logo: StoredLogo | null | undefined): Promise<PdfLogo | null> {
  if (logo == null) return null;
  const bytes = await readLogoBytes(store, logo);
  if (bytes === null) {
    console.error(`[api] logo blob ${logo.blobId} is missing: the PDF is made without it`);
    return null;
  }
  return {
    image: `data:${logo.contentType};base64,${Buffer.from(bytes).toString("base64")}`,
    width: logo.width,
    height: logo.height,
  };
}
