/**
 * How the Protokoll's „Geänderte Felder“ read: each recorded field by its German name and each
 * value as the screens show it („Rolle: – → Team“, „Status: Wartet auf Freigabe → Aktiv“), never
 * the stored column or code (`role: – → staff`). The API records fields by their stored names
 * (audit/store.ts); this is the one place that names them for people.
 */
import type { AuditObjectType } from "./audit";
import { type CompanySettingsField, companyFieldLabels } from "./company";
import { customerExportFormatLabels, customerStatusLabel, isCustomerExportFormat, isCustomerStatus } from "./customers";
import { datevFieldLabels } from "./datev";
import { formatCount, formatDate, formatDateTime } from "./format";
import { invoiceLabels } from "./invoices/messages";
import { privacyErasureActionLabels } from "./privacy";
import { userRoleLabels, userStatusLabels } from "./users";

const sharedFieldLabels: Record<string, string> = {
  name: "Name",
  email: "E-Mail",
  phone: "Telefon",
  website: "Website",
  notes: "Notizen",
  status: "Status",
  role: "Rolle",
  // The letterhead's logo (its SHA-256 before and after).
  logo: "Logo",
  // Releases and their rollout.
  active: "Aktive Version",
  canary: "Canary-Version",
  share: "Canary-Anteil (%)",
  version: "Version",
  kind: "Art",
  manifest_url: "Manifest-Adresse",
  note: "Notiz",
  remote: "Remote",
  reason: "Grund",
  // Counts of the retention jobs, the DATEV export and the erasure.
  count: "Anzahl",
  requests: "Kontaktanfragen",
  mails: "E-Mails",
  invoices: "Rechnungen",
  period: "Zeitraum",
  sum: "Summe",
  // The customer list's export: its format and the list's search and tag.
  format: "Format",
  search: "Suchbegriff",
  tag: "Tag",
  address: "Anschrift",
  leitweg_id: "Leitweg-ID",
  // The customer import's counts and its undo's (decision 0099).
  created: "Angelegt",
  updated: "Aktualisiert",
  unchanged: "Unverändert",
  skipped: "Übersprungen",
  failed: "Fehlerhaft",
  deleted: "Gelöscht",
  restored: "Wiederhergestellt",
  // A share link: what it shares and how (decision 0096), and the admins' maximum.
  target: "Freigegeben",
  target_kind: "Art der Freigabe",
  target_id: "Datei oder Ordner (Nr.)",
  days: "Gültigkeit (Tage)",
  expires_at: "Gültig bis",
  has_password: "Mit Passwort",
  download_limit: "Download-Limit",
  notify_on_open: "Benachrichtigung bei der ersten Öffnung",
  label: "Bezeichnung",
  revoked_at: "Widerrufen am",
  max_days: "Höchste Gültigkeit (Tage)",
  // The file area: a file's name and folder, a folder's parent.
  original_name: "Dateiname",
  folder_id: "Ordner (Nr.)",
  parent_id: "Übergeordneter Ordner (Nr.)",
  file_id: "Datei (Nr.)",
  // The Papierkorb: the deletion's number, what came with it, and whether a purge was due or by hand.
  deletion_id: "Löschvorgang (Nr.)",
  files: "Dateien",
  folders: "Ordner",
  purge: "Endgültig gelöscht",
  ...privacyErasureActionLabels,
  // An invoice's stored columns (invoice events compare the whole row).
  state: "Stand",
  number: invoiceLabels.number,
  number_year: "Rechnungsjahr",
  number_sequence: "Laufende Nummer",
  customer_id: "Kunde (Nr.)",
  recipient: invoiceLabels.customer,
  recipient_name: "Kundenname",
  recipient_vat_id: "USt-IdNr. des Kunden",
  buyer_reference: "Leitweg-ID / Ihre Referenz",
  provider: invoiceLabels.provider,
  issue_date: invoiceLabels.issueDate,
  service_date: invoiceLabels.serviceDate,
  service_period_start: invoiceLabels.servicePeriodStartField,
  service_period_end: invoiceLabels.servicePeriodEndField,
  payment_term_days: "Zahlungsziel (Tage)",
  due_date: invoiceLabels.dueDate,
  items: "Artikel",
  discount_percent: invoiceLabels.discountPercent,
  tax_percent: invoiceLabels.taxPercent,
  tax_exemption_reason: "Grund der Steuerbefreiung",
  tax_case: "Steuerfall",
  extra_fees_cents: invoiceLabels.fees,
  total_cents: "Gesamtbetrag",
  paid_on: "Bezahlt am",
  cancels_id: "Storniert Rechnung (Nr.)",
  issued_at: "Ausgestellt am",
  issued_by: "Ausgestellt von (Nr.)",
  created_at: "Angelegt am",
  created_by: "Angelegt von (Nr.)",
  created_by_name: "Angelegt von",
  issued_by_name: "Ausgestellt von",
  pdf_size: "PDF-Größe (Bytes)",
  pdf_sha256: "PDF-Prüfsumme",
  pdf_blob: "PDF-Datei",
  seller: "Firmendaten zum Zeitpunkt",
  // The DATEV settings.
  consultantNumber: datevFieldLabels.consultantNumber,
  clientNumber: datevFieldLabels.clientNumber,
  chart: datevFieldLabels.chart,
  accountLength: datevFieldLabels.accountLength,
  fiscalYearStartMonth: datevFieldLabels.fiscalYearStartMonth,
  collectiveDebtor: datevFieldLabels.collectiveDebtor,
  revenueAccounts: "Erlöskonten",
  // Zahlungserinnerung und Mahnungen (the reminder's row) and the Mahnwesen settings.
  reminder: "Erinnerung/Mahnung",
  baseRate: "Basiszinssatz",
  feeReminderCents: "Gebühr Zahlungserinnerung (Cent)",
  feeFirstCents: "Gebühr 1. Mahnung (Cent)",
  feeSecondCents: "Gebühr 2. Mahnung (Cent)",
  pointsBusiness: "Verzugszins Unternehmen (Prozentpunkte)",
  pointsConsumer: "Verzugszins Verbraucher (Prozentpunkte)",
  flatFee: "Verzugspauschale",
  reminderInterest: "Zinsen in der Zahlungserinnerung",
  deadlineDays: "Neue Zahlungsfrist (Tage)",
};

