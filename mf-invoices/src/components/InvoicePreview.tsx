import { Alert, Paper, Table, Text, Title } from "@mantine/core";
import { invoiceSummaryRows } from "../invoice/summary";
import type { InvoiceTotals } from "../invoice/totals";
import type { Invoice } from "../invoice/types";
import { invoiceMessages } from "../messages";
import { InvoiceSummaryRows } from "./InvoiceSummaryRows";

interface InvoicePreviewProps {
  /** The invoice the form describes right now (`invoiceDraft`). */
  invoice: Invoice;
  /** Its totals, or null when they are too large to compute exactly. */
  totals: InvoiceTotals | null;
}

/** "Vorschau": the summary rows as the saved invoice and the PDF will show them, updated as the user types. */
export function InvoicePreview({ invoice, totals }: InvoicePreviewProps) {
  return (
    <Paper bg="gray.0" radius="md" p="md" h="100%">
      <Title order={3} size="h5" mb="xs">
        {invoiceMessages.preview}
      </Title>
      {totals ? (
        <Table verticalSpacing={4} withRowBorders={false}>
          <Table.Tbody>
            <InvoiceSummaryRows rows={invoiceSummaryRows(invoice, totals)} />
          </Table.Tbody>
        </Table>
      ) : (
        <Alert color="red" variant="light">
          {invoiceMessages.amountTooLarge}
        </Alert>
      )}
      <Text fz="xs" c="gray.7" mt="xs">
        {invoiceMessages.previewHint}
      </Text>
    </Paper>
  );
}
