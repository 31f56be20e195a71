import { isBlank, isEmail } from "./rules";
import { site } from "./site";

/**
 * The company's own data that every invoice needs as its provider ("Dienstleister"): name and
 * address, tax identifiers, bank account and contact. An admin edits them once (`PUT /api/company`);
 * until then they are the site config's values. The invoice form prefills "Dienstleister" from them,
 * and an issued invoice keeps a copy, so a later change never alters it.
 */
export interface CompanySettings {
  /** The legal name printed on invoices. */
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, e.g. `DE`. */
  countryCode: string;
  /** Steuernummer, e.g. `12/345/67890`. An invoice needs it or the USt-IdNr (§ 14 (4) Nr. 2 UStG). */
  taxNumber: string | null;
  /** USt-IdNr, e.g. `DE123456789`. */
  vatId: string | null;
  /**
   * Handelsregister entry, e.g. `HRB 245871 B, Amtsgericht Charlottenburg`: printed, and the
   * seller's legal registration (BT-30) of the e-invoice.
   */
  registerNumber: string | null;
  /** Geschäftsführung, e.g. `Anna Beispiel, Ben Muster`: printed in the letterhead's footer (§ 35a GmbHG). */
  managingDirectors: string | null;
  /** Payments go here; with it, invoices carry a GiroCode and name the account in the e-invoice. */
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  /** The contact an XRechnung must name (BR-DE-2, -5, -6, -7): name, phone and e-mail. */
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  website: string | null;
}

export type CompanySettingsField = keyof CompanySettings;

/** Each setting's German name: the form's labels and the Protokoll's changed fields. */
export const companyFieldLabels: Record<CompanySettingsField, string> = {
  name: "Firmenname",
  street: "Straße und Hausnummer",
  postalCode: "PLZ",
  city: "Ort",
  countryCode: "Land (ISO-Code)",
  taxNumber: "Steuernummer",
  vatId: "USt-IdNr",
  registerNumber: "Handelsregister",
  managingDirectors: "Geschäftsführung",
  iban: "IBAN",
  bic: "BIC",
  bankName: "Bank",
  contactName: "Ansprechpartner",
  contactPhone: "Telefon",
  contactEmail: "E-Mail",
  website: "Website",
};

/**
 * What an invoice needs of the company before it can be issued (§ 14 (4) UStG, the XRechnung's
 * seller contact), one rule for the issue check and the screens that guide to it.
 */
export const invoicingDetails = {
  taxId: {
    label: "Steuernummer oder USt-IdNr",
    missing: (company: CompanySettings) => company.taxNumber === null && company.vatId === null,
  },
  contact: {
    label: "Ansprechpartner mit Name, Telefon und E-Mail",
    missing: (company: CompanySettings) =>
      company.contactName === null || company.contactPhone === null || company.contactEmail === null,
  },
} as const;

/** The German names of what the company settings still lack for invoices; empty when complete. */
export function missingInvoicingDetails(company: CompanySettings): string[] {
  return Object.values(invoicingDetails)
    .filter((detail) => detail.missing(company))
    .map((detail) => detail.label);
}

/** `GET` and `PUT /api/company`: the settings and the provider block they make. */
export interface CompanyAnswer {
  company: CompanySettings;
  /** The "Dienstleister" block new invoices start with. */
  provider: string;
  /** The letterhead's logo, or null (then the PDFs carry none). */
  logo: CompanyLogo | null;
  /**
   * The names of the active admins, who may change the settings: what staff are told when the
   * settings lack something an invoice needs.
   */
  admins: string[];
}

/** How the screens guide to complete settings (the dashboard's and the Rechnungstool's notice). */
export const invoicingSetupMessages = {
  title: "Einrichtung der Rechnungen unvollständig",
  adminMissing: (missing: string[]) =>
    `Bevor Rechnungen ausgestellt werden können, fehlt in den Firmeneinstellungen: ${missing.join("; ")}.`,
  adminAction: "Firmeneinstellungen ergänzen",
  staffMissing: (missing: string[]) =>
    `Rechnungen können erst ausgestellt werden, wenn die Firmeneinstellungen vollständig sind. Es fehlt: ${missing.join("; ")}.`,
  staffWho: (admins: string[]) =>
    admins.length === 0
      ? "Ergänzen kann das eine Administratorin oder ein Administrator."
      : `Ergänzen ${admins.length === 1 ? "kann" : "können"} das: ${admins.join(", ")} (Admin).`,
  datevTitle: "DATEV-Export noch nicht eingerichtet",
  datevMissing: (missing: string[]) => `Für den DATEV-Export fehlt in den Firmeneinstellungen: ${missing.join(", ")}.`,
  datevAction: "DATEV-Einstellungen ergänzen",
} as const;

