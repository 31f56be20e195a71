/**
 * Data-protection requests (Art. 15 and 17 DSGVO): a case per request, the places where the
 * product keeps a person's data, and the German words the API and the „Datenschutz“ screen share.
 */

export const privacyCaseKinds = ["access", "erasure", "both"] as const;
export type PrivacyCaseKind = (typeof privacyCaseKinds)[number];

export const privacyCaseKindLabels: Record<PrivacyCaseKind, string> = {
  access: "Auskunft",
  erasure: "Löschung",
  both: "Auskunft und Löschung",
};

export const privacyCaseStatuses = ["open", "in_progress", "done"] as const;
export type PrivacyCaseStatus = (typeof privacyCaseStatuses)[number];

export const privacyCaseStatusLabels: Record<PrivacyCaseStatus, string> = {
  open: "Offen",
  in_progress: "In Bearbeitung",
  done: "Erledigt",
};

/**
 * Every kind of place a person's data can be found in. A hit names its kind and the row's id, so
 * that an erasure plan can act on exactly that row.
 */
export const privacyDataKinds = [
  "contact_request",
  "mail",
  "customer",
  "customer_contact",
  "invoice",
  "recurring_invoice",
  "quote",
  "folder",
  "file",
  "client_error",
  "account",
] as const;
export type PrivacyDataKind = (typeof privacyDataKinds)[number];

export const privacyDataKindLabels: Record<PrivacyDataKind, string> = {
  contact_request: "Kontaktanfrage",
  mail: "E-Mail",
  customer: "Kunde",
  customer_contact: "Ansprechpartner",
  invoice: "Rechnung",
  recurring_invoice: "Wiederkehrende Rechnung",
  quote: "Angebot",
  folder: "Ordner",
  file: "Datei",
  client_error: "Fehlerbericht des Browsers",
  account: "Benutzerkonto",
};

/** What a hit's `fields` mean, in German: where in the row the address was found. */
export const privacyMatchLabels: Record<string, string> = {
  email: "E-Mail-Adresse",
  message: "Nachricht",
  company: "Firma",
  to_address: "Empfänger",
  reply_to_address: "Antwortadresse",
  subject: "Betreff",
  text_body: "Text",
  contact_request_id: "gehört zu einer gefundenen Kontaktanfrage",
  notes: "Notizen",
  address: "Anschrift",
  website: "Website",
  recipient: "Rechnungsempfänger",
  customer_id: "ausgestellt an einen gefundenen Kunden",
  name: "Name",
  original_name: "Dateiname",
  folder_id: "liegt in einem gefundenen Ordner",
  customer_file: "mit einem gefundenen Kunden verknüpft",
  user_id: "vom gefundenen Benutzerkonto gesendet",
  route: "Seite",
  restriction: "auf Verlangen dieser Adresse eingeschränkt",
  payment_notes: "Notiz einer Zahlung",
  recurring_customer_id: "Vorlage für einen gefundenen Kunden",
};

/** What replaces the person's address where an erasure removes a mention from someone else's record. */
export const privacyMentionRemoved = "(E-Mail-Adresse entfernt)";

/**
 * What the Auskunft shows instead of the team's own mailboxes (the team inbox, the admin a notice
 * went to): they are not the person's data (Art. 15(4) DSGVO).
 */
export const privacyTeamMailbox = "(Postfach des Unternehmens)";

/** A field of a hit's row and the person's address as it stands there. */
export interface PrivacyMatch {
  field: string;
  address: string;
}

/**
 * Where a hit was found, as the screen, the plan and the Auskunft show it:
 * „E-Mail-Adresse: anna@beispiel.de; gehört zu einer gefundenen Kontaktanfrage“.
 */
export function privacyMatchText(hit: { fields: readonly string[]; matches: readonly PrivacyMatch[] }): string {
  return hit.fields
    .map((field) => {
      const label = privacyMatchLabels[field] ?? field;
      const addresses = [
        ...new Set(hit.matches.filter((match) => match.field === field).map((match) => match.address)),
      ];
      return addresses.length === 0 ? label : `${label}: ${addresses.join(", ")}`;
    })
    .join("; ");
}

/** Art. 12(3): one month from receipt; the due date is shown in yellow this many days before. */
export const privacyDueWarningDays = 7;

export const privacyLimits = { notesMax: 5000 } as const;

