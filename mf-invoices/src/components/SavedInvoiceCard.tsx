import { formatEuro } from "@klarwerk/kit";
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useId, useMemo } from "react";
import { formatGermanDate } from "../invoice/dates";
import { invoiceLineRows, invoiceSummaryRows } from "../invoice/summary";
import { invoiceTotals } from "../invoice/totals";
import type { Invoice } from "../invoice/types";
import { invoiceHeading, invoiceMessages } from "../messages";
import { InvoiceSummaryRows } from "./InvoiceSummaryRows";
import { PdfDownloadButton } from "./PdfDownloadButton";

function LabelledText({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text fz="xs" fw={700} c="gray.7" tt="uppercase" style={{ letterSpacing: "0.04em" }}>
        {label}
      </Text>
      <Text style={{ whiteSpace: "pre-line" }}>{children}</Text>
    </div>
  );
}

/**
 * One saved invoice: number and date, the large total and "PDF herunterladen", the parties, the
 * items table with the summary rows as its footer, and the notes if any. The rows come from
 * `summary.ts`, the same strings the PDF prints.
 */
export function SavedInvoiceCard({ invoice }: { invoice: Invoice }) {
  const headingId = useId();
  // Saving checked that the totals compute, so this cannot throw for a saved invoice.
  const totals = useMemo(() => invoiceTotals(invoice), [invoice]);
  const lines = invoiceLineRows(invoice, totals);
  const summary = invoiceSummaryRows(invoice, totals);
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="lg" padding="lg" shadow="xs">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {invoiceHeading(invoice.id)}
          </Title>
          <Text c="gray.7" fz="sm">
            {invoiceMessages.date}: {formatGermanDate(invoice.date)}
          </Text>
        </div>
        <Stack gap={6} align="flex-end">
          <Text fz="xs" fw={700} c="gray.7" tt="uppercase">
            {invoiceMessages.total}
          </Text>
          <Text fz={30} fw={800} lh={1} c="brand.8" data-testid="invoice-total">
            {formatEuro(totals.totalCents)}
          </Text>
          <PdfDownloadButton invoice={invoice} />
        </Stack>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md" spacing="lg">
        <LabelledText label={invoiceMessages.customer}>{invoice.customer}</LabelledText>
        <LabelledText label={invoiceMessages.provider}>{invoice.provider}</LabelledText>
      </SimpleGrid>

      <Table.ScrollContainer minWidth={520} mt="md">
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{invoiceMessages.description}</Table.Th>
              <Table.Th ta="right">{invoiceMessages.quantity}</Table.Th>
              <Table.Th ta="right">{invoiceMessages.price}</Table.Th>
              <Table.Th ta="right">{invoiceMessages.lineTotal}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a saved invoice's items never change
              <Table.Tr key={index}>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {line.unitPrice}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {line.total}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <InvoiceSummaryRows rows={summary} labelSpan={3} />
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>

      {invoice.notes && (
        <Card.Section withBorder inheritPadding py="sm" mt="md" bg="gray.0">
          <LabelledText label={invoiceMessages.pdfNotes}>{invoice.notes}</LabelledText>
        </Card.Section>
      )}
    </Card>
  );
}
