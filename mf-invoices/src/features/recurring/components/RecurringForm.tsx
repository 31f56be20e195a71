import {
  type Customer,
  recurringInvoiceMessages as messages,
  type RecurringInvoice,
  recurringFrequencies,
  recurringFrequencyLabels,
  recurringModeLabels,
  recurringModes,
  recurringServicePeriodLabels,
  recurringServicePeriods,
  todayInGermany,
} from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from "@klarwerk/kit/ui";
import { useState } from "react";
import { CustomerPicker } from "../../../shared/components/CustomerPicker";
import { useSaveRecurringInvoice } from "../api/recurring-invoices";

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The template to change; null for a new one. */
  template: RecurringInvoice | null;
}

/** „Neue Vorlage“ / „Vorlage bearbeiten“: customer, one item, interval, dates, period, mode. */
export function RecurringForm({ opened, onClose, template }: Props) {
  const save = useSaveRecurringInvoice();
  const first = template?.items[0];
  const [customer, setCustomer] = useState<{ id: number; name: string } | null>(
    template ? { id: template.customerId, name: template.customerName } : null,
  );
  const [description, setDescription] = useState(first?.description ?? "");
  const [quantity, setQuantity] = useState<number>(first?.quantity ?? 1);
  const [price, setPrice] = useState<number>((first?.unitPriceCents ?? 0) / 100);
  const [frequency, setFrequency] = useState<string>(template?.frequency ?? "monthly");
  const [firstOn, setFirstOn] = useState(template?.firstOn ?? todayInGermany());
  const [endsOn, setEndsOn] = useState(template?.endsOn ?? "");
  const [servicePeriod, setServicePeriod] = useState<string>(template?.servicePeriod ?? "current");
  const [mode, setMode] = useState<string>(template?.mode ?? "draft");
  const submit = () => {
    save.mutate(
      {
        id: template?.id ?? null,
        input: {
          customerId: customer?.id ?? 0,
          items: [
            { description, quantity, unitPriceCents: Math.round(price * 100) },
            ...(template?.items.slice(1) ?? []),
          ],
          frequency,
          firstOn,
          endsOn: endsOn === "" ? null : endsOn,
          servicePeriod,
          mode,
        },
      },
      {
        onSuccess: () => {
          notifySuccess(messages.saved);
          onClose();
        },
        onError: (error) =>
          notifyError(messages.saved.replace("ist gespeichert", "wurde nicht gespeichert"), error.message),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={template ? messages.editTemplate : messages.newTemplate} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <CustomerPicker onPick={(picked: Customer) => setCustomer({ id: picked.id, name: picked.name })} />
          <Text size="sm" aria-live="polite">
            {messages.customer}: {customer?.name ?? "—"}
          </Text>
          <TextInput
            label={messages.description}
            required
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={messages.quantity}
              min={0}
              value={quantity}
              onChange={(value) => setQuantity(Number(value) || 0)}
            />
            <NumberInput
              label={messages.unitPrice}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              value={price}
              onChange={(value) => setPrice(Number(value) || 0)}
            />
          </Group>
          <NativeSelect
            label={messages.frequency}
            value={frequency}
            onChange={(event) => setFrequency(event.currentTarget.value)}
            data={recurringFrequencies.map((value) => ({ value, label: recurringFrequencyLabels[value] }))}
          />
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={messages.firstOn}
              required
              value={firstOn}
              onChange={(event) => setFirstOn(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={messages.endsOn}
              value={endsOn}
              onChange={(event) => setEndsOn(event.currentTarget.value)}
            />
          </Group>
          <NativeSelect
            label={messages.servicePeriod}
            value={servicePeriod}
            onChange={(event) => setServicePeriod(event.currentTarget.value)}
            data={recurringServicePeriods.map((value) => ({ value, label: recurringServicePeriodLabels[value] }))}
          />
          <NativeSelect
            label={messages.mode}
            value={mode}
            onChange={(event) => setMode(event.currentTarget.value)}
            data={recurringModes.map((value) => ({ value, label: recurringModeLabels[value] }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {messages.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {messages.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
