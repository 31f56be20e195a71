import type { Invoice, PaymentInput } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { invoicesKey } from "../../../shared/api/invoices-key";

/** "Stornieren": issues the cancellation invoice; resolves to it. */
export async function cancelInvoice(id: number): Promise<Invoice> {
  return (await callApi("POST /api/invoices/:id/cancel", { params: { id } })).invoice;
}

/** "Als bezahlt markieren" with the date it was paid. */
export async function markInvoicePaid({ id, paidOn }: { id: number; paidOn: string }): Promise<Invoice> {
  return (await callApi("POST /api/invoices/:id/payment", { params: { id }, json: { paidOn } })).invoice;
}

/** "Zahlung erfassen": a payment of part or all of the open amount. */
export async function addPayment({ id, payment }: { id: number; payment: PaymentInput }): Promise<Invoice> {
  return (await callApi("POST /api/invoices/:id/payments", { params: { id }, json: payment })).invoice;
}

/** "Zahlung löschen": a mistaken payment; the amount is open again. */
export async function deletePayment({ id, paymentId }: { id: number; paymentId: number }): Promise<Invoice> {
  return (await callApi("DELETE /api/invoices/:id/payments/:paymentId", { params: { id, paymentId } })).invoice;
}

/** "Löschen" of a draft. */
export async function deleteDraft(id: number): Promise<void> {
  await callApi("DELETE /api/invoices/:id", { params: { id } });
}

export interface InvoiceChangeOptions {
  /** Called before the lists reload (a deleted draft's card is gone after that). */
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** A change to a listed invoice, then every invoice query reloads (a storno adds one, changes another). */
function useInvoiceChange<Input, Output>(change: (input: Input) => Promise<Output>, options: InvoiceChangeOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      options.onSuccess?.();
      await refetchAfterWrite(queryClient, invoicesKey);
    },
    onError: options.onError,
  });
}

export const useCancelInvoice = (options: InvoiceChangeOptions = {}) => useInvoiceChange(cancelInvoice, options);
export const useMarkInvoicePaid = (options: InvoiceChangeOptions = {}) => useInvoiceChange(markInvoicePaid, options);
export const useAddPayment = (options: InvoiceChangeOptions = {}) => useInvoiceChange(addPayment, options);
export const useDeletePayment = (options: InvoiceChangeOptions = {}) => useInvoiceChange(deletePayment, options);
export const useDeleteDraft = (options: InvoiceChangeOptions = {}) => useInvoiceChange(deleteDraft, options);
