/**
 * The audit trail's vocabulary, shared by the API (which records and filters) and the
 * Protokoll screen (which shows and filters): every action it records, with its German label and
 * its retention class, in this one list. A module that starts recording a new action adds it
 * here (the API refuses to record an action not listed, and the screen's filter offers it).
 */

/** How long an event is kept: `books` 10 years, `security` 1 year, `other` 3 years by default. */
export const auditRetentionClasses = ["books", "security", "other"] as const;
export type AuditRetentionClass = (typeof auditRetentionClasses)[number];

/** Default retention in years per class; `AUDIT_RETENTION_*_YEARS` settings override them. */
export const auditRetentionDefaultYears: Record<AuditRetentionClass, number> = { books: 10, security: 1, other: 3 };

export const auditObjectTypes = {
  account: "Konto",
  customer: "Kunde",
  customer_import: "Kundenimport",
  folder: "Ordner",
  file: "Datei",
  invoice: "Rechnung",
  recurring_invoice: "Wiederkehrende Rechnung",
  quote: "Angebot",
  company: "Firmendaten",
  contact_request: "Kontaktanfrage",
  mail: "E-Mail",
  audit: "Protokoll",
  backup: "Sicherung",
  // A remote's releases and rollout; its id is the remote's folder, `mf-dashboard`.
  remote: "Auslieferung",
  deploy_key: "Schlüssel für die Auslieferung",
  privacy_case: "Datenschutzanfrage",
  share_link: "Freigabe-Link",
} as const;
export type AuditObjectType = keyof typeof auditObjectTypes;

interface AuditActionSpec {
  label: string;
  retention: AuditRetentionClass;
  object: AuditObjectType;
}

function action(label: string, retention: AuditRetentionClass, object: AuditObjectType): AuditActionSpec {
  return { label, retention, object };
}