/** A case as `GET /api/privacy/cases` lists it; dates are `yyyy-mm-dd`, `created_at` ISO 8601. */
export interface PrivacyCase {
  id: number;
  email: string;
  name: string | null;
  kind: PrivacyCaseKind;
  received_on: string;
  /** One month after `received_on`, on the month's last day where that month is shorter. */
  due_on: string;
  status: PrivacyCaseStatus;
  notes: string;
  created_at: string;
  created_by_name: string | null;
  /** When the case's Löschung was carried out (ISO 8601), or null. */
  erased_at: string | null;
}

/** `POST /api/privacy/cases`: `received_on` is today (Germany) when left out. */
export interface PrivacyCaseInput {
  email: string;
  name?: string | null;
  kind: PrivacyCaseKind;
  received_on?: string;
  notes?: string;
}

/** `PATCH /api/privacy/cases/:id`. */
export interface PrivacyCaseChange {
  status?: PrivacyCaseStatus;
  notes?: string;
}

/** One place where the person's data was found. */
export interface PrivacyHit {
  kind: PrivacyDataKind;
  id: number;
  /** Where it is, in German: „Kontaktanfrage vom 03.11.2026“, „Rechnung 2026-014“. */
  label: string;
  /** The row's fields that name the address (`email`, `message`, `to_address`, …) or tie it to another hit. */
  fields: string[];
  /** Each field that names the address, with the address as it stands there. */
  matches: PrivacyMatch[];
  /**
   * Someone else's record that merely names the address (a colleague's request, a customer's
   * notes): listed apart, redacted in the Auskunft, and an erasure removes only the mention.
   */
  mention: boolean;
}

export interface PrivacyCaseAnswer {
  case: PrivacyCase;
}

export interface PrivacyCaseList {
  cases: PrivacyCase[];
}

/** `GET /api/privacy/cases/:id`: the case and every hit; `summary` says how many, or that there are none. */
export interface PrivacyCaseDetail {
  case: PrivacyCase;
  hits: PrivacyHit[];
  summary: string;
}

/**
 * The answer's due date (Art. 12(3) with §§ 187, 188 BGB): the same day of the next month, or
 * that month's last day when it has no such day (31 January → 28 or 29 February).
 */
export function privacyDueDate(receivedOn: string): string {
  const [year = 0, month = 1, day = 1] = receivedOn.split("-").map(Number);
  const lastOfNext = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const due = new Date(Date.UTC(year, month, Math.min(day, lastOfNext)));
  return due.toISOString().slice(0, 10);
}

