import type { Invoice, InvoiceSummary } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, modals, Text, useDisclosure } from "@klarwerk/kit/ui";
import { FileDownloadButton } from "../../../shared/components/FileDownloadButton";
import { LazySendDocumentDialog } from "../../../shared/components/LazySendDocumentDialog";
import { invoiceMessages } from "../../../shared/messages";
import { sendingUiMessages } from "../../../shared/sending-messages";
import { useCancelInvoice, useDeleteDraft } from "../api/change-invoice";
import { PaymentDialog } from "./PaymentDialog";
import { RecordPaymentDialog } from "./RecordPaymentDialog";

interface InvoiceActionsProps {
  summary: InvoiceSummary;
  /** The invoice's heading, named in the dialogs. */
  title: string;
  /** The full invoice, once loaded ("Bearbeiten" needs it). */
  invoice: Invoice | undefined;
  onEdit: (invoice: Invoice) => void;
}

/**
 * What can be done with a listed invoice: a draft is edited or deleted; an issued one is
 * downloaded (PDF, XRechnung), cancelled (a Stornorechnung, after a confirmation), marked paid
 * (the rest in full) or given a payment of part of it ("Zahlung erfassen").
 */
export function InvoiceActions({ summary, title, invoice, onEdit }: InvoiceActionsProps) {
  const failed = (error: Error) => notifyError(invoiceMessages.actionFailed, error.message);
  const cancel = useCancelInvoice({ onSuccess: () => notifySuccess(invoiceMessages.cancelled), onError: failed });
  const remove = useDeleteDraft({ onSuccess: () => notifySuccess(invoiceMessages.deleted), onError: failed });
  const [paying, payment] = useDisclosure(false);
  const [recording, recordPayment] = useDisclosure(false);
  const [mailing, mail] = useDisclosure(false);
  const { id, number, status } = summary;

  const confirm = (heading: string, text: string, label: string, action: () => void) =>
    modals.openConfirmModal({
      title: heading,
      centered: true,
      children: <Text fz="sm">{text}</Text>,
      labels: { confirm: label, cancel: invoiceMessages.abort },
      confirmProps: { color: "red.9" },
      closeButtonProps: { "aria-label": invoiceMessages.close },
      onConfirm: action,
    });

  if (number === null) {
    return (
      <Group gap="xs" justify="flex-end">
        <Button variant="default" disabled={!invoice} onClick={() => invoice && onEdit(invoice)}>
          {invoiceMessages.edit}
        </Button>
        <Button
          variant="default"
          c="var(--mantine-color-error)"
          loading={remove.isPending}
          onClick={() =>
            confirm(invoiceMessages.deleteTitle, invoiceMessages.deleteConfirm, invoiceMessages.delete, () =>
              remove.mutate(id),
            )
          }
        >
          {invoiceMessages.delete}
        </Button>
      </Group>
    );
  }
  const reversible = status === "open" || status === "overdue" || status === "paid";
  return (
    <Group gap="xs" justify="flex-end">
      <FileDownloadButton id={id} number={number} kind="pdf" />
      <FileDownloadButton id={id} number={number} kind="xrechnung" />
      {status !== "cancelled" && (
        <Button variant="default" onClick={mail.open}>
          {sendingUiMessages.send}
        </Button>
      )}
      {(status === "open" || status === "overdue") && (
        <>
          <Button variant="default" onClick={recordPayment.open}>
            {invoiceMessages.recordPayment}
          </Button>
          <Button variant="default" onClick={payment.open}>
            {invoiceMessages.markPaid}
          </Button>
        </>
      )}
      {reversible && (
        <Button
          variant="default"
          c="var(--mantine-color-error)"
          loading={cancel.isPending}
          onClick={() =>
            confirm(
              `${invoiceMessages.cancelTitle} (${title})`,
              invoiceMessages.cancelConfirm,
              invoiceMessages.cancelInvoice,
              () => cancel.mutate(id),
            )
          }
        >
          {invoiceMessages.cancelInvoice}
        </Button>
      )}
      {mailing && (
        <LazySendDocumentDialog
          document={{ kind: "invoice", id }}
          title={title}
          opened={mailing}
          onClose={mail.close}
        />
      )}
      {paying && <PaymentDialog id={id} title={title} opened={paying} onClose={payment.close} />}
      {recording && (
        <RecordPaymentDialog
          id={id}
          title={title}
          openCents={summary.openCents}
          opened={recording}
          onClose={recordPayment.close}
        />
      )}
    </Group>
  );
}
