import {
  type CompanyAnswer,
  type CompanyLogo,
  type CompanySettings,
  type CompanySettingsDraft,
  type CompanySettingsField,
  checkCompanySettings,
  checkDatevSettings,
  companyLogoMessages,
  companyMessages,
  type DatevRevenueKey,
  type DatevSettings,
  type DatevSettingsAnswer,
  type DatevSettingsDraft,
  datevCharts,
  datevFieldOrder,
  datevMessages,
  datevRevenueKeys,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { bytesResponse, nullable, schemaOf, stringEnum } from "../../http/openapi.ts";

/** Each route of /api/company in one definition: body, answer and documentation (routes.ts mounts them). */

const tags = ["Company"];

const companySettingsSchema = schemaOf<CompanySettings>()(
  Type.Object(
    {
      name: Type.String({ description: "The legal name printed on invoices." }),
      street: Type.String(),
      postalCode: Type.String(),
      city: Type.String(),
      countryCode: Type.String({ description: "ISO 3166-1 alpha-2, e.g. DE." }),
      taxNumber: nullable(Type.String({ description: "Steuernummer." })),
      vatId: nullable(Type.String({ description: "USt-IdNr." })),
      registerNumber: nullable(
        Type.String({ description: "Handelsregister entry, e.g. HRB 245871 B, Amtsgericht Charlottenburg." }),
      ),
      managingDirectors: nullable(Type.String({ description: "Geschäftsführung, printed in the PDFs' footer." })),
      iban: nullable(Type.String({ description: "Without spaces." })),
      bic: nullable(Type.String()),
      bankName: nullable(Type.String()),
      contactName: nullable(Type.String()),
      contactPhone: nullable(Type.String()),
      contactEmail: nullable(Type.String()),
      website: nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
);

const companyLogoSchema = schemaOf<CompanyLogo>()(
  Type.Object(
    {
      contentType: stringEnum(["image/png", "image/jpeg"] as const),
      width: Type.Integer({ description: "Pixels." }),
      height: Type.Integer({ description: "Pixels." }),
      size: Type.Integer({ description: "Bytes." }),
      sha256: Type.String({ description: "SHA-256 (hex) of the bytes." }),
    },
    { additionalProperties: false },
  ),
);

const companyAnswerSchema = schemaOf<CompanyAnswer>()(
  Type.Object(
    {
      company: companySettingsSchema,
      logo: nullable(companyLogoSchema),
      provider: Type.String({ description: 'The "Dienstleister" block the invoice form starts with.' }),
      admins: Type.Array(Type.String(), {
        description: "The active admins' names: who may complete the settings (what staff are told).",
      }),
    },
    { additionalProperties: false },
  ),
);

/** The form's field order, in which the first problem is named. */
const fieldNames: CompanySettingsField[] = [
  "name",
  "street",
  "postalCode",
  "city",
  "countryCode",
  "taxNumber",
  "vatId",
  "registerNumber",
  "managingDirectors",
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

export const readCompanyRoute = endpoint("GET /api/company")({
  summary: "The company settings invoices are issued with",
  tags,
  answer: { status: 200, description: "The settings and the provider block they make.", schema: companyAnswerSchema },
});

export const saveCompanyRoute = endpoint("PUT /api/company")({
  summary: "Replace the company settings",
  tags,
  // Text, null or absent; then the kit's rules (the form's own) make the settings to store.
  body: withRules(
    t.Object(
      Object.fromEntries(fieldNames.map((field) => [field, textField(field)])) as Record<
        CompanySettingsField,
        ReturnType<typeof textField>
      >,
      { error: httpMessages.notJsonObject },
    ),
    companySettingsFrom,
  ),
  answer: { status: 200, description: "The stored settings.", schema: companyAnswerSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    422: { validation: [...Object.values(companyMessages), httpMessages.notJsonObject] },
  },
});

/** The settings to store: the kit's rules over the body, or a 422 with the first problem in the form's field order. */
function companySettingsFrom(body: CompanySettingsDraft): CompanySettings {
  const check = checkCompanySettings(body);
  if (check.ok) return check.settings;
  const first = fieldNames.map((field) => check.errors[field]).find((message) => message !== undefined);
  throw new HttpError(422, "validation", first ?? httpMessages.invalidInput);
}

const revenueAccountSchema = Type.Object(
  {
    account: Type.String({ description: "Sachkonto, as many digits as the Sachkontenlänge." }),
    taxKey: nullable(Type.String({ description: "BU-Schlüssel; null for an Automatikkonto." })),
  },
  { additionalProperties: false },
);

const datevSettingsSchema = schemaOf<DatevSettings>()(
  Type.Object(
    {
      consultantNumber: nullable(Type.Integer({ description: "Beraternummer (1001–9999999)." })),
      clientNumber: nullable(Type.Integer({ description: "Mandantennummer (1–99999)." })),
      chart: stringEnum(datevCharts, { description: "Kontenrahmen." }),
      accountLength: Type.Integer({ minimum: 4, maximum: 8, description: "Sachkontenlänge." }),
      fiscalYearStartMonth: Type.Integer({
        minimum: 1,
        maximum: 12,
        description: "The Wirtschaftsjahr's first month.",
      }),
      revenueAccounts: Type.Object(
        Object.fromEntries(datevRevenueKeys.map((key) => [key, revenueAccountSchema])) as Record<
          DatevRevenueKey,
          typeof revenueAccountSchema
        >,
        { additionalProperties: false, description: "The revenue account per VAT rate and tax case." },
      ),
      collectiveDebtor: Type.Integer({ description: "Debitor of invoices naming no customer." }),
    },
    { additionalProperties: false },
  ),
);

const datevAnswerSchema = schemaOf<DatevSettingsAnswer>()(
  Type.Object({ datev: datevSettingsSchema }, { additionalProperties: false }),
);

export const readDatevRoute = endpoint("GET /api/company/datev")({
  summary: "The settings of the DATEV export (admins)",
  tags,
  answer: {
    status: 200,
    description: "The stored settings, or the defaults until first saved.",
    schema: datevAnswerSchema,
  },
});

const numberOrText = (field: string) =>
  t.Optional(t.Union([t.String(), t.Number(), t.Null()], { error: `Das Feld „${field}“ muss eine Zahl sein.` }));
const optionalText = (field: string) =>
  t.Optional(t.Union([t.String(), t.Null()], { error: `Das Feld „${field}“ muss Text sein.` }));

export const saveDatevRoute = endpoint("PUT /api/company/datev")({
  summary: "Replace the settings of the DATEV export",
  tags,
  body: withRules(
    t.Object(
      {
        consultantNumber: numberOrText("consultantNumber"),
        clientNumber: numberOrText("clientNumber"),
        chart: optionalText("chart"),
        accountLength: numberOrText("accountLength"),
        fiscalYearStartMonth: numberOrText("fiscalYearStartMonth"),
        revenueAccounts: t.Optional(
          t.Union(
            [
              t.Record(
                t.String(),
                t.Union([t.Object({ account: optionalText("account"), taxKey: optionalText("taxKey") }), t.Null()]),
              ),
              t.Null(),
            ],
            { error: "Das Feld „revenueAccounts“ muss ein Objekt sein." },
          ),
        ),
        collectiveDebtor: numberOrText("collectiveDebtor"),
      },
      { error: httpMessages.notJsonObject },
    ),
    datevSettingsFrom,
  ),
  answer: { status: 200, description: "The stored settings.", schema: datevAnswerSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    422: {
      validation: [
        datevMessages.consultantNumberInvalid,
        datevMessages.clientNumberInvalid,
        datevMessages.revenueAccountInvalid("Erlöse 19 %", 4),
        httpMessages.notJsonObject,
      ],
    },
  },
});

/** The settings to store: the kit's rules over the body, or a 422 with the first problem in the form's order. */
function datevSettingsFrom(body: DatevSettingsDraft): DatevSettings {
  const check = checkDatevSettings(body);
  if (check.ok) return check.settings;
  const first = datevFieldOrder.map((field) => check.errors[field]).find((message) => message !== undefined);
  throw new HttpError(422, "validation", first ?? httpMessages.invalidInput);
}

export const uploadLogoRoute = endpoint("PUT /api/company/logo")({
  summary: "Replace the letterhead's logo (admins): a PNG or JPEG of at most 1 MB, checked by its bytes",
  tags,
  // Read by the route as it arrives (parse: none); the declared type is not trusted, the bytes are.
  requestBody: {
    required: true,
    content: {
      "image/png": { schema: { type: "string", format: "binary" } },
      "image/jpeg": { schema: { type: "string", format: "binary" } },
      "application/octet-stream": { schema: { type: "string", format: "binary" } },
    },
  },
  answer: { status: 200, description: "The settings with the new logo.", schema: companyAnswerSchema },
  errors: {
    413: { "logo-too-large": [companyLogoMessages.tooLarge] },
    415: { "logo-type": [companyLogoMessages.wrongType] },
    422: {
      "logo-unreadable": [companyLogoMessages.unreadable, companyLogoMessages.tooManyPixels, companyLogoMessages.empty],
    },
  },
});

export const removeLogoRoute = endpoint("DELETE /api/company/logo")({
  summary: "Remove the letterhead's logo (admins): later PDFs carry none; issued ones keep theirs",
  tags,
  answer: { status: 200, description: "The settings without a logo.", schema: companyAnswerSchema },
});

export const readLogoRoute = endpoint("GET /api/company/logo")({
  summary: "The letterhead's logo: its bytes as PNG or JPEG",
  tags,
  responses: {
    200: bytesResponse("`image/png` or `image/jpeg`, with `X-Content-Type-Options: nosniff`."),
  },
  errors: { 404: { "logo-not-found": [companyLogoMessages.notFound] } },
});
