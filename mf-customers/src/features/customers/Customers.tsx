import { formatCount } from "@klarwerk/kit/format";
import { PlusIcon, SearchIcon, UploadIcon } from "@klarwerk/kit/icons";
import "./customers.css";
import { type Customer, customerStatuses, customerStatusLabel } from "@klarwerk/kit";
import { Pager, QueryState } from "@klarwerk/kit/portal";
import { useQuery } from "@klarwerk/kit/query";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Button, Group, Loader, NativeSelect, Paper, Text, TextInput } from "@klarwerk/kit/ui";
import { useEffect, useId, useState } from "react";
import { customerTagsQuery } from "./api/customer-page";
import { useCustomerList } from "./api/use-customer-list";
import { CustomerDialog } from "./components/CustomerDialog";
import { CustomerTable } from "./components/CustomerTable";
import { ExportMenu } from "./components/ExportMenu";
import { ImportDialog } from "./components/ImportDialog";
import { customerImportScreenMessages, customerScreenMessages as messages } from "./messages";

const statusFilterOptions = [
  { value: "", label: messages.allStatuses },
  ...customerStatuses.map((status) => ({ value: status, label: customerStatusLabel(status) })),
];

interface DialogState {
  opened: boolean;
  customer: Customer | null;
  session: number;
}

export default function Customers() {
  const searchHintId = useId();
  const list = useCustomerList();
  const tags = useQuery(customerTagsQuery);
  const tagFilterOptions = [
    { value: "", label: messages.allTags },
    ...(tags.data?.tags ?? []).map(({ tag }) => ({ value: tag, label: tag })),
  ];
  const { shown, loading, params } = list;
  const [dialog, setDialog] = useState<DialogState>({ opened: false, customer: null, session: 0 });
  const [importing, setImporting] = useState(false);

  // A load that fails while a page is shown leaves that page; the console says why.
  useEffect(() => {
    if (list.error) console.error(messages.loadFailedLog, list.error);
  }, [list.error]);

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
              aria-describedby={searchHintId}
              leftSection={<SearchIcon size={16} />}
              value={list.searchText}
              onChange={(event) => list.setSearchText(event.currentTarget.value)}
              className="cust-search"
            />
            <NativeSelect
              aria-label={messages.statusFilter}
              data={statusFilterOptions}
              value={params.filter.status}
              onChange={(event) => list.setFilter({ ...params.filter, status: event.currentTarget.value })}
              className="cust-status-filter"
            />
            <NativeSelect
              aria-label={messages.tagFilter}
              data={tagFilterOptions}
              value={params.filter.tag}
              onChange={(event) => list.setFilter({ ...params.filter, tag: event.currentTarget.value })}
              className="cust-status-filter"
            />
          </Group>
          <Group gap="sm" className="cust-actions">
            <Button variant="default" leftSection={<UploadIcon size={16} />} onClick={() => setImporting(true)}>
              {customerImportScreenMessages.open}
            </Button>
            <ExportMenu search={params.search} status={params.filter.status} tag={params.filter.tag} />
            <Button leftSection={<PlusIcon size={16} />} onClick={() => openDialog(null)}>
              {messages.newCustomer}
            </Button>
          </Group>
        </Group>

        <Text id={searchHintId} size="xs" c="dimmed" mt={-8} mb="xs">
          {messages.searchHint}
        </Text>

        {/* Before the first page the table's place says "Lade Kunden..."; afterwards this line does. */}
        <Group gap={8} mb="xs" mih={24} role="status" aria-live="polite">
          {shown && loading && <Loader size={14} />}
          <Text size="sm" c="dimmed">
            {shown &&
              (loading
                ? messages.loading
                : !shown.totalExact
                  ? messages.countOver(formatCount(shown.total))
                  : messages.count(formatCount(shown.total)))}
          </Text>
        </Group>

        <QueryState
          {...list.state}
          texts={{
            loading: messages.loading,
            loadFailed: messages.loadFailed,
            empty: messages.empty,
            emptyHint:
              params.search !== "" || params.filter.status !== "" || params.filter.tag !== ""
                ? messages.emptyFilteredHint
                : messages.emptyHint,
          }}
        >
          <CustomerTable customers={shown?.items ?? []} loading={loading} onEdit={openDialog} />
        </QueryState>
        {list.pager && (
          <Pager {...list.pager} pagesExact={shown?.totalExact !== false} variant="steps" label={messages.pagination} />
        )}
      </Paper>

      <ImportDialog opened={importing} onClose={() => setImporting(false)} />

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
