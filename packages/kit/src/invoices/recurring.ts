/**
 * Wiederkehrende Rechnungen: the template, its runs, the German labels and messages, and the
 * calendar (docs/decisions/0080-recurring-invoices-exactly-once.md) shared by the API's daily job
 * and the screen.
 */
import type { InvoiceItem } from "./types";

export const recurringFrequencies = ["monthly", "quarterly", "yearly"] as const;
export type RecurringFrequency = (typeof recurringFrequencies)[number];
export const recurringFrequencyLabels: Record<RecurringFrequency, string> = {
  monthly: "monatlich",
  quarterly: "vierteljährlich",
  yearly: "jährlich",
};

/** Which calendar period a run bills: the month (quarter, year) its day lies in, or the one before. */
export const recurringServicePeriods = ["current", "previous"] as const;
export type RecurringServicePeriod = (typeof recurringServicePeriods)[number];
export const recurringServicePeriodLabels: Record<RecurringServicePeriod, string> = {
  current: "Laufender Zeitraum",
  previous: "Vorheriger Zeitraum",
};

/** „als Entwurf“, „ausstellen“, „ausstellen und senden“. */
export const recurringModes = ["draft", "issue", "send"] as const;
export type RecurringMode = (typeof recurringModes)[number];
export const recurringModeLabels: Record<RecurringMode, string> = {
  draft: "als Entwurf",
  issue: "ausstellen",
  send: "ausstellen und senden",
};

export const recurringStates = ["active", "paused", "ended"] as const;
export type RecurringState = (typeof recurringStates)[number];
export const recurringStateLabels: Record<RecurringState, string> = {
  active: "aktiv",
  paused: "pausiert",
  ended: "beendet",
};

export const recurringRunStates = ["draft", "issued", "sent"] as const;
export type RecurringRunState = (typeof recurringRunStates)[number];
export const recurringRunStateLabels: Record<RecurringRunState, string> = {
  draft: "Entwurf",
  issued: "ausgestellt",
  sent: "gesendet",
};

/** What `POST`/`PUT /api/recurring-invoices` take. */
export interface RecurringInvoiceInput {
  customerId: number;
  items: InvoiceItem[];
  taxPercent?: number;
  paymentTermDays?: number;
  notes?: string;
  frequency: string;
  firstOn: string;
  endsOn?: string | null;
  servicePeriod: string;
  mode: string;
}

/** One run: when it was due, when it was made, the period it billed and its invoice. */
export interface RecurringInvoiceRun {
  id: number;
  scheduledOn: string;
  madeOn: string;
  /** Made after its day: a period caught up after downtime („nachgeholt“). */
  caughtUp: boolean;
  periodStart: string;
  periodEnd: string;
  state: RecurringRunState;
  invoiceId: number | null;
  invoiceNumber: string | null;
  /** Why a run of „ausstellen und senden“ stayed `issued` (German), e.g. „keine E-Mail-Adresse beim Kunden“. */
  sendNote: string | null;
}

export interface RecurringInvoice {
  id: number;
  customerId: number;
  customerName: string;
  items: InvoiceItem[];
  taxPercent: number;
  paymentTermDays: number;
  notes: string;
  frequency: RecurringFrequency;
  firstOn: string;
  endsOn: string | null;
  servicePeriod: RecurringServicePeriod;
  mode: RecurringMode;
  state: RecurringState;
  /** The gross amount of one run, in cents. */
  totalCents: number;
  nextRunOn: string | null;
  /** The latest runs, newest first (at most five). */
  runs: RecurringInvoiceRun[];
}

export interface RecurringInvoiceList {
  templates: RecurringInvoice[];
}

export interface RecurringInvoiceAnswer {
  template: RecurringInvoice;
}

/** `POST /api/recurring-invoices/run`: the runs made now, and how many of them were caught up. */
export interface RecurringRunReport {
  made: number;
  caughtUp: number;
  failed: number;
}

export const recurringInvoiceLimits = { templatesMax: 10_000, runsShown: 5 } as const;

