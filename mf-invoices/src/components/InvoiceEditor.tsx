import { type Customer, formatEuro, isKeptItem, isTaxCase, taxCaseInfo, taxCases } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import {
  Button,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from "@klarwerk/kit/ui";
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useSaveInvoice } from "../api/save-invoice";
import { isoDate } from "../invoice/dates";
import {
  billedTotals,
  checkIssueForm,
  type InvoiceFormErrors,
  invoiceContentOf,
  invoiceInputHints,
  itemOf,
} from "../invoice/form";
import type { InvoiceForm, InvoiceItemForm } from "../invoice/types";
import { invoiceMessages } from "../messages";
import { AmountInput } from "./AmountInput";
import { CustomerPicker } from "./CustomerPicker";
import { DecimalInput } from "./DecimalInput";
import { InvoicePreview } from "./InvoicePreview";
import { ItemsEditor } from "./ItemsEditor";

interface InvoiceEditorProps {
  draft: InvoiceForm;
  /** The stored draft being edited, or null for a new invoice. */
  editingId: number | null;
  /** The company's "Dienstleister" block; null until loaded. */
  provider: string | null;
  updateDraft: (update: (draft: InvoiceForm) => InvoiceForm) => void;
  resetDraft: (provider: string) => void;
}

/** The "Steuerfall" choices at 0 %: none picked yet, then the kit's cases with their labels. */
const taxCaseOptions = [
  { value: "", label: invoiceMessages.taxCasePlaceholder },
  ...taxCases.map((taxCase) => ({ value: taxCase, label: taxCaseInfo[taxCase].label })),
];

/** Mantine's default error red is too light for WCAG AA text contrast on white. */
const errorTextProps = { c: "var(--mantine-color-error)" } as const;

/** Per form row: its billed line total, or null while the row would be dropped. */
function rowTotals(items: InvoiceItemForm[], lineCents: number[] | undefined): (string | null)[] {
  let kept = 0;
  return items.map((item) => {
    if (!isKeptItem(itemOf(item))) return null;
    const cents = lineCents?.[kept++];
    return cents === undefined ? null : formatEuro(cents);
  });
}

/** "Kunde" as the picked customer fills it: the name, then the address lines. */
export function customerBlock(customer: Customer): string {
  return [customer.name, customer.address ?? ""].filter((line) => line.trim() !== "").join("\n");
}

/**
 * "Neue Rechnung erstellen": the parties (Kunde picked from the Kundenverwaltung or typed), the
 * dates, the items, discount, VAT, fees and notes, with a live preview of what will be billed.
 * "Rechnung speichern" checks the spec's rules here (each refusal at its field, the first one
 * announced, focus on the first field to fix) and issues on the server, whose refusal (a missing
 * address, say) is shown as a notification; "Als Entwurf speichern" stores whatever is there.
 */
