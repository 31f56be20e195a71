import { formatEuro, parseEuroInput, todayInGermany } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { TextInput } from "@klarwerk/kit/ui";
import { useState } from "react";
import { AmountInput } from "../../../shared/components/AmountInput";
import { invoiceMessages } from "../../../shared/messages";
import { useAddPayment } from "../api/change-invoice";
import { PaymentModal } from "./PaymentModal";

interface RecordPaymentDialogProps {
  id: number;
  title: string;
  /** What is left to pay, in cents: the amount's default. */
  openCents: number;
  opened: boolean;
  onClose: () => void;
}

/** "12,34" for 1234 cents: the amount field's text, as a person types it. */
const typedEuro = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, "0")}`;

/**
 * "Zahlung erfassen": date (today unless changed), amount (the open amount unless changed: a
 * partial payment is a smaller one) and a note. An unreadable amount or one of 0 is refused here;
 * the server checks the rest (not above the open amount, the date) and its message is shown.
 */
export function RecordPaymentDialog({ id, title, openCents, opened, onClose }: RecordPaymentDialogProps) {
  const [paidOn, setPaidOn] = useState(() => todayInGermany());
  const [amount, setAmount] = useState(() => typedEuro(openCents));
  const [note, setNote] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const add = useAddPayment({
    onSuccess: () => {
      notifySuccess(invoiceMessages.paymentRecorded);
      onClose();
    },
    onError: (error) => notifyError(invoiceMessages.actionFailed, error.message),
  });
  const submit = () => {
    const amountCents = parseEuroInput(amount);
    if (amountCents === null || amountCents <= 0) {
      setAmountError(invoiceMessages.paymentAmountInvalid);
      return;
    }
    setAmountError(null);
    add.mutate({ id, payment: { paidOn, amountCents, note: note.trim() === "" ? null : note } });
  };
  return (
    <PaymentModal
      action={invoiceMessages.recordPayment}
      title={title}
      opened={opened}
      onClose={onClose}
      dateLabel={invoiceMessages.paymentDate}
      paidOn={paidOn}
      onPaidOnChange={setPaidOn}
      pending={add.isPending}
      onSubmit={submit}
    >
      <AmountInput
        label={invoiceMessages.paymentAmount}
        description={invoiceMessages.paymentAmountHint(formatEuro(openCents))}
        value={amount}
        error={amountError}
        onChange={setAmount}
      />
      <TextInput
        label={invoiceMessages.paymentNote}
        placeholder={invoiceMessages.paymentNotePlaceholder}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
    </PaymentModal>
  );
}
