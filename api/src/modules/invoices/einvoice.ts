import { type Invoice as EInvoiceData, InvoiceService } from "@e-invoice-eu/core";
import { type PostalAddress, parseAddressBlock, type TaxCaseInfo, taxCaseInfo, taxExemptionNote } from "@klarwerk/kit";
import { invoiceDocumentTexts } from "./messages.ts";
import type { InvoiceDocumentData } from "./types.ts";

/**
 * The invoice as an EN 16931 e-invoice in CII syntax, made with @e-invoice-eu/core from its
 * UBL-shaped JSON: the Factur-X/ZUGFeRD PDF (profile EN 16931, PDF/A-3b with `factur-x.xml`
 * attached) around our own PDF, and the XRechnung 3.0 XML. Facts that shape this mapping
 * (docs/stack-facts.md; the tests check every XML with the team's validator):
 * - the CII needs `ApplicableHeaderTradeDelivery`, which the library writes only for a
 *   `cac:Delivery`: the Leistungsdatum goes there (a period goes to `cac:InvoicePeriod`);
 * - a cancellation invoice is a credit note (type 381) with positive amounts, referring to the
 *   original (BT-25); the PDF prints it as a Stornorechnung with negated amounts;
 * - the seller's first tax registration gets its scheme from the library (VAT → VA, else FC), so
 *   the USt-IdNr goes first and the Steuernummer second, marked FC;
 * - at 0 % the tax case gives the VAT category (E, AE, K, G) of every line, allowance, charge and
 *   the breakdown, which alone carries the exemption note (BT-120) and VATEX code (BT-121); an
 *   intra-community supply also needs the deliver-to country (BT-80, BR-IC-12): the buyer's.
 */

const currency = "EUR";
const vat = { "cbc:ID": "VAT" } as const;

/**
 * XRechnung requires a buyer reference (BR-DE-15); a buyer without Leitweg-ID or order number
 * gets this, the usual "not applicable" of German B2B e-invoices.
 */
export const buyerReferenceFallback = "n/a";

/** Cents as the decimal the XML carries: 12345 → "123.45", -5 → "-0.05". */
export function decimalOfCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function decimalOf(value: number): string {
  // Quantities and percentages have at most four decimals (invoiceLimits): never an exponent.
  return String(value);
}

const silent = { log() {}, warn() {}, error: (message: string) => console.error(`[e-invoice] ${message}`) };
const service = new InvoiceService(silent);

function postalAddress(address: PostalAddress) {
  const [street, additional] = address.streetLines;
  return {
    ...(street ? { "cbc:StreetName": street } : {}),
    ...(additional ? { "cbc:AdditionalStreetName": additional } : {}),
    "cbc:CityName": address.city,
    "cbc:PostalZone": address.postalCode,
    // One of the few codes parseAddressBlock knows, all ISO 3166-1.
    "cac:Country": { "cbc:IdentificationCode": address.countryCode as CountryCode },
  };
}

function requireAddress(block: string, party: string): PostalAddress {
  const address = parseAddressBlock(block);
  // Issuing refuses an invoice without these addresses before it gets here (invoiceIssueProblem).
  if (!address) throw new Error(`the ${party} block has no postal address`);
  return address;
}

type EInvoiceFields = EInvoiceData["ubl:Invoice"];
type CountryCode =
  EInvoiceFields["cac:AccountingSupplierParty"]["cac:Party"]["cac:PostalAddress"]["cac:Country"]["cbc:IdentificationCode"];

/**
 * The library's input for this invoice. `xrechnung` adds what only XRechnung demands (a buyer
 * reference even when there is none).
 */
