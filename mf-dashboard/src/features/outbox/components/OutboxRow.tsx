import type { OutboxMail, OutboxMailState } from "@klarwerk/kit";
import { formatDateTime } from "@klarwerk/kit/format";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Badge, Button, Group, Table } from "@klarwerk/kit/ui";
import { useId } from "react";
import { useRetryMail } from "../api/retry-mail";
import { outboxMessages as messages } from "../messages";

const { columns } = messages;

/**
 * Each state's badge: Mantine's light tint as background, and a dark shade of the same hue as the
 * text, so the label reads at 4.5:1 or more (WCAG 1.4.3); the light variant's own text colour
 * (yellow and green at shade 6) did not. On the dark body a light shade (4) reads instead.
 */
const stateColors: Record<OutboxMailState, { color: string; text: string }> = {
  waiting: { color: "yellow", text: "light-dark(#6b4a00, var(--mantine-color-yellow-4))" },
  sent: { color: "green", text: "light-dark(#1b5e20, var(--mantine-color-green-4))" },
  failed: { color: "red", text: "light-dark(#a11d1d, var(--mantine-color-red-4))" },
  cancelled: { color: "gray", text: "light-dark(#3b3f45, var(--mantine-color-gray-4))" },
};

interface OutboxRowProps {
  mail: OutboxMail;
  onShow: (mail: OutboxMail) => void;
}

/** One mail of the outbox; "Erneut senden" only for mails whose delivery failed for good. */
export function OutboxRow({ mail, onShow }: OutboxRowProps) {
  const subjectId = useId();
  const retry = useRetryMail({
    onSuccess: () => notifySuccess(messages.resent),
    onError: (error) => notifyError(messages.resendFailed, error.message),
  });
  return (
    <Table.Tr>
      <Table.Td data-label={columns.state}>
        <Badge color={stateColors[mail.state].color} c={stateColors[mail.state].text} variant="light" radius="sm">
          {messages.states[mail.state]}
        </Badge>
      </Table.Td>
      <Table.Td data-label={columns.to} className="dash-wrap">
        {mail.to}
      </Table.Td>
      <Table.Td data-label={columns.subject} className="dash-wrap" id={subjectId}>
        {mail.subject}
      </Table.Td>
      <Table.Td data-label={columns.createdAt} className="dash-nowrap">
        <time dateTime={mail.created_at}>{formatDateTime(mail.created_at)}</time>
      </Table.Td>
      <Table.Td data-label={columns.attempts}>{mail.attempts}</Table.Td>
      <Table.Td data-label={columns.lastError} className="dash-wrap">
        {mail.last_error ?? messages.noValue}
      </Table.Td>
      <Table.Td data-label={columns.actions} className="dash-action">
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button size="xs" variant="default" aria-describedby={subjectId} onClick={() => onShow(mail)}>
            {messages.show}
          </Button>
          {mail.state === "failed" && (
            <Button
              size="xs"
              variant="light"
              aria-describedby={subjectId}
              loading={retry.isPending}
              onClick={() => retry.mutate(mail.id)}
            >
              {messages.resend}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
