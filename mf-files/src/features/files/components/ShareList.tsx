import type { ShareLink } from "@klarwerk/kit";
import { formatDateTime } from "@klarwerk/kit/format";
import { notifyError, notifySuccess, QueryState } from "@klarwerk/kit/portal";
import { Badge, Button, Group, Modal, modals, Stack, Table, Text, Title } from "@klarwerk/kit/ui";
import { useState } from "react";
import { useRevokeShareLink, useShareLinkAccesses, useShareLinks } from "../api/share-links";
import { filesMessages as messages } from "../messages";
import { ShareMaxDaysForm } from "./ShareMaxDaysForm";

/** The badge of each status, its text dark enough on the light badge (as the outbox's states). */
const green = { color: "green", text: "light-dark(#1b5e20, var(--mantine-color-green-4))" };
const gray = { color: "gray", text: "light-dark(#3b3f45, var(--mantine-color-gray-4))" };
const statusColor: Record<ShareLink["status"], { color: string; text: string }> = {
  active: green,
  expired: gray,
  revoked: gray,
  locked: { color: "red", text: "light-dark(#a11d1d, var(--mantine-color-red-4))" },
  used_up: { color: "yellow", text: "light-dark(#6b4a00, var(--mantine-color-yellow-4))" },
  target_gone: gray,
};

/** „Meine Freigaben“ (an admin: „Alle Freigaben“): status, downloads, last access, the log, „Widerrufen“. */
export function ShareList() {
  const links = useShareLinks();
  const [log, setLog] = useState<ShareLink | null>(null);
  const revoke = useRevokeShareLink();

  const confirmRevoke = (link: ShareLink) =>
    modals.openConfirmModal({
      title: messages.revokeLabel(link.target_name),
      children: <Text size="sm">{messages.sharesDescription}</Text>,
      labels: { confirm: messages.revoke, cancel: messages.cancel },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": messages.cancel },
      onConfirm: () =>
        revoke.mutate(link.id, {
          onSuccess: () => notifySuccess(messages.revoked),
          onError: (error) => notifyError(messages.revokeFailed, error.message),
        }),
    });

  const all = links.data?.all ?? false;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {all ? messages.sharesTitleAdmin : messages.sharesTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {messages.sharesDescription}
        </Text>
      </div>
      {all && <ShareMaxDaysForm />}
      {log && <AccessLog link={log} onClose={() => setLog(null)} />}
      <QueryState
        loaded={links.data !== undefined}
        error={links.error}
        empty={links.data?.links.length === 0}
        onRetry={() => links.refetch()}
        retrying={links.isFetching}
        texts={{
          loading: messages.sharesLoading,
          loadFailed: messages.sharesLoadFailed + (links.error?.message || messages.unknownError),
          empty: messages.noShares,
        }}
      >
        {links.data && (
          <Table.ScrollContainer
            minWidth={720}
            type="native"
            role="region"
            aria-label={all ? messages.sharesTitleAdmin : messages.sharesTitle}
            tabIndex={0}
            className="files-table-scroll"
          >
            <Table verticalSpacing="sm" className="files-table files-shares">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th className="files-col-name">{messages.columnShare}</Table.Th>
                  <Table.Th>{messages.columnStatus}</Table.Th>
                  <Table.Th>{messages.columnExpires}</Table.Th>
                  <Table.Th>{messages.columnDownloads}</Table.Th>
                  <Table.Th>{messages.columnLastAccess}</Table.Th>
                  {all && <Table.Th>{messages.columnCreatedBy}</Table.Th>}
                  <Table.Th className="files-col-actions">
                    <span className="files-visually-hidden">{messages.columnActions}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.links.map((link) => (
                  <Table.Tr key={link.id}>
                    <Table.Td>
                      <Text fw={500} className="files-name" title={link.target_name}>
                        {link.target_name}
                      </Text>
                      {(link.label !== "" || link.has_password) && (
                        <Text size="sm" c="dimmed">
                          {[link.label, link.has_password ? messages.withPassword : ""].filter(Boolean).join(" · ")}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label={messages.columnStatus}>
                      <Badge color={statusColor[link.status].color} c={statusColor[link.status].text} variant="light">
                        {messages.shareStatus[link.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td data-label={messages.columnExpires}>{formatDateTime(link.expires_at)}</Table.Td>
                    <Table.Td data-label={messages.columnDownloads}>
                      {messages.downloadsOf(link.downloads, link.download_limit)}
                    </Table.Td>
                    <Table.Td data-label={messages.columnLastAccess}>
                      {link.last_access_at ? formatDateTime(link.last_access_at) : messages.never}
                    </Table.Td>
                    {all && <Table.Td data-label={messages.columnCreatedBy}>{link.created_by_name}</Table.Td>}
                    <Table.Td className="files-cell-actions">
                      <Group gap={6} justify="flex-end" wrap="wrap">
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={messages.accessesLabel(link.target_name)}
                          onClick={() => setLog(link)}
                        >
                          {messages.accesses}
                        </Button>
                        {link.revoked_at === null && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={messages.revokeLabel(link.target_name)}
                            loading={revoke.isPending && revoke.variables === link.id}
                            onClick={() => confirmRevoke(link)}
                          >
                            {messages.revoke}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}

function AccessLog({ link, onClose }: { link: ShareLink; onClose: () => void }) {
  const log = useShareLinkAccesses(link.id);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={messages.accessesTitle(link.target_name)}
      closeButtonProps={{ "aria-label": messages.close }}
    >
      <QueryState
        loaded={log.data !== undefined}
        error={log.error}
        empty={log.data?.accesses.length === 0}
        onRetry={() => log.refetch()}
        retrying={log.isFetching}
        texts={{
          loading: messages.sharesLoading,
          loadFailed: messages.accessesLoadFailed + (log.error?.message || messages.unknownError),
          empty: messages.noAccesses,
        }}
      >
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.columnTime}</Table.Th>
              <Table.Th>{messages.columnAccess}</Table.Th>
              <Table.Th>{messages.columnClient}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data?.accesses.map((access, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the log has no ids and never reorders while shown.
              <Table.Tr key={index}>
                <Table.Td>{formatDateTime(access.at)}</Table.Td>
                <Table.Td>
                  {messages.accessKind[access.kind]}
                  {access.file_name ? `: ${access.file_name}` : ""}
                </Table.Td>
                <Table.Td>
                  {access.client}
                  <Text size="xs" c="dimmed">
                    {access.network}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </QueryState>
    </Modal>
  );
}
