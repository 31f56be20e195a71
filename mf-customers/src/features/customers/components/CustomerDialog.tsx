import {
  type Customer,
  type CustomerField,
  checkCustomer,
  customerLimits,
  customerMessages,
  customerStatuses,
  customerStatusLabel,
  datevFieldLabels,
  defaultCustomerStatus,
} from "@klarwerk/kit";
import { ApiError } from "@klarwerk/kit/browser";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from "@klarwerk/kit/ui";
import { type FormEvent, useRef, useState } from "react";
import { useSaveCustomer } from "../api/save-customer";
import { customerScreenMessages as messages } from "../messages";

type FormValues = Record<CustomerField, string>;
type FieldErrors = Partial<Record<CustomerField, string>>;

const fieldOrder: CustomerField[] = ["name", "email", "phone", "website", "address", "leitweg_id", "notes", "status"];
const statusOptions = customerStatuses.map((status) => ({ value: status, label: customerStatusLabel(status) }));

function initialValues(customer: Customer | null): FormValues {
  return {
    name: customer?.name ?? "",
    email: customer?.email ?? "",
    phone: customer?.phone ?? "",
    website: customer?.website ?? "",
    notes: customer?.notes ?? "",
    status: customer?.status ?? defaultCustomerStatus,
    address: customer?.address ?? "",
    leitweg_id: customer?.leitweg_id ?? "",
  };
}

interface CustomerFormProps {
  customer: Customer | null;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * The dialog's form. It lives only while the dialog is open, so closing it (×, Abbrechen, Escape,
 * a click on the backdrop) throws away what was typed and the edited id.
 */
function CustomerForm({ customer, onCancel, onSaved }: CustomerFormProps) {
  const [values, setValues] = useState<FormValues>(() => initialValues(customer));
  const [errors, setErrors] = useState<FieldErrors>({});
  const fields = useRef<Partial<Record<CustomerField, HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>>>({});
  const save = useSaveCustomer({
    onSuccess: () => {
      notifySuccess(customer ? messages.saved : messages.created);
      onSaved();
    },
    onError: (error) => {
      // The server's German message (a rule it enforces, or "Bitte melden Sie sich an.") is shown
      // under the title; without one (no connection), what happened and what to do. The details
      // stay in the console for whoever supports the user.
      console.error(messages.saveFailedLog, error);
      notifyError(messages.saveFailed, error instanceof ApiError ? error.message : messages.saveFailedRetry);
    },
  });

  const change = (field: CustomerField) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const fieldProps = (field: CustomerField) => ({
    value: values[field],
    onChange: change(field),
    error: errors[field],
    ref: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => {
      if (element) fields.current[field] = element;
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const check = checkCustomer(values);
    if (!check.ok) {
      setErrors(check.errors);
      if (check.errors.name === customerMessages.nameRequired) notifyError(customerMessages.nameRequired);
      const first = fieldOrder.find((field) => check.errors[field]);
      if (first) fields.current[first]?.focus();
      return;
    }
    save.mutate({ customer: check.customer, id: customer?.id ?? null });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={messages.fields.name}
          withAsterisk
          aria-required
          autoComplete="organization"
          maxLength={customerLimits.nameMax}
          data-autofocus
          {...fieldProps("name")}
        />
        <TextInput
          label={messages.fields.email}
          type="email"
          autoComplete="email"
          maxLength={customerLimits.emailMax}
          {...fieldProps("email")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={messages.fields.phone}
            type="tel"
            autoComplete="tel"
            maxLength={customerLimits.phoneMax}
            {...fieldProps("phone")}
          />
          <TextInput
            label={messages.fields.website}
            type="url"
            autoComplete="url"
            placeholder="https://"
            maxLength={customerLimits.websiteMax}
            {...fieldProps("website")}
          />
        </SimpleGrid>
        <Textarea
          label={messages.fields.address}
          placeholder={messages.addressPlaceholder}
          autosize
          minRows={2}
          maxRows={6}
          autoComplete="street-address"
          maxLength={customerLimits.addressMax}
          {...fieldProps("address")}
        />
        <TextInput
          label={messages.fields.leitweg_id}
          description={messages.leitwegIdDescription}
          maxLength={customerLimits.leitwegIdMax}
          {...fieldProps("leitweg_id")}
        />
        {customer && (
          <TextInput
            label={datevFieldLabels.debitorNumber}
            description={messages.debitorNumberDescription}
            value={String(customer.debitor_number)}
            readOnly
            variant="filled"
          />
        )}
        <Textarea
          label={messages.fields.notes}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={customerLimits.notesMax}
          {...fieldProps("notes")}
        />
        <NativeSelect label={messages.fields.status} data={statusOptions} {...fieldProps("status")} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" type="button" onClick={onCancel}>
            {messages.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {customer ? messages.save : messages.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface CustomerDialogProps {
  opened: boolean;
  /** The customer to edit; null for a new one. */
  customer: Customer | null;
  /** Changes at every opening, so a form reopened during the closing animation starts afresh. */
  session: number;
  onClose: () => void;
  /** Called once the closing animation ended, to forget the edited customer. */
  onClosed: () => void;
}

/** "Neuen Kunden anlegen" / "Kundendaten bearbeiten": a modal that closes on ×, Escape and the backdrop. */
export function CustomerDialog({ opened, customer, session, onClose, onClosed }: CustomerDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      title={customer ? messages.dialogEdit : messages.dialogNew}
      closeButtonProps={{ "aria-label": messages.close }}
      size="lg"
      centered
      radius="lg"
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      classNames={{ title: "cust-dialog-title" }}
    >
      <CustomerForm key={session} customer={customer} onCancel={onClose} onSaved={onClose} />
    </Modal>
  );
}
