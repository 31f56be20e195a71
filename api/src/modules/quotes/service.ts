import {
  addDays,
  defaultQuoteValidityDays,
  formatQuoteNumber,
  type InvoiceContent,
  invoiceIssueProblem,
  invoiceTotals,
  isKeptItem,
  quoteMessages as messages,
  type Quote,
  type QuoteContent,
  type QuoteConversionAnswer,
  quoteStatusLabels,
  todayInGermany,
  type User,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import type { AuditActor } from "../audit/index.ts";
import { readCompanySettings, readCurrentLogo } from "../company/index.ts";
import {
  type Author,
  customerExists,
  fileResponse,
  findInvoice,
  insertDraft,
  invoiceBlobStore,
  nextSequence,
} from "../invoices/index.ts";
import { quotePdf } from "./mail-document.ts";
import { type QuoteBody, quoteContentFrom } from "./model.ts";
import {
  deleteDraftRow,
  findQuote,
  insertQuoteDraft,
  lockedDraftSnapshot,
  markQuoteIssued,
  quoteSnapshot,
  recordQuoteEvent,
  type StoredQuote,
  setDecision,
  updateDraftRow,
} from "./store.ts";

const notFound = () => new HttpError(404, "quote-not-found", messages.notFound);
const issuedFinal = () => new HttpError(409, "quote-already-issued", messages.issuedFinal);

/**
 * The quotes' flows (decision 0078): save a draft, issue it with the next number of the year's
 * quote series (the invoices' counter, `nextSequence`, in the same transaction: gap-free), record
 * the customer's answer, make an invoice draft of it, and its PDF. Every step on a stored quote
 * locks its row first, so concurrent requests are ordered.
 */
export function quotesService({ sql, now, config }: Pick<Deps, "sql" | "now" | "config">) {
  const store = invoiceBlobStore(config);
  /** Germany's date on the app's clock (tests move it across a year end). */
  const today = () => todayInGermany(new Date(now()));
  const authorOf = (user: Pick<User, "id" | "name">): Author => ({ id: user.id, name: user.name });

  async function get(id: number): Promise<Quote> {
    const stored = await findQuote(sql, id, today());
    if (!stored) throw notFound();
    return stored.quote;
  }

  async function contentChecked(body: QuoteBody, day: string): Promise<QuoteContent> {
    const content = quoteContentFrom(body, day);
    if (content.customerId !== null && !(await customerExists(sql, content.customerId))) {
      throw new HttpError(422, "quote-customer-unknown", messages.customerUnknown);
    }
    return content;
  }

  /** Locks the quote and reads it afresh (after the lock: what a concurrent request committed counts). */
  async function locked(tx: Queries, id: number, day: string): Promise<StoredQuote> {
    await tx`select id from quotes where id = ${id} for update`;
    const stored = await findQuote(tx, id, day);
    if (!stored) throw notFound();
    return stored;
  }

  /**
   * Issues the draft `id` (with `content` stored first), or, with `id` null, stores `content` and
   * issues it. Dated today; „Gültig bis“ today + 30 unless given. A refusal stores nothing.
   */
  async function issue(id: number | null, content: QuoteContent, user: User, actor: AuditActor): Promise<number> {
    const day = today();
    return (await sql.begin(async (tx) => {
      let quoteId: number;
      let before: Record<string, unknown> | null = null;
      if (id === null) {
        quoteId = await insertQuoteDraft(tx, content, authorOf(user));
      } else {
        before = await lockedDraftSnapshot(tx, id);
        if (!before) throw (await findQuote(tx, id, day)) ? issuedFinal() : notFound();
        await updateDraftRow(tx, id, content);
        quoteId = id;
      }
      const validUntil = content.validUntil ?? addDays(day, defaultQuoteValidityDays);
      if (validUntil < day) throw new HttpError(422, "validation", messages.validUntilPassed);
      const dated: InvoiceContent = { ...content, issueDate: day };
      const seller = await readCompanySettings(tx);
      const problem = invoiceIssueProblem(dated, seller);
      if (problem !== null) throw new HttpError(422, "validation", problem);
      const items = dated.items.filter(isKeptItem);
      const totals = invoiceTotals({ ...dated, items });
      const year = Number(day.slice(0, 4));
      const sequence = await nextSequence(tx, "quote", year);
      await markQuoteIssued(tx, quoteId, {
        number: formatQuoteNumber(year, sequence),
        year,
        sequence,
        content: { ...content, issueDate: day, items, validUntil },
        totalCents: totals.totalCents,
        // With the logo current now: its PDF, made on each download, keeps showing it (decision 0091).
        seller: { ...seller, logo: await readCurrentLogo(tx) },
        issuer: authorOf(user),
      });
      await recordQuoteEvent(tx, actor, "quote.issued", quoteId, before);
      return quoteId;
    })) as number;
  }

  async function create(body: QuoteBody, user: User, actor: AuditActor): Promise<Quote> {
    const content = await contentChecked(body, today());
    const id = body.issue
      ? await issue(null, content, user, actor)
      : await insertQuoteDraft(sql, content, authorOf(user), actor);
    return get(id);
  }

  async function replace(id: number, body: QuoteBody, user: User, actor: AuditActor): Promise<Quote> {
    const content = await contentChecked(body, today());
    if (body.issue) {
      await issue(id, content, user, actor);
      return get(id);
    }
    await sql.begin(async (tx) => {
      const before = await lockedDraftSnapshot(tx, id);
      if (!before) throw (await findQuote(tx, id, today())) ? issuedFinal() : notFound();
      await updateDraftRow(tx, id, content);
      await recordQuoteEvent(tx, actor, "quote.draft_saved", id, before);
    });
    return get(id);
  }

  async function remove(id: number, actor: AuditActor): Promise<void> {
    await sql.begin(async (tx) => {
      const before = await lockedDraftSnapshot(tx, id);
      if (!before) throw (await findQuote(tx, id, today())) ? issuedFinal() : notFound();
      await deleteDraftRow(tx, id);
      await recordQuoteEvent(tx, actor, "quote.draft_deleted", id, before);
    });
  }

  /** „Angenommen“ (an open quote) or „Abgelehnt“ (an open or expired one); any other state: 409. */
  async function decide(id: number, decision: "accepted" | "rejected", user: User, actor: AuditActor) {
    const day = today();
    await sql.begin(async (tx) => {
      const { quote } = await locked(tx, id, day);
      if (quote.status === "draft") throw new HttpError(409, "quote-not-issued", messages.notIssued);
      if (quote.status === "accepted" || quote.status === "rejected")
        throw new HttpError(409, "quote-not-open", messages.alreadyDecided(quoteStatusLabels[quote.status]));
      if (quote.status === "expired" && decision === "accepted")
        throw new HttpError(409, "quote-expired", messages.expired);
      const before = await quoteSnapshot(tx, id);
      await setDecision(tx, id, decision, authorOf(user));
      await recordQuoteEvent(tx, actor, decision === "accepted" ? "quote.accepted" : "quote.rejected", id, before);
    });
    return get(id);
  }

  /**
   * „In Rechnung umwandeln“: an invoice draft dated today with the quote's customer, items and
   * texts, naming the quote. Once, unless `partial` („weitere Teilrechnung“); the quote's row lock
   * makes a concurrent second request see the first's draft.
   */
  async function convert(id: number, partial: boolean, user: User, actor: AuditActor): Promise<QuoteConversionAnswer> {
    const day = today();
    const invoiceId = (await sql.begin(async (tx) => {
      const { quote, content } = await locked(tx, id, day);
      if (quote.status === "draft") throw new HttpError(409, "quote-not-issued", messages.notIssued);
      if (quote.status === "rejected") throw new HttpError(409, "quote-rejected", messages.rejectedNotConvertible);
      const first = quote.invoices[0];
      if (first !== undefined && !partial)
        throw new HttpError(409, "quote-already-converted", messages.alreadyConverted(first.number));
      const { validUntil: _validUntil, ...invoiceContent } = content;
      const draft: InvoiceContent = { ...invoiceContent, issueDate: day };
      // One event for the request: the quote's, naming the draft (the draft's own history starts there).
      const made = await insertDraft(tx, draft, authorOf(user), undefined, id);
      await recordQuoteEvent(tx, actor, "quote.converted", id, null, {
        fields: ["invoice"],
        changes: { invoice: { before: null, after: made } },
      });
      return made;
    })) as number;
    const invoice = await findInvoice(sql, invoiceId, day);
    if (!invoice) throw new Error("the invoice made from a quote is gone");
    return { invoice: invoice.invoice, quote: await get(id) };
  }

  /** The issued quote's PDF, made from the stored row and its seller data. */
  async function pdf(id: number): Promise<Response> {
    const stored = await findQuote(sql, id, today());
    if (!stored) throw notFound();
    const { bytes, fileName } = await quotePdf(stored, store);
    return fileResponse(bytes as Uint8Array<ArrayBuffer>, "application/pdf", fileName, null);
  }

  return { get, create, replace, remove, decide, convert, pdf };
}
