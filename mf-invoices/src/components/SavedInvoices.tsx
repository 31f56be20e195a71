import type { Invoice } from "@klarwerk/kit";
import { SearchIcon } from "@klarwerk/kit/icons";
import {
  Alert,
  Badge,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  useDebouncedValue,
} from "@klarwerk/kit/ui";
import { memo, useId, useState } from "react";
import { useInvoices } from "../api/get-invoices";
import { invoiceMessages, pageLabel, savedCountLabel } from "../messages";
import { SavedInvoiceCard } from "./SavedInvoiceCard";

/**
 * "Gespeicherte Rechnungen": the invoices on the server, newest first, a page at a time, searched
 * by number and customer; "Keine Rechnungen vorhanden." when there are none.
 * Memoized: typing in the form above must not re-render every invoice's table.
 */
export const SavedInvoices = memo(function SavedInvoices({ onEdit }: { onEdit: (invoice: Invoice) => void }) {
  const headingId = useId();
  const [text, setText] = useState("");
  const [search] = useDebouncedValue(text.trim(), 250);
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useInvoices({ page, search });
  const invoices = data?.invoices ?? [];
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id={headingId}>
          {invoiceMessages.savedTitle}
        </Title>
        {data && data.total > 0 && (
          <Badge variant="light" size="lg">
            {savedCountLabel(data.total)}
          </Badge>
        )}
      </Group>
      <TextInput
        type="search"
        label={invoiceMessages.search}
        placeholder={invoiceMessages.searchPlaceholder}
        leftSection={<SearchIcon />}
        maw={420}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setPage(1);
        }}
      />
      {isError && (
        <Alert color="red" variant="light">
          {invoiceMessages.loadFailed}
        </Alert>
      )}
      {isPending ? (
        <Text c="gray.7">{invoiceMessages.loading}</Text>
      ) : invoices.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" bg="gray.0">
          <Text c="gray.7" ta="center">
            {invoiceMessages.noInvoices}
          </Text>
        </Paper>
      ) : (
        invoices.map((summary) => <SavedInvoiceCard key={summary.id} summary={summary} onEdit={onEdit} />)
      )}
      {data && data.pages > 1 && (
        <Pagination
          total={data.pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ "aria-label": invoiceMessages.pageControls[control] })}
          getItemProps={(number) => ({ "aria-label": pageLabel(number) })}
        />
      )}
    </Stack>
  );
});
