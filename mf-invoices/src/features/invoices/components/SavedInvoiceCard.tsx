import {
  formatEuro,
  type Invoice,
  type InvoiceStatus,
  type InvoiceSummary,
  isPartlyPaid,
  quoteLabels,
} from "@klarwerk/kit";
import { AuditHistoryLink } from "@klarwerk/kit/portal";
import { Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from "@klarwerk/kit/ui";
import { memo, useId } from "react";
import { SendingHistory } from "../../../shared/components/SendingHistory";
import { invoiceHeading, invoiceMessages, periodText, statusText } from "../../../shared/messages";
import { formatGermanDate } from "../../../shared/model/dates";
import { useInvoice } from "../api/get-invoice";
import { InvoiceActions } from "./InvoiceActions";
import { InvoiceItemsTable } from "./InvoiceItemsTable";
import { PaymentsList } from "./PaymentsList";
import { RemindButton } from "./RemindButton";
import { ReminderHistory } from "./ReminderHistory";

/** Dark shades, so the white badge text keeps WCAG AA contrast. */
const statusColors: Record<InvoiceStatus, string> = {
  draft: "gray.7",
  open: "blue.8",
  paid: "teal.9",
  overdue: "red.9",
  cancelled: "dark.6",
  cancellation: "grape.9",
};

function LabelledText({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: "0.04em" }}>
        {label}
      </Text>
      <Text style={{ whiteSpace: "pre-line" }}>{children}</Text>
    </div>
  );
}

function serviceText(invoice: Invoice): string {
  if (invoice.servicePeriodStart && invoice.servicePeriodEnd) {
    return periodText(invoice.servicePeriodStart, invoice.servicePeriodEnd);
  }
  return `${invoiceMessages.serviceDate}: ${formatGermanDate(invoice.serviceDate ?? invoice.issueDate)}`;
}

/** The parties, the items with the summary rows as the table's footer, and the notes if any. */
function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md" spacing="lg">
        <LabelledText label={invoiceMessages.customer}>{invoice.recipient}</LabelledText>
        <LabelledText label={invoiceMessages.provider}>{invoice.provider}</LabelledText>
      </SimpleGrid>
      <Text c="dimmed" fz="sm" mt="xs">
        {serviceText(invoice)}
        {invoice.number !== null && ` · ${invoiceMessages.dueDate} ${formatGermanDate(invoice.dueDate)}`}
      </Text>
      {invoice.fromQuote && (
        <Text fz="sm" mt="xs">
          {quoteLabels.fromQuote}{" "}
          <Anchor href="/invoices/angebote" c="inherit" underline="always">
            {invoice.fromQuote.number}
          </Anchor>
        </Text>
      )}

      <InvoiceItemsTable invoice={invoice} />

      {invoice.notes && (
        <Card.Section
          withBorder
          inheritPadding
          py="sm"
          mt="md"
          bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
        >
          <LabelledText label={invoiceMessages.notesLabel}>{invoice.notes}</LabelledText>
        </Card.Section>
      )}
      {invoice.payments.length > 0 && <PaymentsList invoice={invoice} />}
      <ReminderHistory invoiceId={invoice.id} number={invoice.number} />
    </>
  );
}

interface SavedInvoiceCardProps {
  summary: InvoiceSummary;
  onEdit: (invoice: Invoice) => void;
}

/**
 * One listed invoice: number (or Entwurf), status and date, the large total and its actions; its
 * parties, items and notes once the invoice itself has loaded.
 */
export const SavedInvoiceCard = memo(function SavedInvoiceCard({ summary, onEdit }: SavedInvoiceCardProps) {
  const headingId = useId();
  const { data: invoice } = useInvoice(summary.id);
  const title = invoiceHeading(summary.number, summary.status);
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="lg" padding="lg" shadow="xs">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Group gap="sm" align="center">
            <Title order={3} size="h4" id={headingId}>
              {title}
            </Title>
            <Badge color={statusColors[summary.status]} variant="filled" data-testid="invoice-status">
              {statusText(summary.status, summary.paidOn, summary.cancelledBy?.number ?? null)}
            </Badge>
            {isPartlyPaid(summary) && (
              <Badge color="teal.9" variant="outline" c="var(--mantine-color-text)" data-testid="invoice-partly-paid">
                {invoiceMessages.partlyPaid}
              </Badge>
            )}
          </Group>
          <Text fw={600} mt={4}>
            {summary.recipientName}
          </Text>
          <Text c="dimmed" fz="sm">
            {invoiceMessages.date}: {formatGermanDate(summary.issueDate)}
            {summary.cancels && ` · storniert ${summary.cancels.number}`}
          </Text>
        </div>
        <Stack gap={6} align="flex-end">
          <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
            {invoiceMessages.total}
          </Text>
          <Text
            fz={30}
            fw={800}
            lh={1}
            c="light-dark(var(--mantine-color-brand-8), var(--mantine-color-brand-3))"
            data-testid="invoice-total"
          >
            {formatEuro(summary.totalCents)}
          </Text>
          {isPartlyPaid(summary) && (
            <Text fz="sm" fw={600} data-testid="invoice-open">
              {invoiceMessages.openSum}: {formatEuro(summary.openCents)}
            </Text>
          )}
          <InvoiceActions summary={summary} title={title} invoice={invoice} onEdit={onEdit} />
          <RemindButton summary={summary} />
          <AuditHistoryLink objectType="invoice" objectId={summary.id} objectName={title} />
        </Stack>
      </Group>
      {invoice ? (
        <InvoiceDetails invoice={invoice} />
      ) : (
        <Loader size="sm" mt="md" aria-label={invoiceMessages.loading} />
      )}
      <SendingHistory document={{ kind: "invoice", id: summary.id }} enabled={summary.number !== null} />
    </Card>
  );
});
