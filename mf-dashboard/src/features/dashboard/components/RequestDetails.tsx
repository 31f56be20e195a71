import type { ContactRequest, ContactRequestDetail, DoneContactRequest } from "@klarwerk/kit";
import { formatDateTime } from "@klarwerk/kit/format";
import { Anchor, Button, DataList, Divider, Group, Modal, Paper, Stack, Text, Title } from "@klarwerk/kit/ui";
import { useRequest } from "../api/get-request";
import { dashboardMessages as messages, replyMessages } from "../messages";
import { ReplyForm } from "./ReplyForm";
import { RequestCustomer } from "./RequestCustomer";

interface RequestDetailsProps {
  /** The request shown; kept while the dialog closes so its content does not vanish mid-animation. */
  request: ContactRequest | DoneContactRequest | null;
  opened: boolean;
  onClose: () => void;
}

/** What the dialog shows before the server's details arrive: the list's request, no replies yet. */
function placeholderOf(request: ContactRequest | DoneContactRequest): ContactRequestDetail {
  if ("done_at" in request) return { ...request, replies: [], customer_matches: [] };
  return { ...request, done_at: null, done_by: null, replies: [], customer_matches: [] };
}

/**
 * One request: every field, who marked it done and when, the replies sent from the portal, and
 * "Antworten". Opens after "Erledigt" and from an open request's "Antworten".
 */
export function RequestDetails({ request, opened, onClose }: RequestDetailsProps) {
  const stored = useRequest(request?.id ?? null, opened);
  const detail = stored.data ?? (request ? placeholderOf(request) : null);
  return (
    <Modal
      opened={opened && detail !== null}
      onClose={onClose}
      title={detail?.is_done === false ? replyMessages.openTitle : messages.details.title}
      size="lg"
      radius="lg"
      // The row whose button had the focus may be gone: the screen moves focus itself on close.
      returnFocus={false}
      closeButtonProps={{ "aria-label": messages.details.close }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {detail && (
        <>
          <DataList
            labelWidth="8rem"
            gap="sm"
            withDivider
            styles={{ itemLabel: { color: "var(--mantine-color-dimmed)" } }}
          >
            <DataList.Item>
              <DataList.ItemLabel>{messages.columns.name}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-wrap">{detail.name}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{messages.columns.email}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-wrap">
                <Anchor href={`mailto:${detail.email}`} inherit>
                  {detail.email}
                </Anchor>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{messages.columns.company}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-wrap">{detail.company || messages.noValue}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{messages.details.receivedAt}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(detail.created_at)}</DataList.ItemValue>
            </DataList.Item>
            {detail.done_at && (
              <>
                <DataList.Item>
                  <DataList.ItemLabel>{messages.details.doneAt}</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDateTime(detail.done_at)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{messages.details.doneBy}</DataList.ItemLabel>
                  <DataList.ItemValue>{detail.done_by?.name ?? messages.details.unknownUser}</DataList.ItemValue>
                </DataList.Item>
              </>
            )}
            <DataList.Item>
              <DataList.ItemLabel>{messages.columns.message}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-message">{detail.message}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
          {stored.data && (
            <Stack mt="md">
              <RequestCustomer request={stored.data} />
            </Stack>
          )}
          <Divider my="lg" />
          <Stack gap="sm" component="section" aria-label={replyMessages.repliesTitle}>
            <Title order={3} size="h5">
              {replyMessages.repliesTitle}
            </Title>
            {stored.isError && (
              <Text c="var(--mantine-color-error)" size="sm" role="alert">
                {replyMessages.loadFailed}
              </Text>
            )}
            {stored.data && detail.replies.length === 0 && (
              <Text c="dimmed" size="sm">
                {replyMessages.noReplies}
              </Text>
            )}
            {detail.replies.map((reply) => (
              <Paper key={reply.id} withBorder radius="md" p="sm" component="article">
                <Text size="xs" c="dimmed" mb={4}>
                  {replyMessages.sentBy(reply.sent_by.name, formatDateTime(reply.created_at))}
                </Text>
                <Text size="sm" className="dash-message">
                  {reply.message}
                </Text>
              </Paper>
            ))}
            {stored.data && <ReplyForm request={stored.data} />}
          </Stack>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              {messages.details.close}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