export function eInvoiceData(data: InvoiceDocumentData, { xrechnung }: { xrechnung: boolean }): EInvoiceData {
  const { content, totals, seller } = data;
  // A cancellation is a credit note: the same amounts, positive (they are stored negated).
  const sign = data.kind === "cancellation" ? -1 : 1;
  const amount = (cents: number) => decimalOfCents(sign * cents);
  const taxCase = content.taxPercent === 0 && content.taxCase !== null ? taxCaseInfo[content.taxCase] : null;
  // 0 % without a case: issued before there were cases, coded as it was then (exempt).
  const categoryCode: "S" | TaxCaseInfo["category"] = content.taxPercent !== 0 ? "S" : (taxCase?.category ?? "E");
  const exemptionNote = taxExemptionNote(content);
  const category = {
    "cbc:ID": categoryCode,
    "cbc:Percent": decimalOf(content.taxPercent),
    "cac:TaxScheme": vat,
  };
  const sellerAddress = requireAddress(content.provider, "provider");
  const buyerAddress = requireAddress(content.recipient, "recipient");
  const taxRegistrations: { "cbc:CompanyID": string; "cac:TaxScheme": { "cbc:ID": string } }[] = [];
  if (seller.vatId) taxRegistrations.push({ "cbc:CompanyID": seller.vatId, "cac:TaxScheme": vat });
  if (seller.taxNumber)
    taxRegistrations.push({ "cbc:CompanyID": seller.taxNumber, "cac:TaxScheme": { "cbc:ID": "FC" } });
  // BR-CO-26: the buyer must be able to identify the seller (BT-29, -30 or -31). The register
  // entry is BT-30; a seller with neither it nor a USt-IdNr is known by the Steuernummer.
  const sellerRegistration = seller.registerNumber ?? (seller.vatId ? null : seller.taxNumber);
  const buyerReference = content.buyerReference ?? (xrechnung ? buyerReferenceFallback : null);
  // One note (BT-22): CII allows one content per note (CII-SR-030).
  const notes = [
    ...(data.cancels ? [invoiceDocumentTexts.cancellationNote(data.cancels.number, data.cancels.issueDate)] : []),
    ...(content.notes ? [content.notes] : []),
  ].join("\n\n");
  const allowanceCharges: NonNullable<EInvoiceFields["cac:AllowanceCharge"]> = [];
  if (totals.discountCents !== 0) {
    allowanceCharges.push({
      "cbc:ChargeIndicator": "false",
      "cbc:AllowanceChargeReason": invoiceDocumentTexts.discountReason,
      "cbc:Amount": amount(totals.discountCents),
      "cbc:Amount@currencyID": currency,
      "cac:TaxCategory": category,
    });
  }
  if (totals.feesCents !== 0) {
    allowanceCharges.push({
      "cbc:ChargeIndicator": "true",
      "cbc:AllowanceChargeReason": invoiceDocumentTexts.feesReason,
      "cbc:Amount": amount(totals.feesCents),
      "cbc:Amount@currencyID": currency,
      "cac:TaxCategory": category,
    });
  }
  const period =
    content.servicePeriodStart && content.servicePeriodEnd
      ? { "cbc:StartDate": content.servicePeriodStart, "cbc:EndDate": content.servicePeriodEnd }
      : null;
  const payable = sign * totals.totalCents;
  const paysByTransfer = seller.iban !== null && data.kind === "invoice";

  const fields: EInvoiceFields = {
    "cbc:ID": data.number,
    "cbc:IssueDate": content.issueDate,
    ...(data.kind === "invoice" ? { "cbc:DueDate": data.dueDate } : {}),
    "cbc:InvoiceTypeCode": data.kind === "cancellation" ? "381" : "380",
    ...(notes !== "" ? { "cbc:Note": [notes] } : {}),
    "cbc:DocumentCurrencyCode": currency,
    ...(buyerReference ? { "cbc:BuyerReference": buyerReference } : {}),
    ...(period ? { "cac:InvoicePeriod": period } : {}),
    ...(data.cancels
      ? {
          "cac:BillingReference": [
            {
              "cac:InvoiceDocumentReference": {
                "cbc:ID": data.cancels.number,
                "cbc:IssueDate": data.cancels.issueDate,
              },
            },
          ],
        }
      : {}),
    "cac:AccountingSupplierParty": {
      "cac:Party": {
        ...(seller.contactEmail ? { "cbc:EndpointID": seller.contactEmail, "cbc:EndpointID@schemeID": "EM" } : {}),
        "cac:PostalAddress": postalAddress(sellerAddress),
        ...(taxRegistrations.length > 0
          ? {
              "cac:PartyTaxScheme": taxRegistrations as NonNullable<
                EInvoiceFields["cac:AccountingSupplierParty"]["cac:Party"]["cac:PartyTaxScheme"]
              >,
            }
          : {}),
        "cac:PartyLegalEntity": {
          "cbc:RegistrationName": sellerAddress.name,
          ...(sellerRegistration ? { "cbc:CompanyID": sellerRegistration } : {}),
        },
        "cac:Contact": {
          ...(seller.contactName ? { "cbc:Name": seller.contactName } : {}),
          ...(seller.contactPhone ? { "cbc:Telephone": seller.contactPhone } : {}),
          ...(seller.contactEmail ? { "cbc:ElectronicMail": seller.contactEmail } : {}),
        },
      },
    },
    "cac:AccountingCustomerParty": {
      "cac:Party": {
        "cac:PostalAddress": postalAddress(buyerAddress),
        ...(content.recipientVatId
          ? { "cac:PartyTaxScheme": { "cbc:CompanyID": content.recipientVatId, "cac:TaxScheme": vat } }
          : {}),
        "cac:PartyLegalEntity": { "cbc:RegistrationName": buyerAddress.name },
      },
    },
    // Always present: the CII needs the delivery element (see above). With a period, which the
    // library writes only for content, it names the buyer as the party served (BT-70).
    "cac:Delivery": {
      ...(period
        ? { "cac:DeliveryParty": { "cac:PartyName": { "cbc:Name": buyerAddress.name } } }
        : { "cbc:ActualDeliveryDate": content.serviceDate ?? content.issueDate }),
      ...(categoryCode === "K" ? { "cac:DeliveryLocation": { "cac:Address": postalAddress(buyerAddress) } } : {}),
    },
    "cac:PaymentMeans": [
      paysByTransfer
        ? {
            "cbc:PaymentMeansCode": "58",
            "cbc:PaymentID": data.number,
            "cac:PayeeFinancialAccount": {
              "cbc:ID": seller.iban ?? "",
              "cbc:Name": sellerAddress.name,
              ...(seller.bic ? { "cac:FinancialInstitutionBranch": { "cbc:ID": seller.bic } } : {}),
            },
          }
        : { "cbc:PaymentMeansCode": "ZZZ", "cbc:PaymentID": data.number },
    ],
    "cac:PaymentTerms": { "cbc:Note": invoiceDocumentTexts.paymentTerms(data) },
    ...(allowanceCharges.length > 0 ? { "cac:AllowanceCharge": allowanceCharges } : {}),
    "cac:TaxTotal": [
      {
        "cbc:TaxAmount": amount(totals.taxCents),
        "cbc:TaxAmount@currencyID": currency,
        "cac:TaxSubtotal": [
          {
            "cbc:TaxableAmount": amount(totals.netCents),
            "cbc:TaxableAmount@currencyID": currency,
            "cbc:TaxAmount": amount(totals.taxCents),
            "cbc:TaxAmount@currencyID": currency,
            "cac:TaxCategory": {
              ...category,
              ...(taxCase?.exemptionCode ? { "cbc:TaxExemptionReasonCode": taxCase.exemptionCode } : {}),
              ...(exemptionNote !== null ? { "cbc:TaxExemptionReason": exemptionNote } : {}),
            },
          },
        ],
      },
    ],
    "cac:LegalMonetaryTotal": {
      "cbc:LineExtensionAmount": amount(totals.subtotalCents),
      "cbc:LineExtensionAmount@currencyID": currency,
      "cbc:TaxExclusiveAmount": amount(totals.netCents),
      "cbc:TaxExclusiveAmount@currencyID": currency,
      "cbc:TaxInclusiveAmount": amount(totals.totalCents),
      "cbc:TaxInclusiveAmount@currencyID": currency,
      ...(totals.discountCents !== 0
        ? { "cbc:AllowanceTotalAmount": amount(totals.discountCents), "cbc:AllowanceTotalAmount@currencyID": currency }
        : {}),
      ...(totals.feesCents !== 0
        ? { "cbc:ChargeTotalAmount": amount(totals.feesCents), "cbc:ChargeTotalAmount@currencyID": currency }
        : {}),
      "cbc:PayableAmount": decimalOfCents(payable),
      "cbc:PayableAmount@currencyID": currency,
    },
    "cac:InvoiceLine": content.items.map((item, index) => {
      const line = totals.lines[index];
      if (!line) throw new RangeError(`no totals for item ${index + 1}`);
      return {
        "cbc:ID": String(index + 1),
        "cbc:InvoicedQuantity": decimalOf(sign * item.quantity),
        // C62: "one", a piece; the form has no unit.
        "cbc:InvoicedQuantity@unitCode": "C62",
        "cbc:LineExtensionAmount": amount(line.totalCents),
        "cbc:LineExtensionAmount@currencyID": currency,
        "cac:Item": { "cbc:Name": item.description, "cac:ClassifiedTaxCategory": category },
        "cac:Price": { "cbc:PriceAmount": decimalOfCents(line.unitCents), "cbc:PriceAmount@currencyID": currency },
      };
    }) as EInvoiceFields["cac:InvoiceLine"],
  };
  return { "ubl:Invoice": fields };
}

