import { formatEuro } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Grid, Group, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { isoDate } from "../invoice/dates";
import { invoiceTotalsOrNull } from "../invoice/totals";
import type { Invoice, InvoiceForm, InvoiceItemForm } from "../invoice/types";
import {
  type InvoiceFormErrors,
  invoiceDraft,
  invoiceInputHints,
  keptItem,
  validateInvoiceForm,
} from "../invoice/validation";
import { invoiceMessages } from "../messages";
import { DecimalInput } from "./DecimalInput";
import { InvoicePreview } from "./InvoicePreview";
import { ItemsEditor } from "./ItemsEditor";

interface InvoiceEditorProps {
  draft: InvoiceForm;
  updateDraft: (update: (draft: InvoiceForm) => InvoiceForm) => void;
  /** The id the next saved invoice gets. */
  nextId: () => number;
  onSave: (invoice: Invoice) => void;
}

/** Mantine's default error red is too light for WCAG AA text contrast on white. */
const errorTextProps = { c: "red.9" } as const;

/** Kunde and Dienstleister: multi-line free text, both required. */
const parties = ["customer", "provider"] as const;

/** Per form row: its printed line total, or null while the row would be dropped on saving. */
function rowTotals(items: InvoiceItemForm[], lineCents: number[] | undefined): (string | null)[] {
  let kept = 0;
  return items.map((item) => {
    if (keptItem(item) === null) return null;
    const cents = lineCents?.[kept++];
    return cents === undefined ? null : formatEuro(cents);
  });
}

/**
 * "Neue Rechnung erstellen": the parties, the date, the items, discount, VAT, fees and notes,
 * with live totals. Saving checks the spec's rules; each refusal shows at its field and the first
 * one is announced as a notification, and focus goes to the first field to fix.
 */
export function InvoiceEditor({ draft, updateDraft, nextId, onSave }: InvoiceEditorProps) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<InvoiceFormErrors>({});
  const [refusals, setRefusals] = useState(0);

  const preview = useMemo(() => invoiceDraft(draft, 0), [draft]);
  const totals = useMemo(() => invoiceTotalsOrNull(preview), [preview]);
  const lineTotals = useMemo(
    () =>
      rowTotals(
        draft.items,
        totals?.lines.map((line) => line.totalCents),
      ),
    [draft.items, totals],
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A cleared date field falls back to its default, today.
    const form = draft.date ? draft : { ...draft, date: isoDate(new Date()) };
    const result = validateInvoiceForm(form, nextId());
    if (!result.ok) {
      setErrors(result.errors);
      setRefusals((count) => count + 1);
      notifyError(result.message);
      return;
    }
    if (invoiceTotalsOrNull(result.invoice) === null) {
      notifyError(invoiceMessages.amountTooLarge);
      return;
    }
    setErrors({});
    onSave(result.invoice);
    notifySuccess(invoiceMessages.saved);
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
        {invoiceMessages.formTitle}
      </Title>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {parties.map((party) => (
              <Textarea
                key={party}
                label={invoiceMessages[party]}
                placeholder={invoiceMessages[`${party}Placeholder`]}
                withAsterisk
                autosize
                minRows={3}
                maxRows={8}
                value={draft[party]}
                error={errors[party]}
                errorProps={errorTextProps}
                onChange={(event) => set(party, event.currentTarget.value)}
              />
            ))}
          </SimpleGrid>

          <TextInput
            type="date"
            label={invoiceMessages.date}
            w={{ base: "100%", xs: 220 }}
            value={draft.date}
            onChange={(event) => set("date", event.currentTarget.value)}
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
            <DecimalInput
              label={invoiceMessages.extraFees}
              {...invoiceInputHints.extraFees}
              decimalScale={2}
              value={draft.extraFees}
              onChange={(value) => set("extraFees", value)}
            />
          </SimpleGrid>

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
              <InvoicePreview invoice={preview} totals={totals} />
            </Grid.Col>
          </Grid>

          <Group justify="flex-end">
            <Button type="submit" size="md">
              {invoiceMessages.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
