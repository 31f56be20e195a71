/**
 * Names of the User Timing entries (`performance.measure`) the invoice tool leaves behind, read in
 * DevTools' Performance panel and by `bench/invoice-pdf.ts`.
 */
export const timingNames = {
  /** Fetching and starting pdfmake and its fonts, once per page. */
  pdfmakeLoad: "pdfmake-load",
  /** One "PDF herunterladen", from the click to the file handed to the browser, loading included. */
  pdfDownload: "invoice-pdf",
} as const;