/** The Rechnungstool's address that opens the company settings (the dashboard's notice links there). */
export const companySettingsPath = "/invoices?einstellungen=firma";

/** What the site config says, used until an admin saves the settings. */
export const defaultCompanySettings: CompanySettings = {
  name: site.legalName,
  street: site.address.street,
  postalCode: site.address.postalCode,
  city: site.address.city,
  countryCode: "DE",
  taxNumber: null,
  // The site's VAT ID is "in Prüfung", which is no identifier: an admin enters the real one.
  vatId: null,
  registerNumber: `${site.register.number}, ${site.register.court}`,
  managingDirectors: site.managingDirectors.join(", "),
  iban: null,
  bic: null,
  bankName: null,
  contactName: site.managingDirectors[0],
  contactPhone: site.phone,
  contactEmail: site.email,
  website: site.website,
};

export const companyLimits = {
  nameMax: 200,
  textMax: 200,
} as const;

export const companyMessages = {
  nameRequired: "Bitte geben Sie den Namen des Unternehmens ein.",
  streetRequired: "Bitte geben Sie Straße und Hausnummer ein.",
  postalCodeInvalid: "Bitte geben Sie eine gültige Postleitzahl ein (4 oder 5 Ziffern).",
  cityRequired: "Bitte geben Sie den Ort ein.",
  countryCodeInvalid: "Bitte geben Sie den Ländercode mit zwei Buchstaben an, z. B. DE.",
  taxNumberInvalid: "Die Steuernummer ist ungültig (10 bis 13 Ziffern, z. B. 12/345/67890).",
  vatIdInvalid: "Die USt-IdNr ist ungültig (Ländercode und Nummer, z. B. DE123456789).",
  ibanInvalid: "Die IBAN ist ungültig.",
  bicInvalid: "Die BIC ist ungültig (8 oder 11 Zeichen, z. B. COBADEFFXXX).",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse für den Ansprechpartner ein.",
  phoneInvalid: "Die Telefonnummer muss mindestens drei Ziffern enthalten.",
  websiteInvalid: "Bitte geben Sie eine gültige Website-Adresse ein, z. B. https://www.beispiel.de.",
  tooLong: `Jede Angabe darf höchstens ${companyLimits.textMax} Zeichen lang sein.`,
} as const;

