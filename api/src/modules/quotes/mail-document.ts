import { blockName, quoteMessages, quotePdfFileName, sendingMessages, todayInGermany } from "@klarwerk/kit";
import type { Config } from "../../config.ts";
import type { Queries } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { customerMailContact, type DocumentForMail, invoiceBlobStore, renderQuotePdf } from "../invoices/index.ts";
import { findQuote, type StoredQuote } from "./store.ts";

/** An issued quote's data for its PDF; null for a draft (no number, seller or „Gültig bis“ yet). */
function issuedOf(stored: StoredQuote) {
  const { quote, content, seller } = stored;
  if (stored.state !== "issued" || quote.number === null || seller === null || content.validUntil === null) return null;
  return { quote, content, seller, number: quote.number, validUntil: content.validUntil };
}

/**
 * The issued quote's PDF, made from the stored row and its seller data with the logo it kept (read
 * from `store`, the invoices' blob store), for its download and its mail; 409 for a draft.
 */
export async function quotePdf(
  stored: StoredQuote,
  store: BlobStore,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const issued = issuedOf(stored);
  if (issued === null) throw new HttpError(409, "quote-not-issued", quoteMessages.notIssued);
  const bytes = await renderQuotePdf(
    {
      kind: "quote",
      number: issued.number,
      content: issued.content,
      totals: issued.quote.totals,
      validUntil: issued.validUntil,
      seller: issued.seller,
    },
    store,
  );
  return { bytes, fileName: quotePdfFileName(issued.number) };
}

/**
 * An issued quote as a mail carries it (any status but a draft: a rejected or expired quote may be
 * sent again), or the refusal: 404 unknown, 409 a draft. `{faellig}` is its „Gültig bis“.
 */
export async function quoteForMail(
  sql: Queries,
  config: Pick<Config, "dataDir" | "blobStore">,
  id: number,
): Promise<DocumentForMail> {
  const stored = await findQuote(sql, id, todayInGermany());
  if (!stored) throw new HttpError(404, "quote-not-found", quoteMessages.notFound);
  const issued = issuedOf(stored);
  if (issued === null) throw new HttpError(409, "quote-not-issued", sendingMessages.quoteNotSendable);
  const customer = await customerMailContact(sql, issued.content.customerId);
  return {
    id,
    values: {
      number: issued.number,
      totalCents: issued.quote.totals.totalCents,
      dueDate: issued.validUntil,
      issueDate: issued.content.issueDate,
      customerName: blockName(issued.content.recipient),
      senderName: issued.seller.name,
    },
    customerEmail: customer.email,
    replyTo: issued.seller.contactEmail,
    pdfName: quotePdfFileName(issued.number),
    pdf: async () => (await quotePdf(stored, invoiceBlobStore(config))).bytes,
  };
}
