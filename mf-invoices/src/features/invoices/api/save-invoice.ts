import type { Invoice, InvoiceContent } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { invoicesKey } from "../../../shared/api/invoices-key";

export interface SaveInvoiceInput {
  content: InvoiceContent;
  /** The draft to replace; null saves a new invoice. */
  id: number | null;
  /** "Rechnung speichern" issues it; "Als Entwurf speichern" keeps a draft. */
  issue: boolean;
}

/** Saves a new invoice or replaces a draft, issued or as a draft; resolves to what the server stored. */
export async function saveInvoice({ content, id, issue }: SaveInvoiceInput): Promise<Invoice> {
  const json = { ...content, issue };
  const answer =
    id === null
      ? await callApi("POST /api/invoices", { json })
      : await callApi("PUT /api/invoices/:id", { params: { id }, json });
  return answer.invoice;
}

export interface SaveInvoiceOptions {
  onSuccess?: (invoice: Invoice, input: SaveInvoiceInput) => void;
  onError?: (error: Error) => void;
}

/**
 * Saves, then reloads every invoice query: the list gains or changes an entry. The callbacks are
 * the mutation's, not `mutate`'s: they run even when the screen was left while the save ran.
 */
export function useSaveInvoice({ onSuccess, onError }: SaveInvoiceOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInvoice,
    onSuccess: (invoice, input) => {
      onSuccess?.(invoice, input);
      return refetchAfterWrite(queryClient, invoicesKey);
    },
    onError,
  });
}
