import type { MailTemplatesAnswer, SendInvoiceMailBody } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";

/** Under the invoices' key: a change of the invoices (cancelling one) refreshes these too. */
const sendingsKey = (id: number) => ["invoices", "sendings", id] as const;
const mailDraftKey = (id: number) => ["invoices", "mail-draft", id] as const;
export const mailTemplatesKey = ["company", "mail-templates"] as const;

/** „versendet am … an …“: an invoice's sendings, newest first (`GET /api/invoices/{id}/sendings`). */
export function useInvoiceSendings(id: number, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: sendingsKey(id),
      queryFn: ({ signal }) => callApi("GET /api/invoices/:id/sendings", { params: { id }, signal }),
    }),
    enabled,
  });
}

/** What the dialog starts with: recipient, subject and text from the template (`GET /api/invoices/{id}/mail`). */
export function useInvoiceMailDraft(id: number, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: mailDraftKey(id),
      queryFn: ({ signal }) => callApi("GET /api/invoices/:id/mail", { params: { id }, signal }),
    }),
    enabled,
    // Always the template as it is now.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Sends it (`POST /api/invoices/{id}/mail`); the history shows the new sending at once. */
export function useSendInvoiceMail(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendInvoiceMailBody) => callApi("POST /api/invoices/:id/mail", { params: { id }, json: body }),
    onSuccess: (answer) => queryClient.setQueryData(sendingsKey(id), { sendings: answer.sendings }),
  });
}

/** The templates (`GET /api/company/mail-templates`, admins only). */
export function useMailTemplates(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: mailTemplatesKey,
      queryFn: ({ signal }) => callApi("GET /api/company/mail-templates", { signal }),
    }),
    enabled,
  });
}

export function useSaveMailTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailTemplatesAnswer) => callApi("PUT /api/company/mail-templates", { json: body }),
    onSuccess: (answer) => queryClient.setQueryData(mailTemplatesKey, answer),
  });
}
