/** The cases in which an invoice charges no VAT, with what the law and the e-invoice want for each. */
import type { InvoiceContent } from "./types";

/**
 * Why an invoice charges no VAT, as the user picks it: each with its EN 16931 VAT category
 * (UNCL 5305, BT-118), its VATEX exemption code (BT-121) and the note the law wants on the
 * invoice (BT-120, printed): § 19 UStG, § 13b / § 14a (5) UStG, § 4 Nr. 1b / § 6a UStG,
 * § 4 Nr. 1a / § 6 UStG.
 */
export const taxCases = ["small-business", "reverse-charge", "intra-community-supply", "export"] as const;

export type TaxCase = (typeof taxCases)[number];

export function isTaxCase(value: unknown): value is TaxCase {
  return typeof value === "string" && (taxCases as readonly string[]).includes(value);
}

export interface TaxCaseInfo {
  /** What the select shows. */
  label: string;
  category: "E" | "AE" | "K" | "G";
  /** BT-121; § 19 UStG has no VATEX code, its text (BT-120) says it. */
  exemptionCode: "VATEX-EU-AE" | "VATEX-EU-IC" | "VATEX-EU-G" | null;
  /** The legal note printed on the invoice and sent as BT-120. */
  note: string;
  /** Whether the customer's USt-IdNr must be on the invoice. */
  needsRecipientVatId: boolean;
  /** Whether the provider's USt-IdNr (not only a Steuernummer) must be on the invoice. */
  needsProviderVatId: boolean;
}

export const taxCaseInfo: Record<TaxCase, TaxCaseInfo> = {
  "small-business": {
    label: "Kleinunternehmer (§ 19 UStG)",
    category: "E",
    exemptionCode: null,
    note: "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.",
    needsRecipientVatId: false,
    needsProviderVatId: false,
  },
  "reverse-charge": {
    label: "Reverse Charge (§ 13b UStG)",
    category: "AE",
    exemptionCode: "VATEX-EU-AE",
    note: "Steuerschuldnerschaft des Leistungsempfängers",
    needsRecipientVatId: true,
    needsProviderVatId: false,
  },
  "intra-community-supply": {
    label: "Innergemeinschaftliche Lieferung (§ 4 Nr. 1b UStG)",
    category: "K",
    exemptionCode: "VATEX-EU-IC",
    note: "Steuerfreie innergemeinschaftliche Lieferung",
    needsRecipientVatId: true,
    needsProviderVatId: true,
  },
  export: {
    label: "Ausfuhr (§ 4 Nr. 1a UStG)",
    category: "G",
    exemptionCode: "VATEX-EU-G",
    note: "Steuerfreie Ausfuhrlieferung",
    needsRecipientVatId: false,
    needsProviderVatId: true,
  },
};

/**
 * The exemption note an invoice prints and sends (BT-120), or null when it charges VAT: the
 * case's legal note, followed by the user's reason when given; under § 19 the user's reason
 * replaces the standard sentence. Without a case (issued before there were cases): the reason.
 */
export function taxExemptionNote(
  content: Pick<InvoiceContent, "taxPercent" | "taxCase" | "taxExemptionReason">,
): string | null {
  if (content.taxPercent !== 0) return null;
  const reason = content.taxExemptionReason;
  if (content.taxCase === null) return reason;
  const { note } = taxCaseInfo[content.taxCase];
  if (reason === null) return note;
  return content.taxCase === "small-business" ? reason : `${note}. ${reason}`;
}
