import { formatEuro, type Invoice, type InvoicePayment } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, modals, Stack, Text, Title } from "@klarwerk/kit/ui";
import { useId } from "react";
import { invoiceMessages } from "../../../shared/messages";
import { formatGermanDate } from "../../../shared/model/dates";
import { useDeletePayment } from "../api/change-invoice";

/**
 * "Zahlungen": an invoice's payments, oldest first, with what is paid and what is left. Whoever
 * recorded a payment, and an admin, may delete it (a mistake); the server says so too.
 */
export function PaymentsList({ invoice }: { invoice: Invoice }) {
  const headingId = useId();
  const { user } = useAuth();
  const remove = useDeletePayment({
    onSuccess: () => notifySuccess(invoiceMessages.paymentDeleted),
    onError: (error) => notifyError(invoiceMessages.actionFailed, error.message),
  });
  const mayDelete = (payment: InvoicePayment) =>
    user !== null && user !== undefined && (user.role === "admin" || payment.recordedBy === user.id);
  const confirmDelete = (payment: InvoicePayment) =>
    modals.openConfirmModal({
      title: invoiceMessages.deletePaymentTitle,
      centered: true,
      children: <Text fz="sm">{invoiceMessages.deletePaymentConfirm}</Text>,
      labels: { confirm: invoiceMessages.deletePayment, cancel: invoiceMessages.abort },
      confirmProps: { color: "red.9" },
      closeButtonProps: { "aria-label": invoiceMessages.close },
      onConfirm: () => remove.mutate({ id: invoice.id, paymentId: payment.id }),
    });
  // A list, not a table: at a phone's width each payment wraps below its date instead of
  // scrolling sideways with its delete button out of sight.
  return (
    <section aria-labelledby={headingId} data-testid="invoice-payments">
      <Title order={4} size="h5" mt="lg" id={headingId}>
        {invoiceMessages.payments}
      </Title>
      <Stack component="ul" gap={0} mt="xs" p={0} style={{ listStyle: "none" }}>
        {invoice.payments.map((payment) => (
          <Group
            component="li"
            key={payment.id}
            justify="space-between"
            align="flex-start"
            gap="xs"
            py="xs"
            style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
          >
            <div>
              <Text fz="sm" fw={600}>
                {formatGermanDate(payment.paidOn)}
                {payment.note && ` · ${payment.note}`}
              </Text>
              {payment.recordedByName && (
                <Text fz="xs" c="dimmed">
                  {invoiceMessages.paymentRecordedBy(payment.recordedByName)}
                </Text>
              )}
            </div>
            <Group gap="xs" wrap="nowrap">
              <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
                {formatEuro(payment.amountCents)}
              </Text>
              {mayDelete(payment) && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  c="var(--mantine-color-error)"
                  aria-label={invoiceMessages.deletePaymentLabel(
                    formatGermanDate(payment.paidOn),
                    formatEuro(payment.amountCents),
                  )}
                  onClick={() => confirmDelete(payment)}
                >
                  {invoiceMessages.deletePayment}
                </Button>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" mt="xs">
        <Text fz="sm" fw={600}>
          {invoiceMessages.paidSum}
        </Text>
        <Text fz="sm" style={{ whiteSpace: "nowrap" }} data-testid="invoice-paid-sum">
          {formatEuro(invoice.paidCents)}
        </Text>
      </Group>
      {(invoice.status === "open" || invoice.status === "overdue") && (
        <Group justify="space-between" mt={4}>
          <Text fz="sm" fw={700}>
            {invoiceMessages.openSum}
          </Text>
          <Text fz="sm" fw={700} style={{ whiteSpace: "nowrap" }} data-testid="invoice-open-sum">
            {formatEuro(invoice.openCents)}
          </Text>
        </Group>
      )}
    </section>
  );
}
