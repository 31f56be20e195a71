import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Stack } from "@mantine/core";
import { useCallback } from "react";
import { InvoiceEditor } from "../components/InvoiceEditor";
import { SavedInvoices } from "../components/SavedInvoices";
import { invoiceMessages } from "../messages";
import { nextInvoiceId, useInvoiceBook } from "../state/invoiceBook";

/** /invoices, the Rechnungstool: the form for a new invoice above the invoices saved so far. */
export default function Invoices() {
  const { invoices, draft, updateDraft, saveInvoice } = useInvoiceBook();
  const nextId = useCallback(() => nextInvoiceId(invoices, Date.now()), [invoices]);
  return (
    <>
      <ScreenHeader title={invoiceMessages.screenTitle} description={invoiceMessages.screenDescription} />
      <Stack gap={48}>
        <InvoiceEditor draft={draft} updateDraft={updateDraft} nextId={nextId} onSave={saveInvoice} />
        <SavedInvoices invoices={invoices} />
      </Stack>
    </>
  );
}