export const auditActions = {
  "auth.login_succeeded": action("Anmeldung", "security", "account"),
  "auth.login_failed": action("Anmeldung fehlgeschlagen", "security", "account"),
  "auth.login_limited": action("Anmeldung wegen zu vieler Versuche abgewiesen", "security", "account"),
  "auth.logout": action("Abmeldung", "security", "account"),
  "auth.password_changed": action("Passwort geändert", "security", "account"),
  "auth.password_reset_requested": action("Link zum Zurücksetzen angefordert", "security", "account"),
  "auth.password_reset": action("Passwort zurückgesetzt", "security", "account"),
  "account.registered": action("Zugang beantragt", "security", "account"),
  "account.approved": action("Zugang freigegeben", "security", "account"),
  "account.locked": action("Konto gesperrt", "security", "account"),
  "account.unlocked": action("Konto entsperrt", "security", "account"),
  "account.role_changed": action("Rolle geändert", "security", "account"),
  "account.rejected": action("Zugangsanfrage abgelehnt", "security", "account"),
  "account.deleted": action("Konto gelöscht", "security", "account"),
  // Object: one account, or none when every account's known browsers were forgotten at once.
  "account.known_devices_forgotten": action("Bekannte Browser vergessen", "security", "account"),
  "customer.created": action("Kunde angelegt", "other", "customer"),
  "customer.changed": action("Kunde geändert", "other", "customer"),
  "customer.deleted": action("Kunde gelöscht", "other", "customer"),
  // The customer list exported as CSV (decision 0093): its format, search, status filter and how many rows, never whose.
  "customer.exported": action("Kundenliste exportiert", "other", "customer"),
  // The CSV import (decision 0099): object is the import; its counts as changes, never whose. Each
  // customer it creates or updates has its own `customer.created` / `customer.changed`, its undo
  // `customer.deleted` / `customer.changed`.
  "customer.imported": action("Kunden importiert", "other", "customer_import"),
  "customer.import_undone": action("Kundenimport rückgängig gemacht", "other", "customer_import"),
  // The customer page (decision 0095): object is the customer; the contact's or entry's id is a field.
  "customer.contact_added": action("Ansprechpartner hinzugefügt", "other", "customer"),
  "customer.contact_changed": action("Ansprechpartner geändert", "other", "customer"),
  "customer.contact_removed": action("Ansprechpartner entfernt", "other", "customer"),
  "customer.tag_added": action("Tag hinzugefügt", "other", "customer"),
  "customer.tag_removed": action("Tag entfernt", "other", "customer"),
  "customer.activity_logged": action("Notiz, Anruf oder Termin erfasst", "other", "customer"),
  "customer.file_linked": action("Datei mit Kunde verknüpft", "other", "customer"),
  "customer.file_unlinked": action("Verknüpfung einer Datei mit Kunde gelöst", "other", "customer"),
  "folder.created": action("Ordner angelegt", "other", "folder"),
  // Renamed: the field only (names may hold personal data); moved: the parent's id before and after.
  "folder.renamed": action("Ordner umbenannt", "other", "folder"),
  "folder.moved": action("Ordner verschoben", "other", "folder"),
  "file.uploaded": action("Datei hochgeladen", "other", "file"),
  "file.downloaded": action("Datei heruntergeladen", "other", "file"),
  // Before the Papierkorb (decision 0098) a deletion was final; older events keep this label.
  "file.deleted": action("Datei gelöscht", "other", "file"),
  // The Papierkorb (decision 0098): object is the file or folder deleted; fields the deletion's
  // number and how many files and folders came with it (a folder's subtree), never names.
  "file.trashed": action("Datei in den Papierkorb gelegt", "other", "file"),
  "folder.trashed": action("Ordner in den Papierkorb gelegt", "other", "folder"),
  "file.restored": action("Datei aus dem Papierkorb wiederhergestellt", "other", "file"),
  "folder.restored": action("Ordner aus dem Papierkorb wiederhergestellt", "other", "folder"),
  // By hand („Endgültig löschen“, an admin) or by the daily job after FILES_TRASH_DAYS (the system).
  "file.purged": action("Datei endgültig gelöscht", "other", "file"),
  "folder.purged": action("Ordner endgültig gelöscht", "other", "folder"),
  // As a folder's: renamed names the field only, moved carries the folder ids before and after.
  "file.renamed": action("Datei umbenannt", "other", "file"),
  "file.moved": action("Datei verschoben", "other", "file"),
  // A share link (decision 0096): its target, expiry, whether it has a password, its limit.
  "share_link.created": action("Freigabe-Link erstellt", "other", "share_link"),
  "share_link.revoked": action("Freigabe-Link widerrufen", "other", "share_link"),
  "share_link.settings_changed": action("Höchste Gültigkeit von Freigabe-Links geändert", "other", "share_link"),
  "invoice.draft_saved": action("Rechnungsentwurf gespeichert", "books", "invoice"),
  "invoice.draft_deleted": action("Rechnungsentwurf gelöscht", "books", "invoice"),
  "invoice.issued": action("Rechnung ausgestellt", "books", "invoice"),
  "invoice.cancelled": action("Rechnung storniert", "books", "invoice"),
  // A payment recorded (in full, "Als bezahlt markieren", or in part) and one deleted as a mistake:
  // the payment's date, amount and note, and the invoice's paid date where it changed.
  "invoice.paid": action("Zahlung erfasst", "books", "invoice"),
  "invoice.payment_deleted": action("Zahlung gelöscht", "books", "invoice"),
  // „Per E-Mail senden“: every recipient, the subject and the attachments' names (changes.after).
  "invoice.mailed": action("Rechnung per E-Mail gesendet", "books", "invoice"),
  // A Zahlungserinnerung or Mahnung made: its level, date, amounts and PDF (the reminder's row).
  "invoice.reminded": action("Zahlungserinnerung oder Mahnung erstellt", "books", "invoice"),
  // The DATEV Buchungsstapel: its period, how many bookings and their sum, never whose.
  "invoice.datev_exported": action("DATEV-Export heruntergeladen", "books", "invoice"),
  // A template's changes (its fields before and after) and each run of the daily job (its
  // period, invoice and whether it was caught up after downtime): books, as the invoices they make.
  "recurring_invoice.created": action("Wiederkehrende Rechnung angelegt", "books", "recurring_invoice"),
  "recurring_invoice.changed": action("Wiederkehrende Rechnung geändert", "books", "recurring_invoice"),
  "recurring_invoice.paused": action("Wiederkehrende Rechnung pausiert", "books", "recurring_invoice"),
  "recurring_invoice.resumed": action("Wiederkehrende Rechnung fortgesetzt", "books", "recurring_invoice"),
  "recurring_invoice.ended": action("Wiederkehrende Rechnung beendet", "books", "recurring_invoice"),
  "recurring_invoice.run": action("Wiederkehrende Rechnung ausgeführt", "books", "recurring_invoice"),
  "recurring_invoice.caught_up": action("Wiederkehrende Rechnung nachgeholt", "books", "recurring_invoice"),
  // Angebote: the whole row's changed values, as invoices (decision 0078).
  "quote.draft_saved": action("Angebotsentwurf gespeichert", "books", "quote"),
  "quote.draft_deleted": action("Angebotsentwurf gelöscht", "books", "quote"),
  "quote.issued": action("Angebot ausgestellt", "books", "quote"),
  "quote.accepted": action("Angebot angenommen", "books", "quote"),
  "quote.rejected": action("Angebot abgelehnt", "books", "quote"),
  // On the quote, naming the invoice draft made from it (`fields`: invoice).
  "quote.converted": action("Angebot in Rechnung umgewandelt", "books", "quote"),
  // „Per E-Mail senden“ of an issued quote: every recipient, the subject and the PDF's name.
  "quote.mailed": action("Angebot per E-Mail gesendet", "books", "quote"),
  "company.changed": action("Firmendaten geändert", "books", "company"),
  // The letterhead's logo (decision 0091); `changes.logo`: the SHA-256 before and after.
  "company.logo_changed": action("Logo geändert", "books", "company"),
  "company.logo_removed": action("Logo entfernt", "books", "company"),
  "company.datev_changed": action("DATEV-Einstellungen geändert", "books", "company"),
  // Object id: the template's kind (invoice, quote, reminder-1 …); fields: subject and/or text.
  "company.mail_templates_changed": action("E-Mail-Vorlagen geändert", "other", "company"),
  "company.reminders_changed": action("Mahnwesen-Einstellungen geändert", "books", "company"),
  "company.base_rate_changed": action("Basiszinssatz geändert", "books", "company"),
  "mail.resent": action("E-Mail erneut gesendet", "other", "mail"),
  "contact_request.received": action("Kontaktanfrage eingegangen", "other", "contact_request"),
  "contact_request.done": action("Anfrage erledigt", "other", "contact_request"),
  "contact_request.replied": action("Anfrage beantwortet", "other", "contact_request"),
  // „Als Kunde übernehmen“ with an existing customer (fields: customer_id); taking a request over
  // into a new customer is that customer's `customer.created` (decision 0095).
  "contact_request.customer_linked": action("Anfrage mit Kunde verknüpft", "other", "contact_request"),
  // The daily retention job: how many requests and mails went, never whose (each is in the erasure ledger).
  "contact_request.retention_deleted": action(
    "Erledigte Anfragen nach Ablauf der Frist gelöscht",
    "other",
    "contact_request",
  ),
  // The same job, once an invoice's restriction (Art. 18) ended with its retention period: ids and
  // counts only (each in the erasure ledger with its PDF).
  "invoice.restriction_released": action(
    "Eingeschränkte Rechnungen nach Ablauf der Aufbewahrungsfrist gelöscht",
    "books",
    "invoice",
  ),
  "backup.created": action("Sicherung erstellt", "books", "backup"),
  "backup.drilled": action("Wiederherstellung geprobt", "books", "backup"),
  // „Jetzt sichern“ (an admin) or `bun run backup` asking the running API (the system).
  "backup.requested": action("Sicherung angefordert", "books", "backup"),
  // Releases and their rollout: what visitors get, who changed it. Not books, not
  // accounts: the default 3 years. Deploy keys let a team in, as accounts do: security.
  "release.created": action("Release gespeichert", "other", "remote"),
  "release.activated": action("Release aktiviert", "other", "remote"),
  "release.rolled_back": action("Release zurückgerollt", "other", "remote"),
  "release.canary_started": action("Canary gestartet", "other", "remote"),
  "release.promoted": action("Canary übernommen", "other", "remote"),
  "release.canary_stopped": action("Canary gestoppt", "other", "remote"),
  "release.canary_auto_stopped": action("Canary automatisch gestoppt", "other", "remote"),
  "release.deleted": action("Release gelöscht", "other", "remote"),
  "deploy_key.created": action("Schlüssel für die Auslieferung angelegt", "security", "deploy_key"),
  "deploy_key.revoked": action("Schlüssel für die Auslieferung widerrufen", "security", "deploy_key"),
  // A key refused (unknown, revoked, another remote's): the remote asked for and the reason, never the key.
  "deploy_key.refused": action("Schlüssel für die Auslieferung abgewiesen", "security", "deploy_key"),
  // A person's request under Art. 15/17 DSGVO: the events name the case and counts, never the person's address.
  "privacy_case.opened": action("Datenschutzanfrage erfasst", "other", "privacy_case"),
  "privacy_case.changed": action("Datenschutzanfrage geändert", "other", "privacy_case"),
  "privacy_case.access_exported": action("Auskunft heruntergeladen", "other", "privacy_case"),
  // The kinds of data touched (`fields`) and how many rows per action (`changes`), never whose.
  "privacy_case.erasure_carried_out": action("Löschung durchgeführt", "other", "privacy_case"),
  // Written by migration 019's audit_purge itself (class and name are fixed there).
  "audit.purged": action("Protokoll bereinigt", "books", "audit"),
} as const satisfies Record<string, AuditActionSpec>;
export type AuditAction = keyof typeof auditActions;

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(auditActions, value);
}

