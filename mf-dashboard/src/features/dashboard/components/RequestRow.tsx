import type { ContactRequest, DoneContactRequest } from "@klarwerk/kit";
import { formatDateTime } from "@klarwerk/kit/format";
import { notifyError } from "@klarwerk/kit/portal";
import { Anchor, Button, Group, Spoiler, Table, Text } from "@klarwerk/kit/ui";
import { useId } from "react";
import { useMarkRequestDone } from "../api/mark-request-done";
import { customerPath, dashboardMessages as messages, replyMessages, takeOverMessages } from "../messages";

const { columns } = messages;

function reasonOf(error: Error): string {
  return error.message || messages.unknownError;
}

interface RequestRowProps {
  request: ContactRequest;
  onDone: (request: DoneContactRequest) => void;
  /** "Antworten": opens the request's dialog with the reply form. */
  onReply: (request: ContactRequest) => void;
}

/**
 * One open request. Everything in it was typed by a visitor and is rendered as React text, never
 * as HTML. Each row has its own mutation, so several can be marked at once, each with its own
 * spinner. `data-label` names the cell on narrow screens, where rows become cards.
 */
export function RequestRow({ request, onDone, onReply }: RequestRowProps) {
  const nameId = useId();
  const markDone = useMarkRequestDone({
    onSuccess: onDone,
    onError: (error) => notifyError(messages.updateFailed(reasonOf(error))),
  });
  return (
    <Table.Tr>
      <Table.Td data-label={columns.name} className="dash-wrap">
        <Text span inherit fw={600} id={nameId}>
          {request.name}
        </Text>
        {request.customer && (
          <Text size="xs" mt={4} data-testid="request-row-customer">
            {`${takeOverMessages.label}: `}
            <Anchor href={customerPath(request.customer.id)} inherit>
              {request.customer.name}
            </Anchor>
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={columns.email} className="dash-wrap">
        <Anchor href={`mailto:${request.email}`} size="sm">
          {request.email}
        </Anchor>
      </Table.Td>
      <Table.Td data-label={columns.company} className="dash-wrap">
        {request.company || messages.noValue}
      </Table.Td>
      <Table.Td data-label={columns.message} className="dash-message-cell">
        <Spoiler
          maxHeight={88}
          showLabel={messages.showMore}
          hideLabel={messages.showLess}
          transitionDuration={0}
          className="dash-message"
          classNames={{ control: "dash-spoiler-control" }}
        >
          {request.message}
        </Spoiler>
      </Table.Td>
      <Table.Td data-label={columns.createdAt} className="dash-nowrap">
        <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
      </Table.Td>
      <Table.Td data-label={columns.action} className="dash-action">
        {/* One under the other where the column is narrow: two labels side by side were cut to „An“ and „Er“. */}
        <Group gap={6} justify="flex-end">
          <Button size="xs" variant="default" aria-describedby={nameId} onClick={() => onReply(request)}>
            {replyMessages.open}
          </Button>
          <Button
            size="xs"
            variant="light"
            aria-describedby={nameId}
            loading={markDone.isPending}
            onClick={() => markDone.mutate(request.id)}
          >
            {messages.markDone}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
