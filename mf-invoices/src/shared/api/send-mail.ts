import type { InvoiceMailAnswer, QuoteMailAnswer, SendInvoiceMailBody, SentDocumentMailAnswer } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";
import { type MailedDocument, mailDraftKey, sendingsKey } from "./document-mail";

/** What the dialog starts with: recipient, subject and text from the kind's template (`GET …/{id}/mail`). */
export function useDocumentMailDraft(document: MailedDocument, enabled: boolean) {
  const params = { id: document.id };
  return useQuery({
    ...queryOptions({
      queryKey: mailDraftKey(document),
      queryFn: ({ signal }): Promise<InvoiceMailAnswer | QuoteMailAnswer> =>
        document.kind === "quote"
          ? callApi("GET /api/quotes/:id/mail", { params, signal })
          : callApi("GET /api/invoices/:id/mail", { params, signal }),
    }),
    enabled,
    // Always the template as it is now.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Sends it (`POST …/{id}/mail`; `attachXml` for an invoice only); the history shows the new sending at once. */
export function useSendDocumentMail(document: MailedDocument) {
  const queryClient = useQueryClient();
  const params = { id: document.id };
  return useMutation({
    mutationFn: ({ attachXml, ...body }: SendInvoiceMailBody): Promise<SentDocumentMailAnswer> =>
      document.kind === "quote"
        ? callApi("POST /api/quotes/:id/mail", { params, json: body })
        : callApi("POST /api/invoices/:id/mail", { params, json: { ...body, attachXml } }),
    onSuccess: (answer) => queryClient.setQueryData(sendingsKey(document), { sendings: answer.sendings }),
  });
}