export const recurringInvoiceMessages = {
  title: "Wiederkehrende Rechnungen",
  intro:
    "Vorlagen, aus denen täglich automatisch Rechnungen entstehen. Ausgefallene Tage werden nachgeholt; pausierte Zeiträume nicht.",
  newTemplate: "Neue Vorlage",
  editTemplate: "Vorlage bearbeiten",
  empty: "Noch keine wiederkehrenden Rechnungen.",
  customer: "Kunde",
  frequency: "Intervall",
  amount: "Betrag",
  nextRun: "Nächste Ausführung",
  lastRuns: "Letzte Ausführungen",
  noRuns: "Noch keine",
  state: "Status",
  firstOn: "Erste Ausführung",
  endsOn: "Letzte Ausführung spätestens am (optional)",
  servicePeriod: "Leistungszeitraum",
  mode: "Rechnung",
  items: "Positionen",
  description: "Beschreibung",
  quantity: "Menge",
  unitPrice: "Einzelpreis (€)",
  addItem: "Position hinzufügen",
  removeItem: "Position entfernen",
  taxPercent: "MwSt. (%)",
  paymentTermDays: "Zahlungsziel (Tage)",
  notes: "Hinweise",
  save: "Speichern",
  cancel: "Abbrechen",
  edit: "Bearbeiten",
  pause: "Pausieren",
  resume: "Fortsetzen",
  end: "Beenden",
  runNow: "Jetzt ausführen",
  caughtUp: "nachgeholt",
  noCustomerEmail: "nicht gesendet: keine E-Mail-Adresse beim Kunden",
  saved: "Die Vorlage ist gespeichert.",
  paused: "Die Vorlage ist pausiert.",
  resumed: "Die Vorlage läuft wieder.",
  ended: "Die Vorlage ist beendet.",
  ran: (made: number, caughtUp: number) =>
    made === 0
      ? "Keine Rechnung war fällig."
      : `${made} ${made === 1 ? "Rechnung" : "Rechnungen"} erstellt${caughtUp > 0 ? `, davon ${caughtUp} nachgeholt` : ""}.`,
  customerPlaceholder: "Kunde wählen",
  loadFailed: "Die wiederkehrenden Rechnungen konnten nicht geladen werden.",
  // Refusals (422/404/409).
  customerUnknown: "Den gewählten Kunden gibt es nicht.",
  itemsRequired: "Mindestens eine Position mit Beschreibung ist notwendig.",
  frequencyUnknown: "Bitte ein Intervall wählen: monatlich, vierteljährlich oder jährlich.",
  servicePeriodUnknown: "Bitte den Leistungszeitraum wählen: laufender oder vorheriger Zeitraum.",
  modeUnknown: "Bitte wählen: als Entwurf, ausstellen oder ausstellen und senden.",
  firstOnInvalid: "Bitte ein gültiges Datum der ersten Ausführung angeben (TT.MM.JJJJ).",
  firstOnPast: "Die erste Ausführung darf nicht in der Vergangenheit liegen.",
  endsOnInvalid: "Bitte ein gültiges Enddatum angeben (TT.MM.JJJJ) oder das Feld leer lassen.",
  endBeforeStart: "Das Enddatum darf nicht vor der ersten Ausführung liegen.",
  scheduleFixed:
    "Intervall, erste Ausführung und Leistungszeitraum stehen nach der ersten Ausführung fest. Beenden Sie die Vorlage und legen Sie eine neue an.",
  notFound: "Diese wiederkehrende Rechnung gibt es nicht.",
  invalidId: "Die Nummer der Vorlage ist ungültig.",
  ended409: "Die Vorlage ist beendet und kann nicht mehr geändert werden.",
  tooMany: "Es gibt bereits zu viele Vorlagen.",
} as const;

/** The days in month `month` (1–12) of `year`. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const monthsPer: Record<RecurringFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * The day of run `index` (0 = `firstOn`): `index` periods after the first, on the first run's
 * day of the month, or the month's last day where the month is shorter. The anchor is kept:
 * 31.01. → 28./29.02. → 31.03., never drifting to the 28th.
 */
export function recurringRunDate(firstOn: string, frequency: RecurringFrequency, index: number): string {
  const [year, month, day] = firstOn.split("-").map(Number) as [number, number, number];
  const months = year * 12 + (month - 1) + index * monthsPer[frequency];
  const y = Math.floor(months / 12);
  const m = (months % 12) + 1;
  return iso(y, m, Math.min(day, daysIn(y, m)));
}

/** The index of the first run on or after `day` (0 when `day` is before the first run). */
export function recurringRunIndexOnOrAfter(firstOn: string, frequency: RecurringFrequency, day: string): number {
  if (day <= firstOn) return 0;
  const [fy, fm] = firstOn.split("-").map(Number) as [number, number];
  const [dy, dm] = day.split("-").map(Number) as [number, number];
  let index = Math.max(0, Math.floor((dy * 12 + dm - (fy * 12 + fm)) / monthsPer[frequency]) - 1);
  while (recurringRunDate(firstOn, frequency, index) < day) index += 1;
  return index;
}

/** The calendar month, quarter or year `day` lies in, or the one before it: the run's Leistungszeitraum. */
export function recurringServicePeriod(
  day: string,
  frequency: RecurringFrequency,
  which: RecurringServicePeriod,
): { start: string; end: string } {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const size = monthsPer[frequency];
  // The period's first month, counted from year 0: months are grouped from January.
  let first = year * 12 + Math.floor((month - 1) / size) * size;
  if (which === "previous") first -= size;
  const last = first + size - 1;
  const sy = Math.floor(first / 12);
  const ey = Math.floor(last / 12);
  const em = (last % 12) + 1;
  return { start: iso(sy, (first % 12) + 1, 1), end: iso(ey, em, daysIn(ey, em)) };
}
