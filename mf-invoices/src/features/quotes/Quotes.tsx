import type { Customer } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { notifyError } from "@klarwerk/kit/portal";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Anchor, Stack } from "@klarwerk/kit/ui";
import { useCallback, useState } from "react";
import { useCustomerFromUrl } from "../../shared/api/customer-from-url";
import { useCompany } from "../../shared/api/get-company";
import { customerBlock } from "../../shared/components/DocumentEditor";
import { invoiceMessages } from "../../shared/messages";
import { isoDate } from "../../shared/model/dates";
import { emptyQuoteForm, formOfQuote, QuoteEditor, type QuoteForm } from "./components/QuoteEditor";
import { QuoteList } from "./components/QuoteList";
import { quoteScreenMessages as messages } from "./messages";

/**
 * /invoices/angebote, „Angebote“ (decision 0078): the form for a new quote (or a draft being
 * edited) above the stored quotes, each with its answer and „In Rechnung umwandeln“.
 */
export default function Quotes() {
  const company = useCompany();
  const provider = company.data?.provider ?? null;
  const [form, setForm] = useState<QuoteForm>(() => emptyQuoteForm(isoDate(new Date()), provider ?? ""));
  const [editingId, setEditingId] = useState<number | null>(null);
  const update = useCallback((change: (current: QuoteForm) => QuoteForm) => setForm(change), []);
  const reset = useCallback(() => {
    setEditingId(null);
    setForm(emptyQuoteForm(isoDate(new Date()), provider ?? ""));
  }, [provider]);
  // `/invoices/angebote?kunde=<id>` (the customer page's „Neues Angebot“) starts the form with that customer.
  useCustomerFromUrl(
    "/invoices/angebote",
    useCallback(
      (customer: Customer) =>
        update((current) => ({ ...current, customerId: customer.id, customer: customerBlock(customer) })),
      [update],
    ),
  );
  const edit = useCallback(async (id: number) => {
    try {
      const { quote } = await callApi("GET /api/quotes/:id", { params: { id } });
      setEditingId(quote.id);
      setForm(formOfQuote(quote));
      window.scrollTo({ top: 0, behavior: "smooth" });
    } catch (error) {
      notifyError(error instanceof Error ? error.message : messages.loadFailed);
    }
  }, []);
  return (
    <>
      <ScreenHeader title={messages.screenTitle} description={messages.screenDescription}>
        <Anchor href="/invoices">{invoiceMessages.screenTitle}</Anchor>
      </ScreenHeader>
      <Stack gap={48}>
        <QuoteEditor form={form} editingId={editingId} provider={provider} update={update} reset={reset} />
        <QuoteList onEdit={edit} />
      </Stack>
    </>
  );
}
