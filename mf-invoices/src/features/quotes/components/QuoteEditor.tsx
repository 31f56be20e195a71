import type { Quote, QuoteContent } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { TextInput } from "@klarwerk/kit/ui";
import { DocumentEditor } from "../../../shared/components/DocumentEditor";
import { formOfInvoice, invoiceContentOf } from "../../../shared/model/form";
import { emptyInvoiceForm, type InvoiceForm } from "../../../shared/model/types";
import { useSaveQuote } from "../api/quotes";
import { quoteScreenMessages as messages } from "../messages";

/** The quote form: the invoice's fields as its editor keeps them, and „Gültig bis“ ("" for the default). */
export type QuoteForm = InvoiceForm & { validUntil: string };

export function emptyQuoteForm(today: string, provider = ""): QuoteForm {
  return { ...emptyInvoiceForm(today, provider), validUntil: "" };
}

/** A stored draft back into the form, for „Bearbeiten“. */
export function formOfQuote(quote: Quote): QuoteForm {
  return { ...formOfInvoice(quote), validUntil: quote.validUntil ?? "" };
}

function quoteContentOf(form: QuoteForm): QuoteContent {
  return { ...invoiceContentOf(form), validUntil: form.validUntil.trim() === "" ? null : form.validUntil };
}

interface QuoteEditorProps {
  form: QuoteForm;
  editingId: number | null;
  provider: string | null;
  update: (change: (form: QuoteForm) => QuoteForm) => void;
  reset: () => void;
}

/**
 * „Neues Angebot erstellen“: the invoice's document form (customer picker, item rows, amounts and
 * preview) with „Gültig bis“ instead of the invoice's dates. „Angebot ausstellen“ checks the spec's
 * rules and issues on the server (dated today, numbered AN-<Jahr>-NNNN); „Als Entwurf speichern“
 * stores whatever is there.
 */
export function QuoteEditor({ form, editingId, provider, update, reset }: QuoteEditorProps) {
  const save = useSaveQuote({
    onSuccess: (_, { issue }) => {
      reset();
      notifySuccess(issue ? messages.issued : messages.draftSaved);
    },
    onError: (error) => notifyError(error.message),
  });
  return (
    <DocumentEditor
      title={editingId === null ? messages.formTitle : messages.editTitle}
      form={form}
      editingId={editingId}
      provider={provider}
      update={update}
      reset={reset}
      contentOf={quoteContentOf}
      issueLabel={messages.issue}
      saving={save.isPending}
      onSave={(current, issue) => save.mutate({ content: quoteContentOf(current), id: editingId, issue })}
      dateFields={
        <TextInput
          type="date"
          label={messages.validUntil}
          description={messages.validUntilDescription}
          value={form.validUntil}
          onChange={(event) => {
            const validUntil = event.currentTarget.value;
            update((current) => ({ ...current, validUntil }));
          }}
        />
      }
    />
  );
}