function optional(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** `DE02 1203 0000 0000 2020 51` → `DE02120300000000202051`. */
export function compactIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** ISO 13616: two letters, two check digits, up to 30 letters or digits; mod 97 of the rearranged number is 1. */
export function isIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** `DE02 1203…` → `DE02 1203 0000 0000 2020 51`: groups of four, as printed. */
export function formatIban(value: string): string {
  return compactIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}

export function isBic(value: string): boolean {
  return /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(value.toUpperCase());
}

/** A country prefix and 2 to 12 letters or digits (the EU formats); German ones are `DE` and nine digits. */
export function isVatId(value: string): boolean {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  if (compact.startsWith("DE")) return /^DE\d{9}$/.test(compact);
  return /^[A-Z]{2}[0-9A-Z+*.]{2,12}$/.test(compact);
}

/** Steuernummer in any of its spellings: 10 to 13 digits with optional `/` or spaces. */
export function isTaxNumber(value: string): boolean {
  if (!/^[\d/ ]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 10 && digits <= 13;
}

export type CompanySettingsDraft = { [K in CompanySettingsField]?: string | null };

export type CompanySettingsCheck =
  | { ok: true; settings: CompanySettings }
  | { ok: false; errors: Partial<Record<CompanySettingsField, string>> };

/** Checks the settings form field by field; on success the settings to store (trimmed, empty as null). */
export function checkCompanySettings(draft: CompanySettingsDraft): CompanySettingsCheck {
  const errors: Partial<Record<CompanySettingsField, string>> = {};
  const text = (field: CompanySettingsField) => optional(draft[field]);
  const tooLong = (field: CompanySettingsField, value: string | null) => {
    if (value !== null && value.length > companyLimits.textMax) errors[field] = companyMessages.tooLong;
  };

  const name = text("name") ?? "";
  if (isBlank(name)) errors.name = companyMessages.nameRequired;
  const street = text("street") ?? "";
  if (isBlank(street)) errors.street = companyMessages.streetRequired;
  const postalCode = text("postalCode") ?? "";
  if (!/^\d{4,5}$/.test(postalCode)) errors.postalCode = companyMessages.postalCodeInvalid;
  const city = text("city") ?? "";
  if (isBlank(city)) errors.city = companyMessages.cityRequired;
  const countryCode = (text("countryCode") ?? "DE").toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode)) errors.countryCode = companyMessages.countryCodeInvalid;

  const taxNumber = text("taxNumber");
  if (taxNumber !== null && !isTaxNumber(taxNumber)) errors.taxNumber = companyMessages.taxNumberInvalid;
  const typedVatId = text("vatId");
  const vatId = typedVatId === null ? null : typedVatId.replace(/\s+/g, "").toUpperCase();
  if (vatId !== null && !isVatId(vatId)) errors.vatId = companyMessages.vatIdInvalid;
  const typedIban = text("iban");
  const iban = typedIban === null ? null : compactIban(typedIban);
  if (iban !== null && !isIban(iban)) errors.iban = companyMessages.ibanInvalid;
  const typedBic = text("bic");
  const bic = typedBic === null ? null : typedBic.replace(/\s+/g, "").toUpperCase();
  if (bic !== null && !isBic(bic)) errors.bic = companyMessages.bicInvalid;
  const contactEmail = text("contactEmail");
  if (contactEmail !== null && !isEmail(contactEmail)) errors.contactEmail = companyMessages.emailInvalid;
  const contactPhone = text("contactPhone");
  if (contactPhone !== null && (contactPhone.match(/\d/g)?.length ?? 0) < 3) {
    errors.contactPhone = companyMessages.phoneInvalid;
  }
  const website = text("website");
  if (website !== null && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(website))
    errors.website = companyMessages.websiteInvalid;

  const settings: CompanySettings = {
    name,
    street,
    postalCode,
    city,
    countryCode,
    taxNumber,
    vatId,
    registerNumber: text("registerNumber"),
    managingDirectors: text("managingDirectors"),
    iban,
    bic,
    bankName: text("bankName"),
    contactName: text("contactName"),
    contactPhone,
    contactEmail,
    website,
  };
  for (const [field, value] of Object.entries(settings) as [CompanySettingsField, string | null][]) {
    if (errors[field] === undefined) tooLong(field, value);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, settings };
}

/** The "Dienstleister" block the invoice form starts with: name, street, postal code and city. */
export function providerBlock(settings: CompanySettings): string {
  return [settings.name, settings.street, `${settings.postalCode} ${settings.city}`].join("\n");
}

/**
 * The company's logo in the PDFs' letterhead (decision 0091): PNG or JPEG, at most
 * `companyLogoLimits.maxBytes`, stored as a blob; `GET /api/company/logo` serves its bytes.
 */
export interface CompanyLogo {
  contentType: "image/png" | "image/jpeg";
  /** Pixels, as the image's header says. */
  width: number;
  height: number;
  /** Bytes. */
  size: number;
  /** SHA-256 (hex) of the bytes: what changes when another logo is uploaded. */
  sha256: string;
}

export const companyLogoLimits = {
  /** 1 MB. */
  maxBytes: 1_000_000,
  /** The longest side a logo may have, in pixels. */
  maxPixels: 4_000,
  /** What the upload's file picker offers. */
  accept: "image/png,image/jpeg",
} as const;

export const companyLogoMessages = {
  tooLarge: "Das Logo ist zu groß: höchstens 1 MB.",
  wrongType: "Das Logo muss ein PNG- oder JPEG-Bild sein (SVG, GIF und andere Formate werden nicht angenommen).",
  unreadable: "Das Logo lässt sich nicht lesen: Die Datei ist beschädigt oder unvollständig.",
  tooManyPixels: `Das Logo ist zu groß: höchstens ${companyLogoLimits.maxPixels.toLocaleString("de-DE")} Pixel Breite oder Höhe.`,
  empty: "Bitte wählen Sie eine Bilddatei als Logo.",
  notFound: "Es ist kein Logo hinterlegt.",
} as const;
