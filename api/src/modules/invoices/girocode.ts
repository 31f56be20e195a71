import { blockName } from "@klarwerk/kit";
import { decimalOfCents } from "./einvoice.ts";
import type { InvoiceDocumentData } from "./types.ts";

/** EPC069-12: the beneficiary's name is at most 70 characters, the remittance text at most 140. */
const nameMax = 70;
const remittanceMax = 140;
/** The largest amount a GiroCode may carry: 999 999 999,99 €. */
const amountMaxCents = 99_999_999_999;

/**
 * The GiroCode (EPC QR code) of a SEPA credit transfer paying the invoice: service tag BCD,
 * version 002, UTF-8, SCT, BIC, the payee's name, IBAN, `EUR<amount>`, no purpose, no structured
 * reference, the invoice number as remittance text. Null when there is nothing to pay by transfer
 * (no IBAN, or an amount a GiroCode cannot carry).
 */
export function girocodePayload(
  data: Pick<InvoiceDocumentData, "seller" | "content" | "number" | "totals">,
): string | null {
  const { seller, totals } = data;
  if (!seller.iban || totals.totalCents <= 0 || totals.totalCents > amountMaxCents) return null;
  const name = (blockName(data.content.provider) || seller.name).slice(0, nameMax);
  return [
    "BCD",
    "002",
    "1",
    "SCT",
    seller.bic ?? "",
    name,
    seller.iban,
    `EUR${decimalOfCents(totals.totalCents)}`,
    "",
    "",
    data.number.slice(0, remittanceMax),
  ].join("\n");
}
