import { personFieldMessages } from "./person-fields";
import { isBlank, isEmail, limits } from "./rules";

/**
 * Customers as the dialog and the API both see them: the statuses, the field rules and their
 * German messages live here once, so the browser refuses exactly what the server would refuse.
 */
export const customerStatuses = [
  "angerufen",
  "in_kontakt",
  "keine_rueckmeldung",
  "abweisung",
  "gespraeche",
  "vertrag",
] as const;

export type CustomerStatus = (typeof customerStatuses)[number];

/** New customers start here: a new customer is usually one the team is already talking to. */
export const defaultCustomerStatus: CustomerStatus = "in_kontakt";

export function isCustomerStatus(value: unknown): value is CustomerStatus {
  return typeof value === "string" && (customerStatuses as readonly string[]).includes(value);
}

/** How a status reads on screen: the spec shows the stored value with underscores as spaces. */
export function customerStatusLabel(status: CustomerStatus): string {
  return status.replaceAll("_", " ");
}

export interface Customer {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  notes: string | null;
  status: CustomerStatus;
  /** Postal address lines (street, `12345 Ort`), as the invoice form's "Kunde" takes them below the name. */
  address: string | null;
  /** Leitweg-ID of a public-sector buyer: the buyer reference (BT-10) of an XRechnung. */
  leitweg_id: string | null;
  /** The DATEV Debitor the customer's invoices are booked to: from 10000 on, given at creation, never changed. */
  debitor_number: number;
}

/** One page of `GET /api/customers`; `pages` is at least 1, an empty result being one empty page. */
export interface CustomerPage {
  customers: Customer[];
  pages: number;
  total: number;
  /**
   * False when a search matched more customers than it counted (the page shown and
   * `customerPaging.searchPagesCountedAhead` pages after it): then `total` is what it counted and
   * the screen says "mehr als 100 Kunden"; `pages` reaches one page past it.
   */
  total_exact: boolean;
}

/** `POST /api/customers`, `PUT /api/customers/{id}`: the customer as stored. */
export interface CustomerAnswer {
  customer: Customer;
}

export const customerPaging = {
  /** Customers per page, as the product specification fixes it. */
  defaultLimit: 20,
  maxLimit: 100,
  /**
   * A search counts its matches up to the page shown and this many pages after it ("Seite 1 von
   * mehr als 5"): counting every match of a broad term read every matching row.
   */
  searchPagesCountedAhead: 4,
} as const;

/**
 * `GET /api/customers/export?format=`: „Excel (Deutsch)“ (UTF-8 with BOM, `;`, text cells guarded
 * against formulas) or plain RFC 4180 (UTF-8, `,`, the data exactly as stored); decision 0093.
 */
export const customerExportFormats = ["excel", "csv"] as const;
export type CustomerExportFormat = (typeof customerExportFormats)[number];

export function isCustomerExportFormat(value: unknown): value is CustomerExportFormat {
  return typeof value === "string" && (customerExportFormats as readonly string[]).includes(value);
}

export const customerExportFormatLabels: Record<CustomerExportFormat, string> = {
  excel: "Excel (Deutsch)",
  csv: "CSV (RFC 4180)",
};

/** The export's file name on `day` (yyyy-mm-dd, Germany's calendar day): „Kunden_2026-11-29.csv“. */
export function customerExportFileName(day: string): string {
  return `Kunden_${day}.csv`;
}

export const customerLimits = {
  nameMax: 200,
  /** The bound `isEmail` enforces. */
  emailMax: limits.emailMax,
  phoneMax: 40,
  websiteMax: 500,
  notesMax: 5000,
  addressMax: 500,
  leitwegIdMax: 46,
} as const;

export const customerMessages = {
  nameRequired: "Name ist Pflicht",
  nameTooLong: `Der Name darf höchstens ${customerLimits.nameMax} Zeichen lang sein.`,
  emailInvalid: personFieldMessages.emailInvalid,
  phoneInvalid: "Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen, + - / ( )).",
  phoneTooLong: `Die Telefonnummer darf höchstens ${customerLimits.phoneMax} Zeichen lang sein.`,
  websiteInvalid: "Bitte geben Sie eine gültige Website-Adresse ein, z. B. https://www.beispiel.de.",
  websiteTooLong: `Die Website-Adresse darf höchstens ${customerLimits.websiteMax} Zeichen lang sein.`,
  notesTooLong: `Die Notizen dürfen höchstens ${customerLimits.notesMax} Zeichen lang sein.`,
  statusInvalid: "Bitte wählen Sie einen gültigen Status.",
  addressTooLong: `Die Anschrift darf höchstens ${customerLimits.addressMax} Zeichen lang sein.`,
  leitwegIdInvalid: "Die Leitweg-ID ist ungültig (z. B. 04011000-12345-03).",
} as const;

