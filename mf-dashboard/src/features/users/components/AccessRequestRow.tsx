import type { UserAccount } from "@klarwerk/kit";
import { formatDateTime } from "@klarwerk/kit/format";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Anchor, Button, Group, Table } from "@klarwerk/kit/ui";
import { useId } from "react";
import { confirmRemoval } from "../../../shared/components/confirm-removal";
import { useChangeUserAccount } from "../api/change-user-account";
import { useDeleteUserAccount } from "../api/delete-user-account";
import { usersMessages as messages } from "../messages";

const { columns } = messages;

interface AccessRequestRowProps {
  request: UserAccount;
  /** The row leaves the table after either answer: the focus then goes where the screen says. */
  onGone: () => void;
}

/** One access request: "Freigeben" lets the person in, "Ablehnen" (after asking) deletes the request. */
export function AccessRequestRow({ request, onGone }: AccessRequestRowProps) {
  const nameId = useId();
  const approve = useChangeUserAccount({
    onSuccess: (account) => {
      notifySuccess(messages.done.approved(account.name));
      onGone();
    },
    onError: (error) => notifyError(messages.changeFailed, error.message),
  });
  const reject = useDeleteUserAccount({
    onSuccess: (account) => {
      notifySuccess(messages.done.rejected(account.name));
      onGone();
    },
    onError: (error) => notifyError(messages.deleteFailed, error.message),
  });
  const busy = approve.isPending || reject.isPending;

  return (
    <Table.Tr>
      <Table.Td data-label={columns.name} id={nameId} fw={600} className="users-wrap">
        {request.name}
      </Table.Td>
      <Table.Td data-label={columns.email} className="users-wrap">
        <Anchor href={`mailto:${request.email}`} size="sm">
          {request.email}
        </Anchor>
      </Table.Td>
      <Table.Td data-label={columns.requestedAt} className="users-nowrap">
        <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
      </Table.Td>
      <Table.Td data-label={columns.actions} className="users-actions">
        <Group gap={6} justify="flex-end" className="users-actions__group">
          <Button
            size="xs"
            aria-describedby={nameId}
            loading={approve.isPending}
            disabled={busy && !approve.isPending}
            onClick={() => approve.mutate({ id: request.id, change: { status: "active" } })}
          >
            {messages.approve}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-describedby={nameId}
            loading={reject.isPending}
            disabled={busy && !reject.isPending}
            onClick={() =>
              confirmRemoval({
                title: messages.rejectDialog.title,
                text: messages.rejectDialog.text(request.name, request.email),
                confirm: messages.reject,
                onConfirm: () => reject.mutate(request),
              })
            }
          >
            {messages.reject}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
