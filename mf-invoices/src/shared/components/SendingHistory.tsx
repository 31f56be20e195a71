import { type DocumentSending, sendingSummary } from "@klarwerk/kit";
import { Badge, Group, List, Text } from "@klarwerk/kit/ui";
import { useId } from "react";
import { type MailedDocument, useDocumentSendings } from "../api/document-mail";
import { sendingUiMessages as messages } from "../sending-messages";

function StateBadges({ sending }: { sending: DocumentSending }) {
  const waiting = sending.recipients.filter((recipient) => recipient.state === "waiting");
  const failed = sending.recipients.filter((recipient) => recipient.state === "failed");
  return (
    <>
      {waiting.length > 0 && (
        <Badge variant="outline" color="gray.7" c="var(--mantine-color-text)">
          {messages.waiting}
        </Badge>
      )}
      {failed.length > 0 && (
        <Badge variant="outline" color="red.9" c="var(--mantine-color-error)">
          {messages.failed}: {failed.map((recipient) => recipient.address).join(", ")}
        </Badge>
      )}
    </>
  );
}

/** „Versand“ on an issued invoice or quote: each sending as „versendet am … an …“, newest first; nothing before the first. */
export function SendingHistory({ document, enabled }: { document: MailedDocument; enabled: boolean }) {
  const headingId = useId();
  const { data } = useDocumentSendings(document, enabled);
  if (!data || data.sendings.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid={`${document.kind}-sendings`}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase" mt="md" id={headingId} style={{ letterSpacing: "0.04em" }}>
        {messages.history}
      </Text>
      <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
        {data.sendings.map((sending) => (
          <List.Item key={sending.id} style={{ overflowWrap: "anywhere" }}>
            <Group gap={6} wrap="wrap">
              <Text fz="sm" component="span">
                {sendingSummary(sending)}
              </Text>
              <Text fz="sm" c="dimmed" component="span">
                ({messages.by(sending.sentByName)})
              </Text>
              <StateBadges sending={sending} />
            </Group>
          </List.Item>
        ))}
      </List>
    </section>
  );
}
