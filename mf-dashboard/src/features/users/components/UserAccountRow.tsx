import type { UserAccount } from "@klarwerk/kit";
import { formatDate } from "@klarwerk/kit/format";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Anchor, Badge, Button, Group, Table, Text } from "@klarwerk/kit/ui";
import { useId } from "react";
import { confirmRemoval } from "../../../shared/components/confirm-removal";
import { useChangeUserAccount } from "../api/change-user-account";
import { useDeleteUserAccount } from "../api/delete-user-account";
import { useForgetKnownDevices } from "../api/forget-known-devices";
import { usersMessages as messages } from "../messages";

const { columns } = messages;

/** What the toast says once a change is stored, from the account before and after. */
function changedMessage(before: UserAccount, after: UserAccount): string {
  if (after.role !== before.role) {
    return after.role === "admin" ? messages.done.madeAdmin(after.name) : messages.done.revokedAdmin(after.name);
  }
  return after.status === "disabled" ? messages.done.disabled(after.name) : messages.done.enabled(after.name);
}

interface UserAccountRowProps {
  account: UserAccount;
  /** The signed-in admin's own account: marked "(Sie)"; the server refuses to lock, demote or delete it. */
  own: boolean;
  /** After a deletion the row is gone: the focus then goes where the screen says. */
  onGone: () => void;
}

/**
 * One account with its actions. The rules (the last admin, one's own account) live in the API:
 * every button is offered, and a refusal comes back as a toast with the server's reason.
 */
export function UserAccountRow({ account, own, onGone }: UserAccountRowProps) {
  const nameId = useId();
  const change = useChangeUserAccount({
    onSuccess: (changed) => notifySuccess(changedMessage(account, changed)),
    onError: (error) => notifyError(messages.changeFailed, error.message),
  });
  const remove = useDeleteUserAccount({
    onSuccess: (removed) => {
      notifySuccess(messages.done.deleted(removed.name));
      onGone();
    },
    onError: (error) => notifyError(messages.deleteFailed, error.message),
  });
  const forget = useForgetKnownDevices({
    onSuccess: () => notifySuccess(messages.knownDevices.forgottenOne(account.name)),
    onError: (error) => notifyError(messages.knownDevices.failed, error.message),
  });
  const disabled = account.status === "disabled";
  const admin = account.role === "admin";
  const busy = change.isPending || remove.isPending;
  const pendingChange = change.isPending ? change.variables.change : null;

  return (
    <Table.Tr>
      <Table.Td data-label={columns.name} className="users-wrap">
        <Text span fw={600} id={nameId} inherit>
          {account.name}
        </Text>
        {own && <Text span c="dimmed" inherit>{` ${messages.you}`}</Text>}
      </Table.Td>
      <Table.Td data-label={columns.email} className="users-wrap">
        <Anchor href={`mailto:${account.email}`} size="sm">
          {account.email}
        </Anchor>
      </Table.Td>
      <Table.Td data-label={columns.role} className="users-nowrap">
        {messages.roles[account.role]}
      </Table.Td>
      <Table.Td data-label={columns.status} className="users-nowrap">
        <Badge variant="dot" color={disabled ? "red" : "teal"} tt="none" size="md" c="bright">
          {messages.statuses[account.status]}
        </Badge>
      </Table.Td>
      <Table.Td data-label={columns.createdAt} className="users-nowrap">
        <time dateTime={account.created_at}>{formatDate(account.created_at)}</time>
      </Table.Td>
      <Table.Td data-label={columns.approved}>
        {account.approved_at
          ? messages.approvedBy(formatDate(account.approved_at), account.approved_by_name)
          : messages.noValue}
      </Table.Td>
      <Table.Td data-label={columns.actions} className="users-actions">
        <Group gap={6} justify="flex-end" className="users-actions__group">
          <Button
            size="xs"
            variant="default"
            aria-describedby={nameId}
            loading={pendingChange?.status !== undefined}
            disabled={busy && pendingChange?.status === undefined}
            onClick={() => change.mutate({ id: account.id, change: { status: disabled ? "active" : "disabled" } })}
          >
            {disabled ? messages.enable : messages.disable}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-describedby={nameId}
            loading={pendingChange?.role !== undefined}
            disabled={busy && pendingChange?.role === undefined}
            onClick={() => change.mutate({ id: account.id, change: { role: admin ? "staff" : "admin" } })}
          >
            {admin ? messages.revokeAdmin : messages.makeAdmin}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-describedby={nameId}
            loading={forget.isPending}
            onClick={() =>
              confirmRemoval({
                title: messages.knownDevices.oneDialog.title,
                text: messages.knownDevices.oneDialog.text(account.name, account.email),
                confirm: messages.knownDevices.forgetOne,
                onConfirm: () => forget.mutate(account),
              })
            }
          >
            {messages.knownDevices.forgetOne}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-describedby={nameId}
            loading={remove.isPending}
            disabled={busy && !remove.isPending}
            onClick={() =>
              confirmRemoval({
                title: messages.deleteDialog.title,
                text: messages.deleteDialog.text(account.name, account.email),
                confirm: messages.delete,
                onConfirm: () => remove.mutate(account),
              })
            }
          >
            {messages.delete}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
