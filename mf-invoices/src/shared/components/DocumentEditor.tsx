import {
  type Customer,
  formatEuro,
  type InvoiceContent,
  isKeptItem,
  isTaxCase,
  taxCaseInfo,
  taxCases,
} from "@klarwerk/kit";
import { notifyError } from "@klarwerk/kit/portal";
import {
  Button,
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
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { invoiceMessages } from "../messages";
import { billedTotals, checkIssueForm, type InvoiceFormErrors, invoiceInputHints, itemOf } from "../model/form";
import type { InvoiceForm, InvoiceItemForm } from "../model/types";
import { AmountInput } from "./AmountInput";
import { CustomerPicker } from "./CustomerPicker";
import { DecimalInput } from "./DecimalInput";
import { InvoicePreview } from "./InvoicePreview";
import { ItemsEditor } from "./ItemsEditor";

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

interface DocumentEditorProps<Form extends InvoiceForm> {
  /** The heading: new, or the draft being edited. */
  title: string;
  form: Form;
  /** The stored draft being edited, or null for a new document. */
  editingId: number | null;
  /** The company's "Dienstleister" block; null until loaded. */
  provider: string | null;
  update: (change: (form: Form) => Form) => void;
  /** "Bearbeitung abbrechen". */
  reset: () => void;
  /** What the form sends and its preview bills; a stable function. */
  contentOf: (form: Form) => InvoiceContent;
  /** The date fields before "Zahlungsziel (Tage)" in their row. */
  dateFields: ReactNode;
  /** What stands below that row (the invoice's "Leistungszeitraum" box). */
  belowDates?: ReactNode;
  /** The invoice's "Leitweg-ID bzw. Bestellnummer", which a picked customer fills too. */
  withBuyerReference?: boolean;
  /** The invoice's placeholders in "Notizen (Footer)" and "Grund der Steuerbefreiung". */
  withPlaceholders?: boolean;
  /** The submit button's label, which issues. */
  issueLabel: string;
  /** A save running: the buttons wait. */
  saving: boolean;
  /** Saves the form (checked by the spec's rules when issuing). */
  onSave: (form: Form, issue: boolean) => void;
}

/**
 * The form an invoice and a quote share: the parties (Kunde picked from the Kundenverwaltung or
 * typed), the caller's dates, the items, discount, VAT, fees and notes, with a live preview of what
 * will be billed. Issuing checks the spec's rules here (each refusal at its field, the first one
 * announced, focus on the first field to fix) before `onSave`; "Als Entwurf speichern" stores
 * whatever is there.
 */
export function DocumentEditor<Form extends InvoiceForm>({
  title,
  form,
  editingId,
  provider,
  update,
  reset,
  contentOf,
  dateFields,
  belowDates,
  withBuyerReference = false,
  withPlaceholders = false,
  issueLabel,
  saving,
  onSave,
}: DocumentEditorProps<Form>) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<InvoiceFormErrors>({});
  const [refusals, setRefusals] = useState(0);

  // The "Dienstleister" block arrives with the company settings: an empty field takes it.
  useEffect(() => {
    if (provider) update((current) => (current.provider === "" ? { ...current, provider } : current));
  }, [provider, update]);

  const content = useMemo(() => contentOf(form), [contentOf, form]);
  const billed = useMemo(() => billedTotals(content), [content]);
  const lineTotals = useMemo(
    () =>
      rowTotals(
        form.items,
        billed.totals?.lines.map((line) => line.totalCents),
      ),
    [form.items, billed],
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
  const set = <Field extends keyof InvoiceForm>(field: Field, value: Form[Field]) => {
    update((current) => ({ ...current, [field]: value }));
    clearError(field);
  };
  const updateItems = useCallback(
    (change: (items: InvoiceItemForm[]) => InvoiceItemForm[]) => {
      update((current) => ({ ...current, items: change(current.items) }));
      clearError("items");
    },
    [update, clearError],
  );
  const pickCustomer = (customer: Customer) => {
    update((current) => ({
      ...current,
      customerId: customer.id,
      customer: customerBlock(customer),
      ...(withBuyerReference ? { buyerReference: customer.leitweg_id ?? current.buyerReference } : {}),
    }));
    clearError("customer");
  };

  const store = (issue: boolean) => {
    if (saving) return;
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
    onSave(form, issue);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    store(true);
  };

  const customerVatId = (
    <TextInput
      label={invoiceMessages.customerVatId}
      value={form.customerVatId}
      onChange={(event) => set("customerVatId", event.currentTarget.value)}
    />
  );
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
        {title}
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
                value={form.customer}
                error={errors.customer}
                errorProps={errorTextProps}
                onChange={(event) => set("customer", event.currentTarget.value)}
              />
              {withBuyerReference ? (
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  {customerVatId}
                  <TextInput
                    label={invoiceMessages.buyerReference}
                    description={invoiceMessages.buyerReferenceDescription}
                    value={form.buyerReference}
                    onChange={(event) => set("buyerReference", event.currentTarget.value)}
                  />
                </SimpleGrid>
              ) : (
                customerVatId
              )}
            </Stack>
            <Textarea
              label={invoiceMessages.provider}
              placeholder={invoiceMessages.providerPlaceholder}
              withAsterisk
              autosize
              minRows={3}
              maxRows={8}
              value={form.provider}
              error={errors.provider}
              errorProps={errorTextProps}
              onChange={(event) => set("provider", event.currentTarget.value)}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            {dateFields}
            <DecimalInput
              label={invoiceMessages.paymentTermDays}
              {...invoiceInputHints.paymentTermDays}
              allowDecimal={false}
              value={form.paymentTermDays}
              onChange={(value) => set("paymentTermDays", value)}
            />
          </SimpleGrid>
          {belowDates}

          <ItemsEditor items={form.items} lineTotals={lineTotals} error={errors.items} onChange={updateItems} />

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <DecimalInput
              label={invoiceMessages.discountPercent}
              {...invoiceInputHints.discountPercent}
              value={form.discountPercent}
              onChange={(value) => set("discountPercent", value)}
            />
            <DecimalInput
              label={invoiceMessages.taxPercent}
              {...invoiceInputHints.taxPercent}
              value={form.taxPercent}
              onChange={(value) => set("taxPercent", value)}
            />
            <AmountInput
              label={invoiceMessages.extraFees}
              value={form.extraFees}
              onChange={(value) => set("extraFees", value)}
            />
          </SimpleGrid>
          {content.taxPercent === 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <NativeSelect
                label={invoiceMessages.taxCase}
                withAsterisk
                data={taxCaseOptions}
                value={form.taxCase}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  set("taxCase", isTaxCase(value) ? value : "");
                }}
              />
              <TextInput
                label={invoiceMessages.taxExemptionReason}
                placeholder={withPlaceholders && form.taxCase !== "" ? taxCaseInfo[form.taxCase].note : undefined}
                value={form.taxExemptionReason}
                onChange={(event) => set("taxExemptionReason", event.currentTarget.value)}
              />
            </SimpleGrid>
          )}

          <Grid gap="lg" align="stretch">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Textarea
                label={invoiceMessages.notes}
                placeholder={withPlaceholders ? invoiceMessages.notesPlaceholder : undefined}
                autosize
                minRows={4}
                maxRows={10}
                value={form.notes}
                onChange={(event) => set("notes", event.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <InvoicePreview content={content} totals={billed.totals} />
            </Grid.Col>
          </Grid>

          <Group justify="flex-end">
            {editingId !== null && (
              <Button variant="default" type="button" onClick={reset}>
                {invoiceMessages.cancelEdit}
              </Button>
            )}
            <Button variant="default" type="button" size="md" onClick={() => store(false)} disabled={saving}>
              {invoiceMessages.saveDraft}
            </Button>
            <Button type="submit" size="md" loading={saving}>
              {issueLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
