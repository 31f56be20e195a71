/** The rules an invoice must meet to be saved (draft or not) and to be issued, and the fresh form. */
import type { CompanySettings } from "../company";
import { invoicingDetails, isVatId } from "../company";
import { parseDecimal } from "../money";
import { isBlank } from "../rules";
import { parseAddressBlock } from "./address";
import { invoiceDateFieldProblem } from "./dates";
import { invoiceFieldMessages, invoiceFormMessages, invoiceIssueMessages, invoiceLabels } from "./messages";
import { isTaxCase, taxCaseInfo } from "./tax-cases";
import { invoiceTotalsOrNull } from "./totals";
import {
  defaultPaymentTermDays,
  defaultTaxPercent,
  type InvoiceContent,
  type InvoiceItem,
  invoiceLimits,
} from "./types";

/** The spec's rule for items the form keeps: a description, a price above 0 and a quantity above 0. */
export function isKeptItem(item: InvoiceItem): boolean {
  return !isBlank(item.description) && item.unitPriceCents > 0 && item.quantity > 0;
}

function decimalsOf(value: number): number {
  return Math.max(0, parseDecimal(value).scale);
}

function withinDecimals(value: number, min: number, max: number): boolean {
  return Number.isFinite(value) && value >= min && value <= max && decimalsOf(value) <= invoiceLimits.decimalsMax;
}

function isCents(value: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= max;
}

/**
 * The field rules every saved invoice meets, draft or not (bounds, dates, formats); the first
 * message, or null. The content's texts are expected trimmed (`normalizeInvoiceContent`).
 */
export function invoiceContentProblem(content: InvoiceContent): string | null {
  const dates: [string | null, string][] = [
    [content.issueDate, invoiceLabels.issueDateField],
    [content.serviceDate, invoiceLabels.serviceDateField],
    [content.servicePeriodStart, invoiceLabels.servicePeriodStartField],
    [content.servicePeriodEnd, invoiceLabels.servicePeriodEndField],
  ];
  for (const [value, label] of dates) {
    const problem = value === null ? null : invoiceDateFieldProblem(value, label);
    if (problem !== null) return problem;
  }
  const { servicePeriodStart: start, servicePeriodEnd: end } = content;
  if ((start === null) !== (end === null)) return invoiceFieldMessages.periodIncomplete;
  if (start !== null && end !== null) {
    if (end < start) return invoiceFieldMessages.periodReversed;
    if (content.serviceDate !== null) return invoiceFieldMessages.dateAndPeriod;
  }
  if (
    !Number.isSafeInteger(content.paymentTermDays) ||
    content.paymentTermDays < 0 ||
    content.paymentTermDays > invoiceLimits.paymentTermDaysMax
  ) {
    return invoiceFieldMessages.paymentTermInvalid;
  }
  if (content.items.length > invoiceLimits.itemsMax) return invoiceFieldMessages.tooManyItems;
  for (const item of content.items) {
    if (item.description.length > invoiceLimits.descriptionMax) return invoiceFieldMessages.descriptionTooLong;
    if (!withinDecimals(item.quantity, 0, invoiceLimits.quantityMax)) return invoiceFieldMessages.quantityInvalid;
    if (!isCents(item.unitPriceCents, invoiceLimits.unitPriceCentsMax)) return invoiceFieldMessages.priceInvalid;
  }
  if (!withinDecimals(content.discountPercent, 0, 100)) {
    return invoiceFieldMessages.percentInvalid(invoiceLabels.discountPercent);
  }
  if (!withinDecimals(content.taxPercent, 0, 100)) return invoiceFieldMessages.percentInvalid(invoiceLabels.taxPercent);
  if (!isCents(content.extraFeesCents, invoiceLimits.extraFeesCentsMax)) return invoiceFieldMessages.feesInvalid;
  if (content.recipient.length > invoiceLimits.blockMax)
    return invoiceFieldMessages.blockTooLong(invoiceLabels.customer);
  if (content.provider.length > invoiceLimits.blockMax)
    return invoiceFieldMessages.blockTooLong(invoiceLabels.provider);
  if (content.buyerReference !== null && content.buyerReference.length > invoiceLimits.referenceMax) {
    return invoiceFieldMessages.referenceTooLong;
  }
  if (content.recipientVatId !== null && !isVatId(content.recipientVatId)) {
    return invoiceFieldMessages.recipientVatIdInvalid;
  }
  if (content.taxCase !== null && !isTaxCase(content.taxCase)) return invoiceFieldMessages.taxCaseInvalid;
  if (content.notes.length > invoiceLimits.notesMax) return invoiceFieldMessages.notesTooLong;
  if (content.taxExemptionReason !== null && content.taxExemptionReason.length > invoiceLimits.exemptionReasonMax) {
    return invoiceFieldMessages.exemptionReasonTooLong;
  }
  return null;
}

