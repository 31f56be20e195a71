import type { ContactRequest, DoneContactRequest } from "@klarwerk/kit";
import { formatCount } from "@klarwerk/kit/format";
import { QueryState } from "@klarwerk/kit/portal";
import { Button, Group, Paper, Table, Text, Title } from "@klarwerk/kit/ui";
import { type Ref, useId, useState } from "react";
import { dashboardMessages as messages } from "../messages";
import { RequestDetails } from "./RequestDetails";
import { RequestRow } from "./RequestRow";

const { columns } = messages;

export interface OpenRequestsProps {
  requests: ContactRequest[];
  /** Exact number of open requests on the server; null until known. */
  openCount: number | null;
  /** False until the first page arrived. */
  loaded: boolean;
  /** The last load (first page, refresh or next page) failed. */
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  refreshing: boolean;
  onLoadMore: () => void;
  onRefresh: () => void;
  onDone: (request: DoneContactRequest) => void;
  /** The section title; it takes the focus after the detail dialog closes. */
  titleRef?: Ref<HTMLHeadingElement>;
}

function RequestsBody({
  requests,
  loaded,
  failed,
  refreshing,
  onRefresh,
  onDone,
  onReply,
  titleId,
}: OpenRequestsProps & { titleId: string; onReply: (request: ContactRequest) => void }) {
  return (
    <QueryState
      loaded={loaded}
      error={failed || null}
      empty={requests.length === 0}
      onRetry={onRefresh}
      retrying={refreshing}
      texts={{
        loading: messages.loading,
        loadFailed: messages.loadFailed,
        empty: messages.empty,
        emptyHint: messages.emptyHint,
      }}
    >
      <Table className="dash-requests" aria-labelledby={titleId} verticalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className="dash-col-name">{columns.name}</Table.Th>
            <Table.Th className="dash-col-email">{columns.email}</Table.Th>
            <Table.Th className="dash-col-company">{columns.company}</Table.Th>
            <Table.Th>{columns.message}</Table.Th>
            <Table.Th className="dash-col-date">{columns.createdAt}</Table.Th>
            <Table.Th className="dash-col-action">
              <span className="dash-visually-hidden">{columns.action}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <RequestRow key={request.id} request={request} onDone={onDone} onReply={onReply} />
          ))}
        </Table.Tbody>
      </Table>
    </QueryState>
  );
}

/**
 * The table of open requests. The server sends them a page at a time; how many of how many are
 * shown is always said, and "Weitere Anfragen laden" fetches the next page, so no request is
 * ever out of reach.
 */
export function OpenRequests(props: OpenRequestsProps) {
  const titleId = useId();
  const { requests, openCount, loaded, hasMore, loadingMore, refreshing, onLoadMore, onRefresh, titleRef } = props;
  // "Antworten" opens the request's dialog here; it stays open after the reply took the request
  // out of the list, showing the reply.
  const [replying, setReplying] = useState<{ request: ContactRequest | null; opened: boolean }>({
    request: null,
    opened: false,
  });
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={2} size="h3" id={titleId} ref={titleRef} tabIndex={-1} className="dash-section-title">
            {messages.requestsTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {messages.requestsHint}
          </Text>
        </div>
        {loaded && (
          <Button variant="default" size="xs" onClick={onRefresh} loading={refreshing}>
            {messages.refresh}
          </Button>
        )}
      </Group>
      <RequestsBody {...props} titleId={titleId} onReply={(request) => setReplying({ request, opened: true })} />
      {loaded && requests.length > 0 && openCount !== null && (
        <Group justify="space-between" mt="md" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {messages.shown(formatCount(requests.length), formatCount(Math.max(openCount, requests.length)))}
          </Text>
          {hasMore && (
            <Button variant="light" onClick={onLoadMore} loading={loadingMore}>
              {messages.loadMore}
            </Button>
          )}
        </Group>
      )}
      <RequestDetails
        request={replying.request}
        opened={replying.opened}
        onClose={() => {
          setReplying((current) => ({ ...current, opened: false }));
          document.getElementById(titleId)?.focus();
        }}
      />
    </Paper>
  );
}
