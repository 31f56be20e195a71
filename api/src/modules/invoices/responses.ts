import {
  type CancellationAnswer,
  type Invoice,
  type InvoiceAnswer,
  type InvoiceItem,
  type InvoicePage,
  type InvoiceReference,
  type InvoiceSummary,
  type InvoiceTotals,
  invoiceStatuses,
  taxCases,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";

/** The answers of /api/invoices as the OpenAPI document describes them: the kit's types. */

const isoDate = (description: string) => Type.String({ format: "date", description });
const cents = (description: string) => Type.Integer({ description: `${description} In cents.` });

const statusSchema = stringEnum(invoiceStatuses, {
  description:
    "draft (Entwurf), open (offen), paid (bezahlt), overdue (überfällig: past the due date), cancelled " +
    "(storniert: a cancellation invoice reverses it), cancellation (it is a Stornorechnung).",
});

const referenceSchema = schemaOf<InvoiceReference>()(
  Type.Object({ id: Type.Integer({ minimum: 1 }), number: Type.String() }, { additionalProperties: false }),
);

const itemSchema = schemaOf<InvoiceItem>()(
  Type.Object(
    {
      description: Type.String(),
      quantity: Type.Number({ description: "May have decimals; negative on a cancellation invoice." }),
      unitPriceCents: cents("Price of one."),
    },
    { additionalProperties: false },
  ),
);

const totalsSchema = schemaOf<InvoiceTotals>()(
  Type.Object(
    {
      lines: Type.Array(
        Type.Object({ unitCents: Type.Integer(), totalCents: Type.Integer() }, { additionalProperties: false }),
        { description: "Per item, in order." },
      ),
      subtotalCents: cents("Zwischensumme."),
      discountCents: cents("Rabatt (a deduction)."),
      feesCents: cents("Sonstige Gebühren."),
      netCents: cents("Net amount, the base of the VAT."),
      taxCents: cents("MwSt."),
      totalCents: cents("Gesamt."),
    },
    { additionalProperties: false },
  ),
);

export const invoiceSchema = schemaOf<Invoice>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      status: statusSchema,
      number: nullable(Type.String({ description: '"2026-0001"; null for a draft.' })),
      customerId: nullable(Type.Integer({ minimum: 1 })),
      recipient: Type.String({ description: '"Kunde": name, street, "12345 Ort", one a line.' }),
      recipientVatId: nullable(Type.String()),
      buyerReference: nullable(Type.String({ description: "Leitweg-ID or order reference (BT-10)." })),
      provider: Type.String({ description: '"Dienstleister", same layout.' }),
      issueDate: isoDate("Rechnungsdatum."),
      serviceDate: nullable(isoDate("Leistungsdatum; null: the invoice date, unless a period is given.")),
      servicePeriodStart: nullable(isoDate("Leistungszeitraum from.")),
      servicePeriodEnd: nullable(isoDate("Leistungszeitraum to.")),
      paymentTermDays: Type.Integer({ minimum: 0, description: "Zahlungsziel in days." }),
      items: Type.Array(itemSchema),
      discountPercent: Type.Number(),
      taxPercent: Type.Number(),
      taxCase: nullable(
        stringEnum(taxCases, {
          description:
            "At 0 %: small-business (§ 19 UStG, VAT category E), reverse-charge (AE, VATEX-EU-AE), " +
            "intra-community-supply (K, VATEX-EU-IC), export (G, VATEX-EU-G); null at other rates.",
        }),
      ),
      taxExemptionReason: nullable(Type.String()),
      extraFeesCents: cents("Sonstige Gebühren."),
      notes: Type.String(),
      dueDate: isoDate("Invoice date + Zahlungsziel."),
      totals: totalsSchema,
      paidOn: nullable(isoDate("Paid on.")),
      cancels: nullable(referenceSchema),
      cancelledBy: nullable(referenceSchema),
      createdAt: Type.String({ format: "date-time" }),
      createdByName: nullable(Type.String()),
      issuedAt: nullable(Type.String({ format: "date-time" })),
      issuedByName: nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
);

const summarySchema = schemaOf<InvoiceSummary>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      status: statusSchema,
      number: nullable(Type.String()),
      recipientName: Type.String({ description: 'The first line of "Kunde".' }),
      customerId: nullable(Type.Integer({ minimum: 1 })),
      issueDate: isoDate("Rechnungsdatum."),
      dueDate: isoDate("Fällig am."),
      totalCents: cents("Gesamt."),
      paidOn: nullable(isoDate("Paid on.")),
      cancels: nullable(referenceSchema),
      cancelledBy: nullable(referenceSchema),
      createdAt: Type.String({ format: "date-time" }),
    },
    { additionalProperties: false },
  ),
);

export const invoicePageSchema = schemaOf<InvoicePage>()(
  Type.Object(
    {
      invoices: Type.Array(summarySchema, { description: "Newest first." }),
      pages: Type.Integer({ minimum: 1 }),
      total: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: false },
  ),
);

export const invoiceAnswerSchema = schemaOf<InvoiceAnswer>()(
  Type.Object({ invoice: invoiceSchema }, { additionalProperties: false }),
);

export const cancellationAnswerSchema = schemaOf<CancellationAnswer>()(
  Type.Object(
    {
      invoice: invoiceSchema,
      cancelled: invoiceSchema,
    },
    {
      additionalProperties: false,
      description: "invoice: the new Stornorechnung; cancelled: the original, now cancelled.",
    },
  ),
);