export function isAuditObjectType(value: unknown): value is AuditObjectType {
  return typeof value === "string" && Object.hasOwn(auditObjectTypes, value);
}

/**
 * Who acted: a signed-in account, a visitor (sign-in, registration, contact form), the server, or
 * a deploy key (a team's release without an account; its id is the key's, its name „Schlüssel „…““).
 */
export const auditActorKinds = ["user", "visitor", "system", "deploy_key"] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

/** One field's value before and after the change (only for books, accounts' role and status, releases' rollout). */
export interface AuditChange {
  before: unknown;
  after: unknown;
}

/** One event as `GET /api/audit` lists it; `occurred_at` is ISO 8601. */
export interface AuditEvent {
  seq: number;
  occurred_at: string;
  actor_kind: AuditActorKind;
  /** The account's id, or the deploy key's (`actor_kind` says which); null for a visitor or the system. */
  actor_id: number | null;
  /** The name the account or deploy key had when it acted, "Besucher" or "System". */
  actor_name: string;
  client_address: string | null;
  action: AuditAction;
  object_type: AuditObjectType | null;
  object_id: string | null;
  fields: string[];
  changes: Record<string, AuditChange> | null;
}

/** `GET /api/audit`: newest first; `next` is the `before` of the following page, null on the last. */
export interface AuditPage {
  events: AuditEvent[];
  next: number | null;
}