/** A recorded field's German name; a field nobody named yet reads as its words („foo bar“). */
export function auditFieldLabel(objectType: AuditObjectType | null, field: string): string {
  if (objectType === "company" && Object.hasOwn(companyFieldLabels, field))
    return companyFieldLabels[field as CompanySettingsField];
  return Object.hasOwn(sharedFieldLabels, field) ? (sharedFieldLabels[field] as string) : field.replaceAll("_", " ");
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value as the screens show it: a role or status by its label, dates German, "–" for nothing. */
export function auditValueLabel(objectType: AuditObjectType | null, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "boolean") return value ? "ja" : "nein";
  if (typeof value === "number") return formatCount(value);
  if (typeof value === "string") {
    if (objectType === "account" && field === "role" && Object.hasOwn(userRoleLabels, value))
      return userRoleLabels[value as keyof typeof userRoleLabels];
    if (objectType === "account" && field === "status" && Object.hasOwn(userStatusLabels, value))
      return userStatusLabels[value as keyof typeof userStatusLabels];
    if (objectType === "customer" && field === "status" && isCustomerStatus(value)) return customerStatusLabel(value);
    if (objectType === "customer" && field === "format" && isCustomerExportFormat(value))
      return customerExportFormatLabels[value];
    if (objectType === "invoice" && field === "state") return value === "issued" ? "ausgestellt" : "Entwurf";
    if (objectType === "share_link" && field === "target")
      return value.replace(/^file (?=\d)/, "Datei Nr. ").replace(/^folder (?=\d)/, "Ordner Nr. ");
    if ((objectType === "file" || objectType === "folder") && field === "purge")
      return value === "due" ? "nach Ablauf der Frist" : "von Hand";
    if (objectType === "invoice" && field === "kind")
      return value === "cancellation" ? invoiceLabels.cancellationInvoice : invoiceLabels.invoice;
    if (isoDate.test(value)) return formatDate(value);
    if (isoDateTime.test(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return `${formatCount(value.length)} ${value.length === 1 ? "Eintrag" : "Einträge"}`;
  return "geändert";
}

/** One changed field as a line: „Rolle: – → Team“. The Protokoll's screen and its CSV read the same. */
export function auditChangeLine(
  objectType: AuditObjectType | null,
  field: string,
  change: { before: unknown; after: unknown },
): string {
  const value = (shown: unknown) => auditValueLabel(objectType, field, shown);
  return `${auditFieldLabel(objectType, field)}: ${value(change.before)} → ${value(change.after)}`;
}
