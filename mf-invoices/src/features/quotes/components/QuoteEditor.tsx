import {
  type Customer,
  formatEuro,
  isKeptItem,
  isTaxCase,
  type Quote,
  type QuoteContent,
  taxCaseInfo,
  taxCases,
} from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
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
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { AmountInput } from "../../../shared/components/AmountInput";
import { CustomerPicker } from "../../../shared/components/CustomerPicker";
import { DecimalInput } from "../../../shared/components/DecimalInput";
import { InvoicePreview } from "../../../shared/components/InvoicePreview";
import { ItemsEditor } from "../../../shared/components/ItemsEditor";
import { invoiceMessages } from "../../../shared/messages";
import {
  billedTotals,
  checkIssueForm,
  formOfInvoice,
  type InvoiceFormErrors,
  invoiceContentOf,
  invoiceInputHints,
  itemOf,
} from "../../../shared/model/form";
import { emptyInvoiceForm, type InvoiceForm, type InvoiceItemForm } from "../../../shared/model/types";
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

const taxCaseOptions = [
  { value: "", label: invoiceMessages.taxCasePlaceholder },
  ...taxCases.map((taxCase) => ({ value: taxCase, label: taxCaseInfo[taxCase].label })),
];

const errorTextProps = { c: "var(--mantine-color-error)" } as const;

function rowTotals(items: InvoiceItemForm[], lineCents: number[] | undefined): (string | null)[] {
  let kept = 0;
  return items.map((item) => {
    if (!isKeptItem(itemOf(item))) return null;
    const cents = lineCents?.[kept++];
    return cents === undefined ? null : formatEuro(cents);
  });
}

function customerBlock(customer: Customer): string {
  return [customer.name, customer.address ?? ""].filter((line) => line.trim() !== "").join("\n");
}

interface QuoteEditorProps {
  form: QuoteForm;
  editingId: number | null;
  provider: string | null;
  update: (change: (form: QuoteForm) => QuoteForm) => void;
  reset: () => void;
}

/**
 * „Neues Angebot erstellen“: the invoice editor's customer picker, item rows, amounts and preview
 * (its components, not copies), with „Gültig bis“ instead of the invoice's dates. „Angebot
 * ausstellen“ checks the spec's rules here and issues on the server (dated today, numbered
 * AN-<Jahr>-NNNN); „Als Entwurf speichern“ stores whatever is there.
 */
export function QuoteEditor({ form, editingId, provider, update, reset }: QuoteEditorProps) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<InvoiceFormErrors>({});
  const [refusals, setRefusals] = useState(0);
  const save = useSaveQuote({
    onSuccess: (_, { issue }) => {
      reset();
      notifySuccess(issue ? messages.issued : messages.draftSaved);
    },
    onError: (error) => notifyError(error.message),
  });

  useEffect(() => {
    if (provider) update((current) => (current.provider === "" ? { ...current, provider } : current));
  }, [provider, update]);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const content = useMemo(() => quoteContentOf(form), [form]);
  const billed = useMemo(() => billedTotals(content), [content]);
  const lineTotals = useMemo(
    () =>
      rowTotals(
        form.items,
        billed.totals?.lines.map((line) => line.totalCents),
      ),
    [form.items, billed],
  );

  const clearError = useCallback((field: keyof QuoteForm) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field as keyof InvoiceFormErrors]: _, ...rest } = current;
      return rest;
    });
  }, []);
  const set = <Field extends keyof QuoteForm>(field: Field, value: QuoteForm[Field]) => {
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
    update((current) => ({ ...current, customerId: customer.id, customer: customerBlock(customer) }));
    clearError("customer");
  };

  const store = (issue: boolean) => {
    if (save.isPending) return;
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
    save.mutate({ content: quoteContentOf(form), id: editingId, issue });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    store(true);
  };

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
        {editingId === null ? messages.formTitle : messages.editTitle}
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
              <TextInput
                label={invoiceMessages.customerVatId}
                value={form.customerVatId}
                onChange={(event) => set("customerVatId", event.currentTarget.value)}
              />
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
            <TextInput
              type="date"
              label={messages.validUntil}
              description={messages.validUntilDescription}
              value={form.validUntil}
              onChange={(event) => set("validUntil", event.currentTarget.value)}
            />
            <DecimalInput
              label={invoiceMessages.paymentTermDays}
              {...invoiceInputHints.paymentTermDays}
              allowDecimal={false}
              value={form.paymentTermDays}
              onChange={(value) => set("paymentTermDays", value)}
            />
          </SimpleGrid>

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
                value={form.taxExemptionReason}
                onChange={(event) => set("taxExemptionReason", event.currentTarget.value)}
              />
            </SimpleGrid>
          )}

          <Grid gap="lg" align="stretch">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Textarea
                label={invoiceMessages.notes}
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
            <Button variant="default" type="button" size="md" onClick={() => store(false)} disabled={save.isPending}>
              {invoiceMessages.saveDraft}
            </Button>
            <Button type="submit" size="md" loading={save.isPending}>
              {messages.issue}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
