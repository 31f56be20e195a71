import type { InvoiceContent, InvoiceTotals } from "@klarwerk/kit";
import { Alert, Paper, Table, Text, Title } from "@klarwerk/kit/ui";
import { invoiceMessages } from "../messages";
import { invoiceSummaryRows } from "../model/summary";
import { InvoiceSummaryRows } from "./InvoiceSummaryRows";

interface InvoicePreviewProps {
  /** The invoice the form describes right now. */
  content: InvoiceContent;
  /** Its billed totals (kept items only), or null when they are too large to compute exactly. */
  totals: InvoiceTotals | null;
}

/** "Vorschau": the summary rows as the issued invoice and its PDF will bill them, updated as the user types. */
export function InvoicePreview({ content, totals }: InvoicePreviewProps) {
  return (
    <Paper bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))" radius="md" p="md" h="100%">
      <Title order={3} size="h5" mb="xs">
        {invoiceMessages.preview}
      </Title>
      {totals ? (
        <Table verticalSpacing={4} withRowBorders={false}>
          <Table.Tbody>
            <InvoiceSummaryRows rows={invoiceSummaryRows(content, totals)} />
          </Table.Tbody>
        </Table>
      ) : (
        <Alert color="red" variant="light">
          {invoiceMessages.amountTooLarge}
        </Alert>
      )}
      <Text fz="xs" c="dimmed" mt="xs">
        {invoiceMessages.previewHint}
      </Text>
    </Paper>
  );
}
