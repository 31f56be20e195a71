import { todayInGermany } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { useState } from "react";
import { invoiceMessages } from "../../../shared/messages";
import { useMarkInvoicePaid } from "../api/change-invoice";
import { PaymentModal } from "./PaymentModal";

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
  return (
    <PaymentModal
      action={invoiceMessages.markPaid}
      title={title}
      opened={opened}
      onClose={onClose}
      dateLabel={invoiceMessages.paidOn}
      paidOn={paidOn}
      onPaidOnChange={setPaidOn}
      pending={markPaid.isPending}
      onSubmit={() => markPaid.mutate({ id, paidOn })}
    />
  );
}
