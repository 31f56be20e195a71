import { DownloadIcon } from "@klarwerk/kit/icons";
import { notifyError } from "@klarwerk/kit/portal";
import { Button } from "@klarwerk/kit/ui";
import { useState } from "react";
import { downloadInvoiceFile, type InvoiceFileKind } from "../api/download-invoice-file";
import { invoiceMessages } from "../messages";
import { timingNames } from "../model/timing";

interface FileDownloadButtonProps {
  id: number;
  number: string;
  kind: InvoiceFileKind;
}

/**
 * "PDF herunterladen" (the PDF stored at issue, always the same bytes) or "XRechnung
 * herunterladen". Busy while it loads; a failure is reported in German and the next click tries
 * again. The PDF's click-to-save time is left as a `performance.measure` (`timing.ts`).
 */
export function FileDownloadButton({ id, number, kind }: FileDownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    const started = performance.now();
    setBusy(true);
    try {
      await downloadInvoiceFile(id, number, kind);
      if (kind === "pdf") performance.measure(timingNames.pdfDownload, { start: started });
    } catch (error) {
      notifyError(invoiceMessages.downloadFailed, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={kind === "pdf" ? "filled" : "default"}
      leftSection={<DownloadIcon />}
      loading={busy}
      onClick={download}
    >
      {kind === "pdf" ? invoiceMessages.downloadPdf : invoiceMessages.downloadXrechnung}
    </Button>
  );
}
