import { ageingBuckets, type InvoiceReport } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { endpoint } from "../../http/endpoint.ts";
import { schemaOf } from "../../http/openapi.ts";

/**
 * The invoices module's routes defined as record 0055 says (the others still have docs.ts,
 * responses.ts and validation.ts; they move here one at a time).
 */

const tags = ["Invoices"];

const cents = (description: string) => Type.Integer({ description });

function amountSchema(description: string) {
  return Type.Object(
    {
      count: Type.Integer({ minimum: 0, description: "How many invoices." }),
      sum_cents: cents("Their gross total, in cents."),
    },
    { additionalProperties: false, description },
  );
}

const bucketSchemas = Object.fromEntries(
  ageingBuckets.map((bucket) => [bucket, amountSchema(`The open items in the bucket \`${bucket}\`.`)]),
) as Record<(typeof ageingBuckets)[number], ReturnType<typeof amountSchema>>;

const reportSchema = schemaOf<InvoiceReport>()(
  Type.Object(
    {
      today: Type.String({ format: "date", description: "The day in Germany the ages are counted to." }),
      open_items: Type.Object(
        {
          count: Type.Integer({ minimum: 0, description: "Issued invoices neither paid nor cancelled." }),
          sum_cents: cents("Their gross total, in cents."),
          overdue: amountSchema("Those past their due date (every bucket but `not_due`)."),
          buckets: Type.Object(bucketSchemas, {
            additionalProperties: false,
            description:
              "By days past the due date on `today`: `not_due` (due today or later), `days_1_30`, `days_31_60`, `days_over_60`.",
          }),
        },
        { additionalProperties: false },
      ),
      revenue: Type.Array(
        Type.Object(
          {
            month: Type.String({ pattern: "^\\d{4}-\\d{2}$", description: "`yyyy-mm`." }),
            paid_cents: cents("Net of the month's invoices that are paid, in cents."),
            open_cents: cents("Net of the month's invoices not paid (yet), in cents."),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 12,
          maxItems: 12,
          description:
            "The last twelve months, oldest first, by invoice date. A Stornorechnung counts negative in its own month, in the column of the invoice it cancels.",
        },
      ),
    },
    { additionalProperties: false },
  ),
);

export const reportRoute = endpoint("GET /api/invoices/report")({
  summary: "Auswertung: open items by age and the net revenue of the last twelve months",
  description:
    "Amounts in cents. Staff do not see invoices a data-protection erasure restricted, in the sums as in the list; the bucket names are the list's `ageing` filter.",
  tags,
  answer: { status: 200, description: "The report for today in Germany.", schema: reportSchema },
});
