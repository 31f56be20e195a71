/**
 * The form being filled in, kept in jotai's default store rather than in the screen, so going to
 * another portal page (Kunden, to look up an address) and coming back keeps it. The invoices
 * themselves live on the server (`src/api/`).
 *
 * A book belongs to one sign-in (the session object the shell creates at login or restore): after
 * a logout, or another person's login in the same tab, the form starts empty.
 */
import { type Session, sessionAtom } from "@klarwerk/kit/browser";
import { atom, type PrimitiveAtom, useAtomValue, useSetAtom } from "jotai";
import { useCallback } from "react";
import { isoDate } from "../../shared/model/dates";
import { emptyInvoiceForm, type InvoiceForm } from "../../shared/model/types";

export interface InvoiceBook {
  /** The form as last edited. */
  draft: InvoiceForm;
  /** The stored draft the form edits ("Bearbeiten"); null for a new invoice. */
  editingId: number | null;
}

const books = new WeakMap<Session, PrimitiveAtom<InvoiceBook>>();

function bookAtom(session: Session): PrimitiveAtom<InvoiceBook> {
  let book = books.get(session);
  if (!book) {
    book = atom<InvoiceBook>({ draft: emptyInvoiceForm(isoDate(new Date())), editingId: null });
    books.set(session, book);
  }
  return book;
}

export interface InvoiceBookActions {
  /** Changes the form; `update` gets the current form and returns the next one. */
  updateDraft(update: (draft: InvoiceForm) => InvoiceForm): void;
  /** Back to the defaults, with this "Dienstleister" block. */
  resetDraft(provider: string): void;
  /** Loads a stored draft into the form. */
  editDraft(id: number, form: InvoiceForm): void;
}

/** The current sign-in's form and the ways to change it (all stable across renders). */
export function useInvoiceBook(): InvoiceBook & InvoiceBookActions {
  const book = bookAtom(useAtomValue(sessionAtom));
  const { draft, editingId } = useAtomValue(book);
  const setBook = useSetAtom(book);
  const updateDraft = useCallback(
    (update: (draft: InvoiceForm) => InvoiceForm) =>
      setBook((current) => ({ ...current, draft: update(current.draft) })),
    [setBook],
  );
  const resetDraft = useCallback(
    (provider: string) => setBook({ draft: emptyInvoiceForm(isoDate(new Date()), provider), editingId: null }),
    [setBook],
  );
  const editDraft = useCallback((id: number, form: InvoiceForm) => setBook({ draft: form, editingId: id }), [setBook]);
  return { draft, editingId, updateDraft, resetDraft, editDraft };
}
