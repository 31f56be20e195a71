import type { CompanyAnswer, CompanySettings } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf } from "../../http/openapi.ts";

/** The answers of /api/company as the OpenAPI document describes them: the kit's type. */
export const companySettingsSchema = schemaOf<CompanySettings>()(
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

export const companyAnswerSchema = schemaOf<CompanyAnswer>()(
  Type.Object(
    {
      company: companySettingsSchema,
      provider: Type.String({ description: 'The "Dienstleister" block the invoice form starts with.' }),
    },
    { additionalProperties: false },
  ),
);
