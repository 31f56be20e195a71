import type { OutboxMail } from "@klarwerk/kit";
import { formatDateTime } from "@klarwerk/kit/format";
import { Button, Code, DataList, Group, List, Modal, Text } from "@klarwerk/kit/ui";
import { outboxMessages as messages } from "../messages";

const { details } = messages;

interface OutboxMailDetailsProps {
  /** The mail shown; kept while the dialog closes so its content does not vanish mid-animation. */
  mail: OutboxMail | null;
  opened: boolean;
  onClose: () => void;
}

/** One mail as it was (or will be) sent: headers, the plain text, and every failed attempt. */
export function OutboxMailDetails({ mail, opened, onClose }: OutboxMailDetailsProps) {
  return (
    <Modal
      opened={opened && mail !== null}
      onClose={onClose}
      title={details.title}
      size="xl"
      radius="lg"
      closeButtonProps={{ "aria-label": details.close }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {mail && (
        <>
          <DataList labelWidth="10rem" gap="sm" withDivider>
            <DataList.Item>
              <DataList.ItemLabel>{details.to}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-wrap">{mail.to}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{details.replyTo}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-wrap">{mail.reply_to ?? messages.noValue}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{details.subject}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-wrap">{mail.subject}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{details.state}</DataList.ItemLabel>
              <DataList.ItemValue>{messages.states[mail.state]}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{details.createdAt}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(mail.created_at)}</DataList.ItemValue>
            </DataList.Item>
            {mail.sent_at && (
              <DataList.Item>
                <DataList.ItemLabel>{details.sentAt}</DataList.ItemLabel>
                <DataList.ItemValue>{formatDateTime(mail.sent_at)}</DataList.ItemValue>
              </DataList.Item>
            )}
            {mail.next_attempt_at && (
              <DataList.Item>
                <DataList.ItemLabel>{details.nextAttemptAt}</DataList.ItemLabel>
                <DataList.ItemValue>{formatDateTime(mail.next_attempt_at)}</DataList.ItemValue>
              </DataList.Item>
            )}
            <DataList.Item>
              <DataList.ItemLabel>{details.attempts}</DataList.ItemLabel>
              <DataList.ItemValue>{mail.attempts}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
          {mail.failures.length > 0 && (
            <>
              <Text fw={600} mt="lg" mb="xs">
                {details.failures}
              </Text>
              <List size="sm" spacing={4}>
                {mail.failures.map((failure) => (
                  <List.Item key={failure.at} className="dash-wrap">
                    {formatDateTime(failure.at)}: {failure.reason}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          <Text fw={600} mt="lg" mb="xs">
            {details.text}
          </Text>
          <Code block className="dash-mail-text" aria-label={details.text}>
            {mail.text}
          </Code>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              {details.close}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
