/**
 * Where the invoice tool keeps its saved invoices and the form being filled in: in the page's
 * memory only (spec section 3: never sent to a server, lost on reload). The book lives in jotai's
 * default store rather than in the screen, so going to another portal page and coming back keeps
 * both, as a person switching to Kunden to look up an address expects.
 *
 * A book belongs to one sign-in (the session object the shell creates at login or restore): after
 * a logout, or another person's login in the same tab, the tool starts empty, and the old book is
 * left to the garbage collector.
 */
import { type Session, sessionAtom } from "@klarwerk/kit/browser";
import { atom, type PrimitiveAtom, useAtomValue, useSetAtom } from "jotai";
import { useCallback } from "react";
import { isoDate } from "../invoice/dates";
import { emptyInvoiceForm, type Invoice, type InvoiceForm } from "../invoice/types";

export interface InvoiceBook {
  /** Saved invoices, newest first. */
  invoices: Invoice[];
  /** The "Neue Rechnung erstellen" form as last edited. */
  draft: InvoiceForm;
}

const books = new WeakMap<Session, PrimitiveAtom<InvoiceBook>>();

function bookAtom(session: Session): PrimitiveAtom<InvoiceBook> {
  let book = books.get(session);
  if (!book) {
    book = atom<InvoiceBook>({ invoices: [], draft: emptyInvoiceForm(isoDate(new Date())) });
    books.set(session, book);
  }
  return book;
}

/**
 * A new invoice's id: the current timestamp (spec section 3), but always above the newest
 * invoice's, so two saves within one millisecond still get distinct numbers and file names.
 */
export function nextInvoiceId(invoices: readonly Invoice[], now: number): number {
  return Math.max(now, (invoices[0]?.id ?? 0) + 1);
}

export interface InvoiceBookActions {
  /** Changes the form; `update` gets the current form and returns the next one. */
  updateDraft(update: (draft: InvoiceForm) => InvoiceForm): void;
  /** Puts the invoice at the top of the list and resets the form to its defaults (spec section 4). */
  saveInvoice(invoice: Invoice): void;
}

/** The current sign-in's book and the two ways to change it (both stable across renders). */
export function useInvoiceBook(): InvoiceBook & InvoiceBookActions {
  const book = bookAtom(useAtomValue(sessionAtom));
  const { invoices, draft } = useAtomValue(book);
  const setBook = useSetAtom(book);
  const updateDraft = useCallback(
    (update: (draft: InvoiceForm) => InvoiceForm) =>
      setBook((current) => ({ ...current, draft: update(current.draft) })),
    [setBook],
  );
  const saveInvoice = useCallback(
    (invoice: Invoice) =>
      setBook((current) => ({
        invoices: [invoice, ...current.invoices],
        draft: emptyInvoiceForm(isoDate(new Date())),
      })),
    [setBook],
  );
  return { invoices, draft, updateDraft, saveInvoice };
}
