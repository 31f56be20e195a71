import { formatCount } from "@klarwerk/kit/format";
import { PlusIcon, SearchIcon } from "@klarwerk/kit/icons";
import "../customers.css";
import { type Customer, type CustomerPage, customerStatuses, customerStatusLabel } from "@klarwerk/kit";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Button, Group, Loader, NativeSelect, Paper, Text, TextInput, useDebouncedValue } from "@klarwerk/kit/ui";
import { useEffect, useState } from "react";
import { type CustomerListFilter, useCustomers } from "../api/get-customers";
import { CustomerDialog } from "../components/CustomerDialog";
import { CustomerTable } from "../components/CustomerTable";
import { PageControls } from "../components/PageControls";
import { customerScreenMessages as messages } from "../messages";

/** Typing pauses this long before the list is searched: no request per keystroke. */
const searchDelayMs = 300;

const statusFilterOptions = [
  { value: "", label: messages.allStatuses },
  ...customerStatuses.map((status) => ({ value: status, label: customerStatusLabel(status) })),
];

/**
 * The page on screen: the last one that arrived. It stays while the next one loads, and when a
 * load fails, which is only logged to the console: the list stays as it was and loading ends.
 */
function useShownPage(filter: CustomerListFilter): { shown: CustomerPage | null; loading: boolean } {
  const query = useCustomers(filter);
  const [shown, setShown] = useState<CustomerPage | null>(null);

  useEffect(() => {
    if (query.data && !query.isPlaceholderData) setShown(query.data);
  }, [query.data, query.isPlaceholderData]);

  useEffect(() => {
    if (query.error) console.error(messages.loadFailedLog, query.error);
  }, [query.error]);

  return { shown: shown ?? query.data ?? null, loading: query.isFetching };
}

interface DialogState {
  opened: boolean;
  customer: Customer | null;
  session: number;
}

export default function Customers() {
  const [searchText, setSearchText] = useState("");
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), searchDelayMs);
  const [filter, setFilter] = useState<CustomerListFilter>({ page: 1, search: "", status: "" });
  const [dialog, setDialog] = useState<DialogState>({ opened: false, customer: null, session: 0 });

  // A new search or status starts again on page 1: keeping the page would show an empty page
  // after the list was narrowed to fewer pages.
  useEffect(() => {
    setFilter((current) =>
      current.search === debouncedSearch ? current : { ...current, search: debouncedSearch, page: 1 },
    );
  }, [debouncedSearch]);

  const { shown, loading } = useShownPage(filter);
  const pages = shown?.pages ?? 1;

  // The list shrank under the current page (a customer changed status under a filter): show its last page.
  useEffect(() => {
    if (shown && filter.page > shown.pages) setFilter((current) => ({ ...current, page: shown.pages }));
  }, [shown, filter.page]);

  const openDialog = (customer: Customer | null) =>
    setDialog((current) => ({ opened: true, customer, session: current.session + 1 }));

  return (
    <>
      <ScreenHeader title={messages.title} description={messages.description} />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} shadow="xs">
        <Group justify="space-between" align="flex-end" gap="sm" mb="md">
          <Group gap="sm" align="flex-end" className="cust-filters">
            <TextInput
              type="search"
              aria-label={messages.search}
              placeholder={messages.search}
              leftSection={<SearchIcon size={16} />}
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
              className="cust-search"
            />
            <NativeSelect
              aria-label={messages.statusFilter}
              data={statusFilterOptions}
              value={filter.status}
              onChange={(event) => {
                const status = event.currentTarget.value;
                setFilter((current) => ({ ...current, status, page: 1 }));
              }}
              className="cust-status-filter"
            />
          </Group>
          <Button leftSection={<PlusIcon size={16} />} onClick={() => openDialog(null)}>
            {messages.newCustomer}
          </Button>
        </Group>

        {/* Before the first page the table's place says "Lade Kunden..."; afterwards this line does. */}
        <Group gap={8} mb="xs" mih={24} role="status" aria-live="polite">
          {shown && loading && <Loader size={14} />}
          <Text size="sm" c="dimmed">
            {shown &&
              (loading
                ? messages.loading
                : shown.total_exact === false
                  ? messages.countOver(formatCount(shown.total))
                  : messages.count(formatCount(shown.total)))}
          </Text>
        </Group>

        <CustomerTable
          customers={shown?.customers ?? null}
          loading={loading}
          filtered={filter.search !== "" || filter.status !== ""}
          onEdit={openDialog}
        />
        {shown && (
          <PageControls
            page={filter.page}
            pages={pages}
            pagesExact={shown.total_exact !== false}
            onPage={(page) => setFilter((current) => ({ ...current, page }))}
          />
        )}
      </Paper>

      <CustomerDialog
        opened={dialog.opened}
        customer={dialog.customer}
        session={dialog.session}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
        onClosed={() => setDialog((current) => (current.opened ? current : { ...current, customer: null }))}
      />
    </>
  );
}