/** The ZUGFeRD/Factur-X EN 16931 PDF: `pdf` made PDF/A-3b, with `factur-x.xml` and XMP metadata. */
export async function facturXPdf(data: InvoiceDocumentData, pdf: Uint8Array): Promise<Uint8Array> {
  const result = await service.generate(eInvoiceData(data, { xrechnung: false }), {
    format: "Factur-X-EN16931",
    lang: "de-de",
    pdf: germanPdfInput(data, pdf),
    noWarnings: true,
  });
  if (typeof result === "string") throw new Error("Factur-X generation returned text instead of a PDF");
  return result;
}

/**
 * The PDF handed to the library, with the title, subject and keywords its metadata gets in German
 * (our patch of @e-invoice-eu/core reads them; the library alone writes „…: Invoice 2026-0001“).
 */
function germanPdfInput(data: InvoiceDocumentData, pdf: Uint8Array) {
  const input = {
    buffer: pdf,
    filename: `${data.number}.pdf`,
    mimetype: "application/pdf",
    title: invoiceDocumentTexts.documentTitle(data),
    subject: invoiceDocumentTexts.documentSubject(data),
    keywords: [...invoiceDocumentTexts.documentKeywords],
  };
  return input;
}

/** The XRechnung 3.0 in CII syntax. */
export async function xrechnungXml(data: InvoiceDocumentData): Promise<string> {
  const result = await service.generate(eInvoiceData(data, { xrechnung: true }), {
    format: "XRECHNUNG-CII",
    lang: "de-de",
    noWarnings: true,
  });
  if (typeof result !== "string") throw new Error("XRechnung generation returned bytes instead of XML");
  return result;
}