/** The filters of `GET /api/audit` and its CSV export; each optional. */
export interface AuditFilter {
  /** An account: its events (a deploy key's id is another number space: never matched). */
  actor_id?: number;
  action?: AuditAction;
  object_type?: AuditObjectType;
  object_id?: string;
  /** `yyyy-mm-dd`, Germany's calendar days, both included. */
  from?: string;
  to?: string;
}

/** `GET /api/audit/verify`: the chain recomputed; `first_mismatch` names the first event that does not match. */
export interface AuditVerification {
  ok: boolean;
  checked: number;
  first_mismatch: { seq: number; occurred_at: string | null; reason: string } | null;
}

export const auditPaging = { defaultLimit: 50, maxLimit: 200 } as const;

/** German texts of the trail, here once: the API's CSV and names, the screens' labels. */
export const auditMessages = {
  title: "Protokoll",
  description: "Wer hat wann was getan: jede Änderung an Kunden, Dateien, Rechnungen und Konten, neueste zuerst.",
  tableLabel: "Protokolleinträge",
  pagerLabel: "Seiten des Protokolls",
  filtersLabel: "Protokoll filtern",
  loadFailed: "Fehler beim Laden des Protokolls",
  exportFailed: "Export fehlgeschlagen",
  verifyFailed: "Prüfung fehlgeschlagen",
  invalidRange: "„Bis“ liegt vor „Von“.",
  resetFilters: "Filter zurücksetzen",
  verify: "Protokoll prüfen",
  visitor: "Besucher",
  system: "System",
  exportCsv: "Als CSV exportieren",
  filterActor: "Person",
  filterAction: "Aktion",
  filterObjectType: "Objekt",
  filterObjectId: "Objekt-Nr.",
  filterFrom: "Von",
  filterTo: "Bis",
  anyOption: "Alle",
  columnTime: "Zeit",
  columnActor: "Person",
  columnAddress: "Adresse",
  columnAction: "Aktion",
  columnObject: "Objekt",
  columnFields: "Geänderte Felder",
  columnChanges: "Vorher → Nachher",
  empty: "Keine Einträge für diese Auswahl.",
  emptyHint: "Ändern Sie die Filter oder den Zeitraum.",
  loading: "Lade Protokoll …",
  more: "Ältere Einträge",
  newest: "Zu den neuesten",
  verifyOk: (checked: number) => `Das Protokoll ist unverändert: ${checked} Einträge geprüft.`,
  verifyBroken: (seq: number) => `Das Protokoll wurde verändert: Eintrag Nr. ${seq} stimmt nicht.`,
  historyOf: (object: string) => `Verlauf: ${object}`,
  /** „Rechnung Nr. 12“; an id that is a name, not a number, without „Nr.“: „Auslieferung mf-dashboard“. */
  objectLabel: (type: string, id: string) => (/^\d+$/.test(id) ? `${type} Nr. ${id}` : `${type} ${id}`),
  close: "Schließen",
  mismatch: {
    contentChanged: "Der Inhalt passt nicht mehr zu seinem Hash.",
    linkBroken: "Der Hash des Vorgängers stimmt nicht.",
    gap: "Davor fehlen Einträge.",
    purgedEarly: "Vor Ablauf der Aufbewahrungsfrist geleert.",
    headMismatch: "Der neueste Eintrag fehlt oder wurde verändert.",
    sealBroken:
      "Das Siegel passt nicht: der Eintrag oder einer davor wurde ohne den Schlüssel verändert oder entfernt.",
    notSealed: "Seit über zehn Minuten nicht versiegelt.",
    purgedWithoutKey: "Ohne den Schlüssel geleert.",
    anchorMoved: "Der Anfang des Protokolls wurde ohne den Schlüssel verschoben.",
    backupDiffers: (set: string) => `Die Sicherung ${set} verzeichnet diesen Eintrag anders.`,
    backupAhead: (set: string) => `Die Sicherung ${set} verzeichnet diesen Eintrag, das Protokoll hat ihn nicht mehr.`,
  },
} as const;
