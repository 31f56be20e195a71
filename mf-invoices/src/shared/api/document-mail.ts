import type { DocumentSendingsAnswer, MailedDocumentKind } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";

/** An issued document „Per E-Mail senden“ sends: an invoice or a quote. */
export interface MailedDocument {
  kind: MailedDocumentKind;
  id: number;
}

/**
 * Under the document's own key (`invoices`, `quotes`): a change of the documents (cancelling an
 * invoice) refreshes these too. The history is here (every card shows it); the dialog's calls are
 * in send-mail.ts and the templates' in mail-templates.ts, so they load with what uses them.
 */
const documentKey = (document: MailedDocument) => (document.kind === "quote" ? "quotes" : "invoices");
export const sendingsKey = (document: MailedDocument) => [documentKey(document), "sendings", document.id] as const;
export const mailDraftKey = (document: MailedDocument) => [documentKey(document), "mail-draft", document.id] as const;

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
