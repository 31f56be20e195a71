import type { OutboxMail } from "@klarwerk/kit";
import { QueryState } from "@klarwerk/kit/portal";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Alert, Button, Group, Paper, Table } from "@klarwerk/kit/ui";
import { useState } from "react";
import { AdminScreenState } from "../../shared/components/AdminScreenState";
import { useOutbox } from "./api/get-outbox";
import { OutboxMailDetails } from "./components/OutboxMailDetails";
import { OutboxRow } from "./components/OutboxRow";
import { outboxMessages as messages } from "./messages";
import "../../shared/dashboard.css";

const { columns } = messages;

/**
 * "Postausgang", for admins (the shell's route guard shows everyone else "Kein Zugriff"): every
 * mail the portal wrote, newest first, with its state and failures; a failed one can be sent again.
 */
export default function Outbox() {
  const outbox = useOutbox();
  const [shown, setShown] = useState<{ mail: OutboxMail | null; opened: boolean }>({ mail: null, opened: false });

  const mails = outbox.data?.mails ?? [];
  // The dialog shows the mail as now cached, so a retry there is seen at once.
  const shownMail = mails.find((mail) => mail.id === shown.mail?.id) ?? shown.mail;

  return (
    <>
      <ScreenHeader title={messages.title} description={messages.description} />
      {outbox.data && !outbox.data.mail_configured && (
        <Alert color="yellow" title={messages.notConfigured} mb="lg" radius="lg">
          {messages.notConfiguredText}
        </Alert>
      )}
      <AdminScreenState query={outbox} messages={messages} />
      {outbox.data && (
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <Group justify="flex-end" mb="sm">
            <Button variant="default" size="xs" onClick={() => void outbox.refetch()} loading={outbox.isRefetching}>
              {messages.refresh}
            </Button>
          </Group>
          <QueryState loaded empty={mails.length === 0} texts={{ empty: messages.empty }}>
            {/* Cards below 62em (dashboard.css), as the open requests are. */}
            <Table.ScrollContainer minWidth={720} className="dash-cards-scroll">
              <Table aria-label={messages.tableLabel} verticalSpacing="sm" highlightOnHover className="dash-cards">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{columns.state}</Table.Th>
                    <Table.Th>{columns.to}</Table.Th>
                    <Table.Th>{columns.subject}</Table.Th>
                    <Table.Th>{columns.createdAt}</Table.Th>
                    <Table.Th>{columns.attempts}</Table.Th>
                    <Table.Th>{columns.lastError}</Table.Th>
                    <Table.Th>
                      <span className="dash-visually-hidden">{columns.actions}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {mails.map((mail) => (
                    <OutboxRow
                      key={mail.id}
                      mail={mail}
                      onShow={(chosen) => setShown({ mail: chosen, opened: true })}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </QueryState>
        </Paper>
      )}
      <OutboxMailDetails
        mail={shownMail}
        opened={shown.opened}
        onClose={() => setShown((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}