/** What a user types into the dialog (and what the API receives): free text, possibly empty. */
export interface CustomerDraft {
  name: string;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  notes?: string | null;
  status?: string | null;
  address?: string | null;
  leitweg_id?: string | null;
}

/** A customer ready to be stored: trimmed, empty fields as null, the website with its scheme. */
export type CustomerInput = Omit<Customer, "id" | "debitor_number">;

export type CustomerField = keyof CustomerInput;

export type CustomerCheck =
  | { ok: true; customer: CustomerInput }
  | { ok: false; errors: Partial<Record<CustomerField, string>> };

// Digits with the usual separators: "+49 30 1234-567", "(030) 123 45 67", "0171/1234567".
const phonePattern = /^\+?[\d\s()./-]+$/;
const minPhoneDigits = 3;
const schemePattern = /^[a-z][a-z\d+.-]*:/i;
// Grobadressierung (2-12 digits), optional Feinadressierung (up to 30 letters or digits), check digits.
const leitwegIdPattern = /^\d{2,12}(?:-[A-Za-z\d]{1,30})?-\d{2}$/;

function optionalText(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** "www.beispiel.de" means https://www.beispiel.de: people rarely type the scheme. */
export function normalizeWebsite(value: string): string {
  return schemePattern.test(value) ? value : `https://${value}`;
}

/** The address to link to, only for http(s): anything else (javascript:, data:) is never a link. */
export function websiteHref(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function isWebsite(value: string): boolean {
  if (/\s/.test(value)) return false;
  const href = websiteHref(value);
  if (!href) return false;
  const host = new URL(href).hostname;
  // A public site has a dotted host name ("beispiel.de"); "https://beispiel" is a typo.
  return host.includes(".") && !host.startsWith(".") && !host.endsWith(".");
}

/** Digits with the usual separators, at least three digits (the dialog's and the Ansprechpartner's rule). */
export function isCustomerPhone(value: string): boolean {
  return phonePattern.test(value) && (value.match(/\d/g)?.length ?? 0) >= minPhoneDigits;
}

/**
 * Checks a draft field by field; on success the customer to store. `status` left out means the
 * default, so a client may omit it when creating.
 */
export function checkCustomer(draft: CustomerDraft): CustomerCheck {
  const errors: Partial<Record<CustomerField, string>> = {};

  const name = draft.name.trim();
  if (isBlank(name)) errors.name = customerMessages.nameRequired;
  else if (name.length > customerLimits.nameMax) errors.name = customerMessages.nameTooLong;

  const email = optionalText(draft.email);
  if (email !== null && !isEmail(email)) errors.email = customerMessages.emailInvalid;

  const phone = optionalText(draft.phone);
  if (phone !== null) {
    if (phone.length > customerLimits.phoneMax) errors.phone = customerMessages.phoneTooLong;
    else if (!isCustomerPhone(phone)) errors.phone = customerMessages.phoneInvalid;
  }

  const typedWebsite = optionalText(draft.website);
  const website = typedWebsite === null ? null : normalizeWebsite(typedWebsite);
  if (website !== null) {
    if (website.length > customerLimits.websiteMax) errors.website = customerMessages.websiteTooLong;
    else if (!isWebsite(website)) errors.website = customerMessages.websiteInvalid;
  }

  const notes = optionalText(draft.notes);
  if (notes !== null && notes.length > customerLimits.notesMax) errors.notes = customerMessages.notesTooLong;

  const status = optionalText(draft.status) ?? defaultCustomerStatus;
  if (!isCustomerStatus(status)) errors.status = customerMessages.statusInvalid;

  const address = optionalText(draft.address);
  if (address !== null && address.length > customerLimits.addressMax) errors.address = customerMessages.addressTooLong;

  const leitwegId = optionalText(draft.leitweg_id);
  if (leitwegId !== null && (leitwegId.length > customerLimits.leitwegIdMax || !leitwegIdPattern.test(leitwegId))) {
    errors.leitweg_id = customerMessages.leitwegIdInvalid;
  }

  if (Object.keys(errors).length > 0 || !isCustomerStatus(status)) return { ok: false, errors };
  return { ok: true, customer: { name, email, phone, website, notes, status, address, leitweg_id: leitwegId } };
}
