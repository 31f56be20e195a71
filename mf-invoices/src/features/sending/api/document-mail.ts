import type {
  DocumentSendingsAnswer,
  InvoiceMailAnswer,
  MailedDocumentKind,
  MailTemplate,
  MailTemplateKind,
  QuoteMailAnswer,
  SendInvoiceMailBody,
  SentDocumentMailAnswer,
} from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";

/** An issued document „Per E-Mail senden“ sends: an invoice or a quote. */
export interface MailedDocument {
  kind: MailedDocumentKind;
  id: number;
}

/**
 * Under the document's own key (`invoices`, `quotes`): a change of the documents (cancelling an
 * invoice) refreshes these too.
 */
const documentKey = (document: MailedDocument) => (document.kind === "quote" ? "quotes" : "invoices");
const sendingsKey = (document: MailedDocument) => [documentKey(document), "sendings", document.id] as const;
const mailDraftKey = (document: MailedDocument) => [documentKey(document), "mail-draft", document.id] as const;
export const mailTemplatesKey = ["company", "mail-templates"] as const;

/** „versendet am … an …“: a document's sendings, newest first (`GET /api/{invoices|quotes}/{id}/sendings`). */
export function useDocumentSendings(document: MailedDocument, enabled: boolean) {
  const params = { id: document.id };
  return useQuery({
    ...queryOptions({
      queryKey: sendingsKey(document),
      queryFn: ({ signal }): Promise<DocumentSendingsAnswer> =>
        document.kind === "quote"
          ? callApi("GET /api/quotes/:id/sendings", { params, signal })
          : callApi("GET /api/invoices/:id/sendings", { params, signal }),
    }),
    enabled,
  });
}

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

/** Every kind's template (`GET /api/company/mail-templates`, admins only). */
export function useMailTemplates(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: mailTemplatesKey,
      queryFn: ({ signal }) => callApi("GET /api/company/mail-templates", { signal }),
    }),
    enabled,
  });
}

/** Saves one kind's template (`PUT /api/company/mail-templates/{kind}`). */
export function useSaveMailTemplate(kind: MailTemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailTemplate) =>
      callApi("PUT /api/company/mail-templates/:kind", { params: { kind }, json: body }),
    onSuccess: (answer) =>
      queryClient.setQueryData(mailTemplatesKey, (current: Record<MailTemplateKind, MailTemplate> | undefined) =>
        current ? { ...current, [answer.kind]: answer.template } : current,
      ),
  });
}
