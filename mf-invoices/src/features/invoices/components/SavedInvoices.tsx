import { type Invoice, type InvoicePage, invoiceReportMessages } from "@klarwerk/kit";
import { SearchIcon } from "@klarwerk/kit/icons";
import { Pager, QueryState, usePagedList } from "@klarwerk/kit/portal";
import { Badge, Button, Group, Stack, Text, TextInput, Title } from "@klarwerk/kit/ui";
import { memo, useEffect, useId, useState } from "react";
import { ageingOfLocation } from "../../../shared/ageing-link";
import { invoiceMessages, savedCountLabel } from "../../../shared/messages";
import { forgetSearchOfLocation, searchOfLocation } from "../../../shared/search-link";
import { invoicesQueryOptions } from "../api/get-invoices";
import { SavedInvoiceCard } from "./SavedInvoiceCard";

/** A page of the list as the kit's list state reads it. */
const invoiceRows = (answer: InvoicePage) => ({ items: answer.invoices, pages: answer.pages, total: answer.total });

/**
 * "Gespeicherte Rechnungen": the invoices on the server, newest first, a page at a time, searched
 * by number and customer; "Keine Rechnungen vorhanden." when there are none. Deleting the last
 * draft of the last page goes back a page (the kit's `usePagedList`).
 * Memoized: typing in the form above must not re-render every invoice's table.
 */
export const SavedInvoices = memo(function SavedInvoices({ onEdit }: { onEdit: (invoice: Invoice) => void }) {
  const headingId = useId();
  const [initialAgeing] = useState(ageingOfLocation);
  const [initialSearch] = useState(searchOfLocation);
  // Opened from a link of the "Auswertung" or a hit of the header's search: the list, not the form
  // above it, is what was asked for.
  useEffect(() => {
    if (initialAgeing !== null || initialSearch !== null) document.getElementById(headingId)?.scrollIntoView();
  }, [initialAgeing, initialSearch, headingId]);
  const list = usePagedList({
    query: ({ page, search, filter }) => invoicesQueryOptions({ page, search, ageing: filter }),
    pageOf: invoiceRows,
    filter: initialAgeing,
    searchDelayMs: 250,
  });
  const { setSearchText } = list;
  useEffect(() => {
    if (initialSearch === null) return;
    setSearchText(initialSearch);
    forgetSearchOfLocation();
  }, [initialSearch, setSearchText]);
  const { shown } = list;
  const ageing = list.params.filter;
  const showAll = () => {
    list.setFilter(null);
    const url = new URL(window.location.href);
    url.searchParams.delete("ageing");
    window.history.replaceState(window.history.state, "", url);
  };
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id={headingId}>
          {invoiceMessages.savedTitle}
        </Title>
        {shown && shown.total > 0 && (
          <Badge variant="light" size="lg">
            {savedCountLabel(shown.total)}
          </Badge>
        )}
      </Group>
      {ageing !== null && (
        <Group gap="sm" role="status">
          <Text fw={600}>{invoiceMessages.ageingFilter(invoiceReportMessages.ageing[ageing])}</Text>
          <Button variant="default" size="xs" onClick={showAll}>
            {invoiceMessages.ageingFilterOff}
          </Button>
        </Group>
      )}
      <TextInput
        type="search"
        label={invoiceMessages.search}
        placeholder={invoiceMessages.searchPlaceholder}
        leftSection={<SearchIcon />}
        maw={420}
        value={list.searchText}
        onChange={(event) => list.setSearchText(event.currentTarget.value)}
      />
      <QueryState
        {...list.state}
        texts={{
          loading: invoiceMessages.loading,
          loadFailed: invoiceMessages.loadFailed,
          empty: invoiceMessages.noInvoices,
        }}
      >
        {shown?.items.map((summary) => (
          <SavedInvoiceCard key={summary.id} summary={summary} onEdit={onEdit} />
        ))}
      </QueryState>
      {list.pager && <Pager {...list.pager} variant="numbers" label={invoiceMessages.pagination} />}
    </Stack>
  );
});
