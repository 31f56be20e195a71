import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { memo, useId } from "react";
import type { Invoice } from "../invoice/types";
import { invoiceMessages, savedCountLabel } from "../messages";
import { SavedInvoiceCard } from "./SavedInvoiceCard";

/**
 * "Gespeicherte Rechnungen": the saved invoices, newest first, or "Keine Rechnungen vorhanden.".
 * Memoized: typing in the form above must not re-render every saved invoice's table.
 */
export const SavedInvoices = memo(function SavedInvoices({ invoices }: { invoices: Invoice[] }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id={headingId}>
          {invoiceMessages.savedTitle}
        </Title>
        {invoices.length > 0 && (
          <Badge variant="light" size="lg">
            {savedCountLabel(invoices.length)}
          </Badge>
        )}
      </Group>
      {invoices.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" bg="gray.0">
          <Text c="gray.7" ta="center">
            {invoiceMessages.noInvoices}
          </Text>
        </Paper>
      ) : (
        invoices.map((invoice) => <SavedInvoiceCard key={invoice.id} invoice={invoice} />)
      )}
    </Stack>
  );
});
