import { todayInGermany } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, Modal, Stack, TextInput } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { useMarkInvoicePaid } from "../api/change-invoice";
import { invoiceMessages } from "../messages";

interface PaymentDialogProps {
  id: number;
  title: string;
  opened: boolean;
  onClose: () => void;
}

/** "Als bezahlt markieren": the date it was paid (today unless changed), then saved. */
export function PaymentDialog({ id, title, opened, onClose }: PaymentDialogProps) {
  const [paidOn, setPaidOn] = useState(() => todayInGermany());
  const markPaid = useMarkInvoicePaid({
    onSuccess: () => {
      notifySuccess(invoiceMessages.paidSaved);
      onClose();
    },
    onError: (error) => notifyError(invoiceMessages.actionFailed, error.message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    markPaid.mutate({ id, paidOn });
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${invoiceMessages.markPaid}: ${title}`}
      closeButtonProps={{ "aria-label": invoiceMessages.close }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            type="date"
            label={invoiceMessages.paidOn}
            value={paidOn}
            max={todayInGermany()}
            data-autofocus
            onChange={(event) => setPaidOn(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" type="button" onClick={onClose}>
              {invoiceMessages.abort}
            </Button>
            <Button type="submit" loading={markPaid.isPending}>
              {invoiceMessages.markPaid}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
