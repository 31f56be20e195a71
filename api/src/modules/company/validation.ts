import { type CompanySettings, type CompanySettingsField, checkCompanySettings } from "@klarwerk/kit";
import { t } from "elysia";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";

const fieldNames: CompanySettingsField[] = [
  "name",
  "street",
  "postalCode",
  "city",
  "countryCode",
  "taxNumber",
  "vatId",
  "registerNumber",
  "iban",
  "bic",
  "bankName",
  "contactName",
  "contactPhone",
  "contactEmail",
  "website",
];

function textField(field: string) {
  return t.Optional(t.Union([t.String(), t.Null()], { error: `Das Feld „${field}“ muss Text sein.` }));
}

/** Shapes only (text, null or absent); the rules are the kit's `checkCompanySettings`. */
export const companyBody = t.Object(
  Object.fromEntries(fieldNames.map((field) => [field, textField(field)])) as Record<
    CompanySettingsField,
    ReturnType<typeof textField>
  >,
  { error: httpMessages.notJsonObject },
);

/** The settings to store, or a 422 with the first problem in the form's field order. */
export function companySettingsFrom(body: typeof companyBody.static): CompanySettings {
  const check = checkCompanySettings(body);
  if (check.ok) return check.settings;
  const first = fieldNames.map((field) => check.errors[field]).find((message) => message !== undefined);
  throw new HttpError(422, "validation", first ?? httpMessages.invalidInput);
}
