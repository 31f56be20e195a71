/**
 * Names of the User Timing entries (`performance.measure`) the invoice tool leaves behind, read in
 * DevTools' Performance panel and by `bench/invoice-download.ts`.
 */
export const timingNames = {
  /** One "PDF herunterladen", from the click to the stored file handed to the browser. */
  pdfDownload: "invoice-pdf-download",
} as const;
