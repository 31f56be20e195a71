import {
  formatEuro,
  type QuotePage,
  type QuoteStatus,
  type QuoteSummary,
  quoteLabels,
  quoteStatuses,
} from "@klarwerk/kit";
import { DownloadIcon, SearchIcon } from "@klarwerk/kit/icons";
import { notifyError, notifySuccess, Pager, QueryState, usePagedList } from "@klarwerk/kit/portal";
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useDisclosure,
} from "@klarwerk/kit/ui";
import { useId, useState } from "react";
import { LazySendDocumentDialog } from "../../../shared/components/LazySendDocumentDialog";
import { SendingHistory } from "../../../shared/components/SendingHistory";
import { formatGermanDate } from "../../../shared/model/dates";
import { sendingUiMessages } from "../../../shared/sending-messages";
import { downloadQuotePdf, quotesQueryOptions, useConvertQuote, useDecideQuote } from "../api/quotes";
import { quoteScreenMessages as messages, quoteStatusText } from "../messages";

/** Dark shades, so the white badge text keeps WCAG AA contrast (as the invoices' badges). */
const statusColors: Record<QuoteStatus, string> = {
  draft: "gray.7",
  open: "blue.8",
  accepted: "teal.9",
  rejected: "red.9",
  expired: "dark.6",
};

const quoteRows = (answer: QuotePage) => ({ items: answer.quotes, pages: answer.pages, total: answer.total });

const statusOptions = [
  { value: "", label: messages.allStatuses },
  ...quoteStatuses.map((status) => ({ value: status, label: quoteStatusText(status) })),
];

function Field({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text fz="xs" fw={700} c="dimmed">
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

/** One quote: number, customer, dates, amount, status; and what can be done with it now. */
function QuoteCard({ quote, onEdit }: { quote: QuoteSummary; onEdit: (id: number) => void }) {
  const headingId = useId();
  const [partial, setPartial] = useState(false);
  const [busy, setBusy] = useState(false);
  const [mailing, mail] = useDisclosure(false);
  const decide = useDecideQuote({
    onSuccess: (_, { decision }) => notifySuccess(decision === "accept" ? messages.accepted : messages.rejected),
    onError: (error) => notifyError(error.message),
  });
  const convert = useConvertQuote({
    onSuccess: () => {
      setPartial(false);
      notifySuccess(messages.converted);
    },
    onError: (error) => notifyError(error.message),
  });
  const converted = quote.invoices.length > 0;
  const convertible = quote.status === "open" || quote.status === "accepted" || quote.status === "expired";
  const download = async () => {
    if (quote.number === null) return;
    setBusy(true);
    try {
      await downloadQuotePdf(quote.id, quote.number);
    } catch (error) {
      notifyError(messages.downloadFailed, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="md" padding="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {quote.number ?? messages.draft}
        </Title>
        <Badge color={statusColors[quote.status]} variant="filled">
          {quoteStatusText(quote.status)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="sm">
        <Field label={messages.customer}>{quote.recipientName || "–"}</Field>
        <Field label={messages.date}>{formatGermanDate(quote.issueDate)}</Field>
        <Field label={messages.validUntil}>{quote.validUntil ? formatGermanDate(quote.validUntil) : "–"}</Field>
        <Field label={messages.amount}>{formatEuro(quote.totalCents)}</Field>
      </SimpleGrid>
      {converted && (
        <Text mt="sm" fz="sm">
          {messages.invoices}:{" "}
          {quote.invoices.map((invoice, index) => (
            <span key={invoice.id}>
              {index > 0 && ", "}
              <Anchor href="/invoices" c="inherit" underline="always">
                {invoice.number ?? messages.invoiceDraft}
              </Anchor>
            </span>
          ))}
        </Text>
      )}
      <Group mt="md" gap="sm" wrap="wrap">
        {quote.status === "draft" && (
          <Button variant="default" onClick={() => onEdit(quote.id)}>
            {messages.edit}
          </Button>
        )}
        {quote.number !== null && (
          <>
            <Button variant="default" leftSection={<DownloadIcon />} loading={busy} onClick={download}>
              {messages.downloadPdf}
            </Button>
            <Button variant="default" onClick={mail.open}>
              {sendingUiMessages.send}
            </Button>
          </>
        )}
        {quote.status === "open" && (
          <>
            <Button
              variant="default"
              loading={decide.isPending && decide.variables?.decision === "accept"}
              onClick={() => decide.mutate({ id: quote.id, decision: "accept" })}
            >
              {messages.accept}
            </Button>
            <Button
              variant="default"
              loading={decide.isPending && decide.variables?.decision === "reject"}
              onClick={() => decide.mutate({ id: quote.id, decision: "reject" })}
            >
              {messages.reject}
            </Button>
          </>
        )}
        {quote.status === "expired" && (
          <Button variant="default" onClick={() => decide.mutate({ id: quote.id, decision: "reject" })}>
            {messages.reject}
          </Button>
        )}
        {convertible && (
          <>
            {converted && (
              <Checkbox
                label={messages.partial}
                checked={partial}
                onChange={(event) => setPartial(event.currentTarget.checked)}
              />
            )}
            <Button
              loading={convert.isPending}
              disabled={converted && !partial}
              onClick={() => convert.mutate({ id: quote.id, partial })}
            >
              {messages.convert}
            </Button>
          </>
        )}
      </Group>
      <SendingHistory document={{ kind: "quote", id: quote.id }} enabled={quote.number !== null} />
      {mailing && quote.number !== null && (
        <LazySendDocumentDialog
          document={{ kind: "quote", id: quote.id }}
          title={`${quoteLabels.quote} ${quote.number}`}
          opened={mailing}
          onClose={mail.close}
        />
      )}
    </Card>
  );
}

/** „Gespeicherte Angebote“: newest first, a page at a time, searched and filtered by status. */
export function QuoteList({ onEdit }: { onEdit: (id: number) => void }) {
  const headingId = useId();
  const list = usePagedList({
    query: ({ page, search, filter }) => quotesQueryOptions({ page, search, status: filter }),
    pageOf: quoteRows,
    filter: null as QuoteStatus | null,
    searchDelayMs: 250,
  });
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {messages.listTitle}
      </Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label={messages.search}
          placeholder={messages.searchPlaceholder}
          leftSection={<SearchIcon />}
          w={{ base: "100%", xs: 320 }}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.currentTarget.value)}
        />
        <NativeSelect
          label={messages.statusFilter}
          data={statusOptions}
          w={{ base: "100%", xs: 200 }}
          value={list.params.filter ?? ""}
          onChange={(event) => {
            const value = event.currentTarget.value;
            list.setFilter(quoteStatuses.find((status) => status === value) ?? null);
          }}
        />
      </Group>
      <QueryState
        {...list.state}
        texts={{ loading: messages.loading, loadFailed: messages.loadFailed, empty: messages.empty }}
      >
        {list.shown?.items.map((quote) => (
          <QuoteCard key={quote.id} quote={quote} onEdit={onEdit} />
        ))}
      </QueryState>
      {list.pager && <Pager {...list.pager} variant="numbers" label={messages.pagination} />}
    </Stack>
  );
}
