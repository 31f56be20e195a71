import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Checkbox, TextInput } from "@klarwerk/kit/ui";
import { useCallback } from "react";
import { DocumentEditor } from "../../../shared/components/DocumentEditor";
import { invoiceMessages } from "../../../shared/messages";
import { isoDate } from "../../../shared/model/dates";
import { invoiceContentOf } from "../../../shared/model/form";
import type { InvoiceForm } from "../../../shared/model/types";
import { useSaveInvoice } from "../api/save-invoice";

interface InvoiceEditorProps {
  draft: InvoiceForm;
  /** The stored draft being edited, or null for a new invoice. */
  editingId: number | null;
  /** The company's "Dienstleister" block; null until loaded. */
  provider: string | null;
  updateDraft: (update: (draft: InvoiceForm) => InvoiceForm) => void;
  resetDraft: (provider: string) => void;
}

/**
 * "Neue Rechnung erstellen": the shared document form with the invoice's dates (Rechnungsdatum,
 * Leistungsdatum or -zeitraum) and the Leitweg-ID. "Rechnung speichern" issues on the server, whose
 * refusal (a missing address, say) is shown as a notification; "Als Entwurf speichern" stores
 * whatever is there.
 */
export function InvoiceEditor({ draft, editingId, provider, updateDraft, resetDraft }: InvoiceEditorProps) {
  // The form empties once the server has the invoice, also when the user has left the screen
  // meanwhile: a form kept without the saved id would store a second invoice on the next save.
  const save = useSaveInvoice({
    onSuccess: (_, { issue }) => {
      resetDraft(provider ?? "");
      notifySuccess(issue ? invoiceMessages.saved : invoiceMessages.draftSaved);
    },
    onError: (error) => notifyError(error.message),
  });
  const reset = useCallback(() => resetDraft(provider ?? ""), [resetDraft, provider]);
  const set = <Field extends keyof InvoiceForm>(field: Field, value: InvoiceForm[Field]) =>
    updateDraft((current) => ({ ...current, [field]: value }));
  const store = (form: InvoiceForm, issue: boolean) => {
    // A cleared date field falls back to its default, today.
    const dated = form.date ? form : { ...form, date: isoDate(new Date()) };
    save.mutate({ content: invoiceContentOf(dated), id: editingId, issue });
  };

  return (
    <DocumentEditor
      title={editingId === null ? invoiceMessages.formTitle : invoiceMessages.editTitle}
      form={draft}
      editingId={editingId}
      provider={provider}
      update={updateDraft}
      reset={reset}
      contentOf={invoiceContentOf}
      withBuyerReference
      withPlaceholders
      issueLabel={invoiceMessages.save}
      saving={save.isPending}
      onSave={store}
      dateFields={
        <>
          <TextInput
            type="date"
            label={invoiceMessages.date}
            value={draft.date}
            onChange={(event) => set("date", event.currentTarget.value)}
          />
          {draft.servicePeriod ? (
            <>
              <TextInput
                type="date"
                label={invoiceMessages.servicePeriodStart}
                value={draft.servicePeriodStart}
                onChange={(event) => set("servicePeriodStart", event.currentTarget.value)}
              />
              <TextInput
                type="date"
                label={invoiceMessages.servicePeriodEnd}
                value={draft.servicePeriodEnd}
                onChange={(event) => set("servicePeriodEnd", event.currentTarget.value)}
              />
            </>
          ) : (
            <TextInput
              type="date"
              label={invoiceMessages.serviceDate}
              value={draft.serviceDate || draft.date}
              onChange={(event) => set("serviceDate", event.currentTarget.value)}
            />
          )}
        </>
      }
      belowDates={
        <Checkbox
          label={invoiceMessages.servicePeriod}
          checked={draft.servicePeriod}
          onChange={(event) => set("servicePeriod", event.currentTarget.checked)}
        />
      }
    />
  );
}
