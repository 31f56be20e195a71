import { DownloadIcon } from "@klarwerk/kit/icons";
import { notifyError } from "@klarwerk/kit/portal";
import { Button } from "@mantine/core";
import { useState } from "react";
import { downloadInvoicePdf } from "../invoice/pdf";
import type { Invoice } from "../invoice/types";
import { invoiceMessages } from "../messages";

/**
 * "PDF herunterladen": loads pdfmake on the first click (never before), makes the PDF and saves
 * it as `Rechnung_{id}.pdf`. Busy while it works; a failure (e.g. the chunk could not be loaded)
 * is reported in German and the next click tries again.
 */
export function PdfDownloadButton({ invoice }: { invoice: Invoice }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      console.error(error);
      notifyError(invoiceMessages.pdfFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button leftSection={<DownloadIcon />} loading={busy} onClick={download}>
      {invoiceMessages.downloadPdf}
    </Button>
  );
}
