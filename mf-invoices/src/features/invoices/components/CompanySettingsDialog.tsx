import {
  type CompanySettings,
  type CompanySettingsDraft,
  type CompanySettingsField,
  checkCompanySettings,
} from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { useDatevSettings } from "../../../shared/api/datev-settings";
import { useCompany } from "../../../shared/api/get-company";
import { invoiceMessages } from "../../../shared/messages";
import { useSaveCompany } from "../api/save-company";
import { DatevSettingsForm } from "./DatevSettingsForm";
import { LazyLogoSection } from "./LazyLogoSection";
import { MailTemplateSection } from "./MailTemplateForm";
import { ReminderSettingsForm } from "./ReminderSettingsForm";

type Values = Record<CompanySettingsField, string>;

/** The form's fields in order, grouped as a letterhead reads: company, tax, bank, contact. */
const groups: CompanySettingsField[][] = [
  ["name", "street", "postalCode", "city", "countryCode"],
  ["taxNumber", "vatId", "registerNumber", "managingDirectors"],
  ["iban", "bic", "bankName"],
  ["contactName", "contactPhone", "contactEmail", "website"],
];

function valuesOf(company: CompanySettings): Values {
  return Object.fromEntries(Object.entries(company).map(([field, value]) => [field, value ?? ""])) as Values;
}

interface CompanySettingsFormProps {
  company: CompanySettings;
  onDone: () => void;
}

/** The fields, checked by the kit's rules before the admin's save (the server checks them again). */
function CompanySettingsForm({ company, onDone }: CompanySettingsFormProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(company));
  const [errors, setErrors] = useState<Partial<Record<CompanySettingsField, string>>>({});
  const save = useSaveCompany();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const draft: CompanySettingsDraft = values;
    const check = checkCompanySettings(draft);
    if (!check.ok) {
      setErrors(check.errors);
      const first = groups.flat().find((field) => check.errors[field]);
      if (first) notifyError(check.errors[first] ?? invoiceMessages.actionFailed);
      return;
    }
    save.mutate(check.settings, {
      onSuccess: () => {
        notifySuccess(invoiceMessages.companySaved);
        onDone();
      },
      onError: (error) => notifyError(invoiceMessages.actionFailed, error.message),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text fz="sm" c="dimmed">
          {invoiceMessages.companyDescription}
        </Text>
        {groups.map((fields) => (
          <SimpleGrid key={fields[0]} cols={{ base: 1, sm: 2 }} spacing="sm">
            {fields.map((field) => (
              <TextInput
                key={field}
                label={invoiceMessages.companyFields[field]}
                value={values[field]}
                error={errors[field]}
                errorProps={{ c: "var(--mantine-color-error)" }}
                onChange={(event) => {
                  const { value } = event.currentTarget;
                  setValues((current) => ({ ...current, [field]: value }));
                  setErrors((current) => ({ ...current, [field]: undefined }));
                }}
              />
            ))}
          </SimpleGrid>
        ))}
        <Group justify="flex-end">
          <Button variant="default" type="button" onClick={onDone}>
            {invoiceMessages.abort}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {invoiceMessages.companySave}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CompanySettingsDialogProps {
  company: CompanySettings | undefined;
  opened: boolean;
  onClose: () => void;
}

/** "Firmeneinstellungen": the provider data every invoice carries, and the DATEV export's settings, for admins to edit. */
export function CompanySettingsDialog({ company, opened, onClose }: CompanySettingsDialogProps) {
  const datev = useDatevSettings(opened);
  const answer = useCompany();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={invoiceMessages.companyTitle}
      closeButtonProps={{ "aria-label": invoiceMessages.close }}
      size="lg"
      centered
      radius="lg"
    >
      {company && opened && <CompanySettingsForm company={company} onDone={onClose} />}
      {answer.data && opened && (
        <>
          <Divider my="lg" />
          <LazyLogoSection logo={answer.data.logo} />
        </>
      )}
      {datev.data && opened && (
        <>
          <Divider my="lg" />
          <DatevSettingsForm settings={datev.data.datev} />
        </>
      )}
      {opened && <Divider my="lg" />}
      <MailTemplateSection opened={opened} />
      {opened && (
        <>
          <Divider my="lg" />
          <ReminderSettingsForm enabled={opened} />
        </>
      )}
    </Modal>
  );
}
