import { datevMessages } from "@klarwerk/kit";
import type { OpenAPIV3 } from "openapi-types";
import { bytesResponse, errorResponses } from "../../http/openapi.ts";

/** The OpenAPI `detail` of `GET /api/invoices/datev` (routes.ts). */

const dateParameter = (name: "from" | "to", description: string): OpenAPIV3.ParameterObject => ({
  name,
  in: "query",
  required: true,
  description,
  schema: { type: "string", format: "date" },
});

export const datevDocs = {
  summary: "The DATEV Buchungsstapel (EXTF 700) of the issued invoices of a period (admins)",
  description:
    "One booking per issued invoice dated in the period (both days included): Umsatz gross, Soll on the " +
    "customer's Debitor, Gegenkonto the revenue account of its VAT rate or tax case; a Stornorechnung on " +
    "the Haben side. Windows-1252, semicolons, CRLF. Each export is recorded in the audit trail.",
  tags: ["Invoices"],
  parameters: [
    dateParameter("from", "First day, `yyyy-mm-dd`."),
    dateParameter("to", "Last day, `yyyy-mm-dd`; in the same Wirtschaftsjahr as `from`."),
  ],
  responses: {
    200: bytesResponse("`text/csv; charset=windows-1252`, saved as `EXTF_Buchungsstapel_<from>_<to>.csv`.", {
      "Content-Disposition": {
        description: 'attachment; filename="EXTF_Buchungsstapel_<from>_<to>.csv"',
        schema: { type: "string" },
      },
    }),
    ...errorResponses({
      409: {
        "datev-settings-missing": [datevMessages.settingsMissing],
        "datev-account-missing": [
          datevMessages.rateWithoutAccount("16", "2026-0003"),
          datevMessages.debitorLengthMismatch(5),
        ],
      },
      422: {
        validation: [
          datevMessages.periodInvalid,
          datevMessages.periodReversed,
          datevMessages.periodOutOfRange,
          datevMessages.periodAcrossFiscalYears,
        ],
      },
    }),
  },
};