function optionalText(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/**
 * The content as it is stored: texts trimmed (inner line breaks kept), empty optional fields null,
 * the USt-IdNr without spaces in capitals, the tax case and exemption reason only at 0 %.
 */
export function normalizeInvoiceContent(content: InvoiceContent): InvoiceContent {
  const vatId = optionalText(content.recipientVatId);
  return {
    ...content,
    recipient: content.recipient.trim(),
    provider: content.provider.trim(),
    recipientVatId: vatId === null ? null : vatId.replace(/\s+/g, "").toUpperCase(),
    buyerReference: optionalText(content.buyerReference),
    serviceDate: optionalText(content.serviceDate),
    servicePeriodStart: optionalText(content.servicePeriodStart),
    servicePeriodEnd: optionalText(content.servicePeriodEnd),
    items: content.items.map((item) => ({ ...item, description: item.description.trim() })),
    taxCase: content.taxPercent === 0 ? content.taxCase : null,
    taxExemptionReason: content.taxPercent === 0 ? optionalText(content.taxExemptionReason) : null,
    notes: content.notes.trim(),
  };
}

/**
 * Why the invoice cannot be issued, or null: first the spec's three save messages (Kunde,
 * Dienstleister, a valid item), then what § 14 (4) UStG and the e-invoice rules (EN 16931,
 * XRechnung) need, each naming the missing field. Only kept items count (`isKeptItem`).
 */
export function invoiceIssueProblem(content: InvoiceContent, company: CompanySettings): string | null {
  if (isBlank(content.recipient)) return invoiceFormMessages.customerRequired;
  if (isBlank(content.provider)) return invoiceFormMessages.providerRequired;
  const items = content.items.filter(isKeptItem);
  if (items.length === 0) return invoiceFormMessages.itemRequired;
  if (parseAddressBlock(content.recipient) === null) return invoiceIssueMessages.recipientAddressMissing;
  if (parseAddressBlock(content.provider) === null) return invoiceIssueMessages.providerAddressMissing;
  if (invoicingDetails.taxId.missing(company)) return invoiceIssueMessages.providerTaxIdMissing;
  if (invoicingDetails.contact.missing(company)) return invoiceIssueMessages.providerContactMissing;
  if (content.taxPercent === 0) {
    if (content.taxCase === null) return invoiceIssueMessages.taxCaseMissing;
    const rules = taxCaseInfo[content.taxCase];
    if (rules.needsRecipientVatId && content.recipientVatId === null)
      return invoiceIssueMessages.recipientVatIdRequired;
    if (rules.needsProviderVatId && company.vatId === null) return invoiceIssueMessages.providerVatIdRequired;
  }
  if (invoiceTotalsOrNull({ ...content, items }) === null) return invoiceIssueMessages.amountTooLarge;
  return null;
}

/** A fresh form: empty texts, the given date, one empty item, no discount, 19 % VAT, 14 days. */
export function emptyInvoiceContent(today: string, provider = ""): InvoiceContent {
  return {
    customerId: null,
    recipient: "",
    recipientVatId: null,
    buyerReference: null,
    provider,
    issueDate: today,
    serviceDate: null,
    servicePeriodStart: null,
    servicePeriodEnd: null,
    paymentTermDays: defaultPaymentTermDays,
    items: [{ description: "", quantity: 1, unitPriceCents: 0 }],
    discountPercent: 0,
    taxPercent: defaultTaxPercent,
    taxCase: null,
    taxExemptionReason: null,
    extraFeesCents: 0,
    notes: "",
  };
}
