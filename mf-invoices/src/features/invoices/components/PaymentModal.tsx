import { todayInGermany } from "@klarwerk/kit";
import { Button, Group, Modal, Stack, TextInput } from "@klarwerk/kit/ui";
import type { FormEvent, ReactNode } from "react";
import { invoiceMessages } from "../../../shared/messages";

interface PaymentModalProps {
  /** The action, which heads the dialog („Zahlung erfassen: Rechnung 2026-0001“) and is its button. */
  action: string;
  title: string;
  opened: boolean;
  onClose: () => void;
  dateLabel: string;
  paidOn: string;
  onPaidOnChange: (paidOn: string) => void;
  pending: boolean;
  onSubmit: () => void;
  /** The fields after the date (amount, note). */
  children?: ReactNode;
}

/**
 * The dialog both ways of recording a payment share („Als bezahlt markieren“, „Zahlung erfassen“):
 * the date it was paid (not after today), what else the way asks for, Abbrechen and the action.
 */
export function PaymentModal({
  action,
  title,
  opened,
  onClose,
  dateLabel,
  paidOn,
  onPaidOnChange,
  pending,
  onSubmit,
  children,
}: PaymentModalProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${action}: ${title}`}
      closeButtonProps={{ "aria-label": invoiceMessages.close }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            type="date"
            label={dateLabel}
            value={paidOn}
            max={todayInGermany()}
            data-autofocus
            onChange={(event) => onPaidOnChange(event.currentTarget.value)}
          />
          {children}
          <Group justify="flex-end">
            <Button variant="default" type="button" onClick={onClose}>
              {invoiceMessages.abort}
            </Button>
            <Button type="submit" loading={pending}>
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