/** Whole days from `today` to `due_on` (both `yyyy-mm-dd`); negative once overdue. */
export function daysUntilDue(dueOn: string, today: string): number {
  return Math.round((Date.parse(`${dueOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * What an erasure (Art. 17 DSGVO) does with one hit: delete the row; keep the row without the
 * person's data; keep it untouched but hidden until its retention period ends (Art. 17(3)(b),
 * Art. 18); or leave it to a person to decide (files that may be business letters, staff accounts).
 */
export const privacyErasureActions = ["erase", "anonymise", "restrict", "remove_mention", "review"] as const;
export type PrivacyErasureAction = (typeof privacyErasureActions)[number];

export const privacyErasureActionLabels: Record<PrivacyErasureAction, string> = {
  erase: "Löschen",
  anonymise: "Anonymisieren",
  restrict: "Einschränken",
  remove_mention: "Erwähnung entfernen",
  review: "Von Hand prüfen",
};

/**
 * Issued invoices and cancellation invoices are kept this many years from the end of the year of
 * issue: they are Buchungsbelege, 8 years since the Viertes Bürokratieentlastungsgesetz (§ 147
 * Abs. 3 AO, § 14b Abs. 1 UStG, § 257 Abs. 4 HGB, from 2025; docs/decisions/0063). Until then an
 * erasure restricts them; the day after, the daily job deletes them. The catalogue, the plan, the
 * Auskunft and the privacy notice read this number.
 */
export const invoiceRetentionYears = 8;

/** The last day of an issued invoice's retention period: 2025-03-04 → 2033-12-31. */
export function invoiceRestrictedUntil(issueDate: string): string {
  return `${Number(issueDate.slice(0, 4)) + invoiceRetentionYears}-12-31`;
}

/** One hit of the person search with what an erasure does to it, and why. */
export interface PrivacyErasureItem extends PrivacyHit {
  action: PrivacyErasureAction;
  /** Why this action and no other, in German (the law or the reason it rests on). */
  reason: string;
  /** `restrict` only: the last day of the retention period (`yyyy-mm-dd`); null otherwise. */
  until: string | null;
}

/** `GET /api/privacy/cases/:id/erasure-plan`: every hit with its action, before anything happens. */
export interface PrivacyErasurePlan {
  case_id: number;
  items: PrivacyErasureItem[];
  summary: string;
}

/** `POST /api/privacy/cases/:id/erasure`: what was done, per action (a second run finds nothing left). */
export interface PrivacyErasureResult {
  case_id: number;
  items: PrivacyErasureItem[];
  counts: Record<PrivacyErasureAction, number>;
  summary: string;
}

/**
 * `GET /api/privacy/retention-plan` (admins): what the daily deletion would delete if it ran now,
 * changing nothing. Ids, numbers and dates only: no names or addresses.
 */
export interface PrivacyRetentionPlan {
  /** Germany's calendar day the plan is for (`yyyy-mm-dd`). */
  today: string;
  /** `CONTACT_REQUEST_RETENTION_DAYS` in force. */
  contact_request_days: number;
  /** Requests marked done before this moment go (ISO 8601). */
  cutoff: string;
  /** Answered requests past the period, oldest first: id and when they were marked done (ISO 8601). */
  contact_requests: { id: number; done_at: string }[];
  /** Replies and mails that go with them. */
  replies: number;
  mails: number;
  /** Restricted invoices whose retention period ended: deleted with their PDF. */
  invoices: { id: number; number: string; restricted_until: string }[];
  /** Ended, but kept until the cancellation invoice referring to it may go too. */
  held_invoice_ids: number[];
  summary: string;
}

/** A plan's line as the closing note and the screen's summary read it: „Rechnung 2025-014: eingeschränkt bis 31.12.2033“. */
export function privacyErasureLine(item: Pick<PrivacyErasureItem, "label" | "action" | "until">): string {
  const done: Record<PrivacyErasureAction, string> = {
    erase: "wird gelöscht",
    anonymise: "wird anonymisiert",
    restrict: "wird eingeschränkt",
    remove_mention: "Erwähnung wird entfernt",
    review: "von Hand prüfen",
  };
  if (item.action === "restrict" && item.until !== null) {
    const [year, month, day] = item.until.split("-");
    return `${item.label}: eingeschränkt bis ${day}.${month}.${year}`;
  }
  return `${item.label}: ${done[item.action]}`;
}

/** The API's German answers about Datenschutz cases; the screen shows `summary` and these as they come. */
export const privacyMessages = {
  foundNowhere: "Zu dieser E-Mail-Adresse sind keine personenbezogenen Daten gespeichert.",
  found: (count: number) => (count === 1 ? "1 Fundstelle." : `${count} Fundstellen.`),
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  invalidName: "Der Name darf höchstens 120 Zeichen lang sein.",
  invalidKind: "Die Art der Anfrage muss „access“, „erasure“ oder „both“ sein.",
  invalidStatus: "Der Status muss „open“, „in_progress“ oder „done“ sein.",
  invalidReceivedOn: "Das Eingangsdatum muss ein Datum (JJJJ-MM-TT) und darf nicht in der Zukunft sein.",
  invalidNotes: `Die Notizen dürfen höchstens ${privacyLimits.notesMax} Zeichen lang sein.`,
  nothingToChange: "Bitte geben Sie an, was geändert werden soll.",
  invalidId: "Die Nummer der Anfrage ist ungültig.",
  notFound: "Diese Anfrage gibt es nicht.",
  notErasure: "Diese Anfrage ist eine Auskunft, keine Löschung: es gibt nichts zu löschen.",
  alreadyDone: "Diese Anfrage ist erledigt; eine Löschung ist nur bei offenen Anfragen möglich.",
  nothingToErase: "Zu dieser E-Mail-Adresse ist nichts zu löschen.",
  planned: (count: number) =>
    count === 1 ? "1 Fundstelle, jede mit ihrer Aktion." : `${count} Fundstellen, jede mit ihrer Aktion.`,
  tooManyRequests:
    "Zu viele Datenschutz-Abfragen in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
  retentionNothing: "Der nächste Lauf würde nichts löschen.",
  retentionPlanned: (requests: number, mails: number, invoices: number) =>
    `Der nächste Lauf würde ${requests} erledigte ${requests === 1 ? "Kontaktanfrage" : "Kontaktanfragen"} mit ${mails} ${mails === 1 ? "E-Mail" : "E-Mails"} und ${invoices} ${invoices === 1 ? "eingeschränkte Rechnung" : "eingeschränkte Rechnungen"} löschen.`,
  erased: (counts: Record<PrivacyErasureAction, number>) =>
    `Gelöscht: ${counts.erase}, anonymisiert: ${counts.anonymise}, eingeschränkt: ${counts.restrict}, ` +
    (counts.remove_mention > 0 ? `Erwähnungen entfernt: ${counts.remove_mention}, ` : "") +
    `von Hand zu prüfen: ${counts.review}.`,
} as const;

/** Why each hit gets its action, in the words a data-protection officer expects. */
export const privacyErasureReasons = {
  contactRequest:
    "Keine Aufbewahrungspflicht; der Zweck (Beantwortung der Anfrage) ist entfallen (Art. 17 Abs. 1 lit. a DSGVO). Antworten und E-Mails dazu werden mitgelöscht.",
  mail: "Versandkopie ohne Aufbewahrungspflicht (Art. 17 Abs. 1 DSGVO).",
  customer:
    "Name, Kontaktdaten, Anschrift und Notizen werden entfernt, ebenso Ansprechpartner, Tags und die Einträge der Zeitleiste (Notizen, Anrufe, Termine); der Datensatz bleibt ohne Personenbezug erhalten, damit Rechnungen, die auf ihn verweisen, ihre Zuordnung behalten (Art. 17 Abs. 1 DSGVO).",
  customerContact:
    "Die Person ist nur Ansprechpartner bei einem Kunden: nur dieser Eintrag wird gelöscht, der Kunde selbst bleibt unverändert (Art. 17 Abs. 1 DSGVO).",
  invoiceIssued: `Aufbewahrungspflicht ${invoiceRetentionYears} Jahre ab Ende des Ausstellungsjahres (§ 147 AO, § 14b UStG): keine Löschung, sondern Einschränkung der Verarbeitung (Art. 17 Abs. 3 lit. b, Art. 18 DSGVO); für Beschäftigte nicht mehr sichtbar.`,
  invoiceRestricted: `Auf Verlangen dieser Adresse bereits eingeschränkt (Art. 18 DSGVO); wird nach Ablauf der Aufbewahrungsfrist (${invoiceRetentionYears} Jahre ab Ende des Ausstellungsjahres) gelöscht.`,
  invoiceDraft: "Nicht ausgestellter Entwurf: keine Aufbewahrungspflicht (Art. 17 Abs. 1 DSGVO).",
  recurringInvoice:
    "Vorlage für künftige Rechnungen an die Person: keine Aufbewahrungspflicht; sie wird mit ihren Ausführungen gelöscht, es entsteht keine weitere Rechnung (Art. 17 Abs. 1 lit. a DSGVO). Die bereits erstellten Rechnungen sind oben einzeln aufgeführt.",
  quoteDraft: "Nicht ausgestelltes Angebot: keine Aufbewahrungspflicht (Art. 17 Abs. 1 DSGVO).",
  quoteIssued:
    "Ausgestelltes Angebot: Geschäftsbrief, 6 Jahre ab Ende des Ausstellungsjahres aufzubewahren (§ 257 Abs. 1 Nr. 3, Abs. 4 HGB), wenn es zu einem Auftrag führte: keine Löschung (Art. 17 Abs. 3 lit. b DSGVO); bitte prüfen, ob es noch gebraucht wird, und die Verarbeitung einschränken.",
  clientError: "Technischer Fehlerbericht ohne Aufbewahrungspflicht (Art. 17 Abs. 1 DSGVO).",
  fileOrFolder:
    "Kann Geschäftsbriefe oder Buchungsbelege enthalten (§ 257 HGB, § 147 AO): bitte den Inhalt prüfen und im Bereich „Dateien“ löschen.",
  mention:
    "Datensatz einer anderen Person, der die Adresse nur nennt: nur die Erwähnung wird entfernt, der Datensatz bleibt (Art. 17 Abs. 1 DSGVO). Bitte prüfen, ob er weitere Angaben zur Person enthält.",
  mentionInIssuedInvoice:
    "Ausgestellte Rechnung einer anderen Person, die die Adresse nennt: sie darf nicht geändert werden (§ 147 AO, § 14b UStG); bitte prüfen.",
  account:
    "Benutzerkonto einer oder eines Beschäftigten: in der Benutzerverwaltung entscheiden (Arbeitsverhältnis, Nachvollziehbarkeit der eigenen Arbeit).",
} as const;