export function InvoiceEditor({ draft, editingId, provider, updateDraft, resetDraft }: InvoiceEditorProps) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<InvoiceFormErrors>({});
  const [refusals, setRefusals] = useState(0);
  // The form empties once the server has the invoice, also when the user has left the screen
  // meanwhile: a form kept without the saved id would store a second invoice on the next save.
  const save = useSaveInvoice({
    onSuccess: (_, { issue }) => {
      resetDraft(provider ?? "");
      notifySuccess(issue ? invoiceMessages.saved : invoiceMessages.draftSaved);
    },
    onError: (error) => notifyError(error.message),
  });

  // The "Dienstleister" block arrives with the company settings: an empty field takes it.
  useEffect(() => {
    if (provider) updateDraft((current) => (current.provider === "" ? { ...current, provider } : current));
  }, [provider, updateDraft]);

  const content = useMemo(() => invoiceContentOf(draft), [draft]);
  const billed = useMemo(() => billedTotals(content), [content]);
  const lineTotals = useMemo(
    () =>
      rowTotals(
        draft.items,
        billed.totals?.lines.map((line) => line.totalCents),
      ),
    [draft.items, billed],
  );

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  // An edited field's refusal goes away; the others stay until the next save.
  const clearError = useCallback((field: keyof InvoiceForm) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field as keyof InvoiceFormErrors]: _, ...rest } = current;
      return rest;
    });
  }, []);
  const set = <Field extends keyof InvoiceForm>(field: Field, value: InvoiceForm[Field]) => {
    updateDraft((current) => ({ ...current, [field]: value }));
    clearError(field);
  };
  const updateItems = useCallback(
    (update: (items: InvoiceItemForm[]) => InvoiceItemForm[]) => {
      updateDraft((current) => ({ ...current, items: update(current.items) }));
      clearError("items");
    },
    [updateDraft, clearError],
  );
  const pickCustomer = (customer: Customer) => {
    updateDraft((current) => ({
      ...current,
      customerId: customer.id,
      customer: customerBlock(customer),
      buyerReference: customer.leitweg_id ?? current.buyerReference,
    }));
    clearError("customer");
  };

  const store = (issue: boolean) => {
    if (save.isPending) return;
    // A cleared date field falls back to its default, today.
    const form = draft.date ? draft : { ...draft, date: isoDate(new Date()) };
    if (issue) {
      const refusal = checkIssueForm(form);
      if (refusal) {
        setErrors(refusal.errors);
        setRefusals((count) => count + 1);
        notifyError(refusal.message);
        return;
      }
      if (billed.totals === null) {
        notifyError(invoiceMessages.amountTooLarge);
        return;
      }
    }
    setErrors({});
    save.mutate({ content: invoiceContentOf(form), id: editingId, issue });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    store(true);
  };

  const taxFree = content.taxPercent === 0;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: "md", sm: "xl" }}
      shadow="xs"
    >
      <Title order={2} size="h3" id={headingId} mb="lg">
        {editingId === null ? invoiceMessages.formTitle : invoiceMessages.editTitle}
      </Title>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap="sm">
              <CustomerPicker onPick={pickCustomer} />
              <Textarea
                label={invoiceMessages.customer}
                placeholder={invoiceMessages.customerPlaceholder}
                withAsterisk
                autosize
                minRows={3}
                maxRows={8}
                value={draft.customer}
                error={errors.customer}
                errorProps={errorTextProps}
                onChange={(event) => set("customer", event.currentTarget.value)}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label={invoiceMessages.customerVatId}
                  value={draft.customerVatId}
                  onChange={(event) => set("customerVatId", event.currentTarget.value)}
                />
                <TextInput
                  label={invoiceMessages.buyerReference}
                  description={invoiceMessages.buyerReferenceDescription}
                  value={draft.buyerReference}
                  onChange={(event) => set("buyerReference", event.currentTarget.value)}
                />
              </SimpleGrid>
            </Stack>
            <Textarea
              label={invoiceMessages.provider}
              placeholder={invoiceMessages.providerPlaceholder}
              withAsterisk
              autosize
              minRows={3}
              maxRows={8}
              value={draft.provider}
              error={errors.provider}
              errorProps={errorTextProps}
              onChange={(event) => set("provider", event.currentTarget.value)}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
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
            <DecimalInput
              label={invoiceMessages.paymentTermDays}
              {...invoiceInputHints.paymentTermDays}
              allowDecimal={false}
              value={draft.paymentTermDays}
              onChange={(value) => set("paymentTermDays", value)}
            />
          </SimpleGrid>
          <Checkbox
            label={invoiceMessages.servicePeriod}
            checked={draft.servicePeriod}
            onChange={(event) => set("servicePeriod", event.currentTarget.checked)}
          />

          <ItemsEditor items={draft.items} lineTotals={lineTotals} error={errors.items} onChange={updateItems} />

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <DecimalInput
              label={invoiceMessages.discountPercent}
              {...invoiceInputHints.discountPercent}
              value={draft.discountPercent}
              onChange={(value) => set("discountPercent", value)}
            />
            <DecimalInput
              label={invoiceMessages.taxPercent}
              {...invoiceInputHints.taxPercent}
              value={draft.taxPercent}
              onChange={(value) => set("taxPercent", value)}
            />
            <AmountInput
              label={invoiceMessages.extraFees}
              value={draft.extraFees}
              onChange={(value) => set("extraFees", value)}
            />
          </SimpleGrid>
          {taxFree && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <NativeSelect
                label={invoiceMessages.taxCase}
                withAsterisk
                data={taxCaseOptions}
                value={draft.taxCase}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  set("taxCase", isTaxCase(value) ? value : "");
                }}
              />
              <TextInput
                label={invoiceMessages.taxExemptionReason}
                placeholder={draft.taxCase === "" ? undefined : taxCaseInfo[draft.taxCase].note}
                value={draft.taxExemptionReason}
                onChange={(event) => set("taxExemptionReason", event.currentTarget.value)}
              />
            </SimpleGrid>
          )}

          <Grid gap="lg" align="stretch">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Textarea
                label={invoiceMessages.notes}
                placeholder={invoiceMessages.notesPlaceholder}
                autosize
                minRows={4}
                maxRows={10}
                value={draft.notes}
                onChange={(event) => set("notes", event.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <InvoicePreview content={content} totals={billed.totals} />
            </Grid.Col>
          </Grid>

          <Group justify="flex-end">
            {editingId !== null && (
              <Button variant="default" type="button" onClick={() => resetDraft(provider ?? "")}>
                {invoiceMessages.cancelEdit}
              </Button>
            )}
            <Button variant="default" type="button" size="md" onClick={() => store(false)} disabled={save.isPending}>
              {invoiceMessages.saveDraft}
            </Button>
            <Button type="submit" size="md" loading={save.isPending}>
              {invoiceMessages.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
