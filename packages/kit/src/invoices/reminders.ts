/**
 * Zahlungserinnerung und Mahnungen (docs/decisions/0090): the levels, the Mahnwesen settings, the
 * Basiszinssatz by date, and the calculation of a reminder's fee, flat fee and default interest
 * (§ 288 BGB). The API computes and stores with it; the screens show what it computed.
 */
import { formatDate } from "../format";
import { divideRounded, formatDecimal } from "../money";
import { addDays } from "./dates";
import type { Invoice } from "./types";

/** 1 Zahlungserinnerung, 2 „1. Mahnung“, 3 „2. Mahnung“ (the last). */
export const reminderLevels = [1, 2, 3] as const;
export type ReminderLevel = (typeof reminderLevels)[number];

export function isReminderLevel(value: unknown): value is ReminderLevel {
  return value === 1 || value === 2 || value === 3;
}

export const reminderLevelLabels: Record<ReminderLevel, string> = {
  1: "Zahlungserinnerung",
  2: "1. Mahnung",
  3: "2. Mahnung",
};

/** `Zahlungserinnerung_2026-0001.pdf`, `1-Mahnung_2026-0001.pdf`. */
export function reminderPdfFileName(level: ReminderLevel, number: string): string {
  const name = { 1: "Zahlungserinnerung", 2: "1-Mahnung", 3: "2-Mahnung" }[level];
  return `${name}_${number}.pdf`;
}

/** The Verzugspauschale between businesses (§ 288 Abs. 5 BGB), fixed by law. */
export const flatFeeCents = 4000;

export interface ReminderSettings {
  /** Fee per level, in cents. */
  feeReminderCents: number;
  feeFirstCents: number;
  feeSecondCents: number;
  /** Default interest, percentage points above the Basiszinssatz. */
  pointsBusiness: number;
  pointsConsumer: number;
  /** Charge the 40 € Verzugspauschale between businesses, once per invoice, from the 1. Mahnung on. */
  flatFee: boolean;
  /** Whether the Zahlungserinnerung carries interest too (the Mahnungen always do). */
  reminderInterest: boolean;
  /** Days until the new payment deadline. */
  deadlineDays: number;
}

export const defaultReminderSettings: ReminderSettings = {
  feeReminderCents: 0,
  feeFirstCents: 0,
  feeSecondCents: 0,
  pointsBusiness: 9,
  pointsConsumer: 5,
  flatFee: true,
  reminderInterest: false,
  deadlineDays: 10,
};

export const reminderSettingsLimits = { maxFeeCents: 100_000, maxPoints: 30, minDeadline: 1, maxDeadline: 60 } as const;

export function feeOfLevel(settings: ReminderSettings, level: ReminderLevel): number {
  return level === 1 ? settings.feeReminderCents : level === 2 ? settings.feeFirstCents : settings.feeSecondCents;
}

/** The Basiszinssatz from `validFrom` on, in percent (may be negative). */
export interface BaseRate {
  validFrom: string;
  ratePercent: number;
}

/** The last 1 January or 1 July on or before `today`. */
export function lastBaseRateChange(today: string): string {
  const year = today.slice(0, 4);
  return today >= `${year}-07-01` ? `${year}-07-01` : `${year}-01-01`;
}

/** Whether the newest stored rate is older than the last date the rate may have changed. */
export function baseRatesStale(rates: readonly BaseRate[], today: string): boolean {
  const newest = rates.reduce<string | null>(
    (max, rate) => (max === null || rate.validFrom > max ? rate.validFrom : max),
    null,
  );
  return newest === null || newest < lastBaseRateChange(today);
}

/** A base rate's date must be a day it can change on. */
export function isBaseRateDate(value: string): boolean {
  return /^\d{4}-(01|07)-01$/.test(value);
}

/** One stretch of days at one rate. */
export interface InterestPeriod {
  /** First and last day, inclusive. */
  from: string;
  to: string;
  days: number;
  basePercent: number;
  /** Base rate plus the points (never below 0). */
  ratePercent: number;
}

export interface InterestResult {
  cents: number;
  periods: InterestPeriod[];
}

/** Hundredths of a percent, exactly (rates have two decimals). */
const hundredths = (percent: number) => BigInt(Math.round(percent * 100));

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Simple default interest on `openCents` from the day after `dueDate` to `until` (inclusive), actual
 * days / 365, split where the Basiszinssatz changes, summed exactly and rounded once to the cent
 * (halves up). Null when a day has no known rate (before the first stored one).
 */
export function defaultInterest(
  openCents: number,
  dueDate: string,
  until: string,
  points: number,
  rates: readonly BaseRate[],
): InterestResult | null {
  const first = addDays(dueDate, 1);
  if (until < first || openCents <= 0) return { cents: 0, periods: [] };
  const sorted = [...rates].sort((a, b) => a.validFrom.localeCompare(b.validFrom));
  const startRate = sorted.filter((rate) => rate.validFrom <= first).at(-1);
  if (!startRate) return null;
  const periods: InterestPeriod[] = [];
  let numerator = 0n;
  let from = first;
  let rate = startRate;
  while (from <= until) {
    const next = sorted.find((candidate) => candidate.validFrom > from);
    const to = next && next.validFrom <= until ? addDays(next.validFrom, -1) : until;
    const days = daysBetween(from, to) + 1;
    const total = hundredths(rate.ratePercent) + hundredths(points);
    const effective = total < 0n ? 0n : total;
    periods.push({ from, to, days, basePercent: rate.ratePercent, ratePercent: Number(effective) / 100 });
    numerator += BigInt(openCents) * effective * BigInt(days);
    if (!next || next.validFrom > until) break;
    from = next.validFrom;
    rate = next;
  }
  return { cents: Number(divideRounded(numerator, 10_000n * 365n)), periods };
}

/** What a reminder charges, as the API stores it and the dialog shows it. */
export interface ReminderFigures {
  level: ReminderLevel;
  remindedOn: string;
  payBy: string;
  consumer: boolean;
  openCents: number;
  feeCents: number;
  flatFeeCents: number;
  earlierCostsCents: number;
  interestCents: number;
  /** Null when the level carries no interest. */
  interestPoints: number | null;
  interestPeriods: InterestPeriod[];
  totalCents: number;
}

export interface EarlierReminder {
  level: ReminderLevel;
  feeCents: number;
  flatFeeCents: number;
}

/**
 * The figures of the reminder at `level` on `remindedOn`: the level's fee; the flat fee between
 * businesses once per invoice from the 1. Mahnung on; the earlier reminders' fees carried
 * forward; interest from the 1. Mahnung on (or from the Zahlungserinnerung, when set). Null when
 * the interest needs a Basiszinssatz that is not stored.
 */
export function reminderFigures(input: {
  level: ReminderLevel;
  remindedOn: string;
  dueDate: string;
  openCents: number;
  consumer: boolean;
  earlier: readonly EarlierReminder[];
  settings: ReminderSettings;
  rates: readonly BaseRate[];
}): ReminderFigures | null {
  const { level, remindedOn, dueDate, openCents, consumer, earlier, settings, rates } = input;
  const feeCents = feeOfLevel(settings, level);
  const flatFeeCharged = earlier.some((reminder) => reminder.flatFeeCents > 0);
  const flat = !consumer && settings.flatFee && level >= 2 && !flatFeeCharged ? flatFeeCents : 0;
  const earlierCostsCents = earlier.reduce((sum, reminder) => sum + reminder.feeCents + reminder.flatFeeCents, 0);
  const withInterest = level >= 2 || settings.reminderInterest;
  const points = consumer ? settings.pointsConsumer : settings.pointsBusiness;
  let interest: InterestResult = { cents: 0, periods: [] };
  if (withInterest) {
    const computed = defaultInterest(openCents, dueDate, remindedOn, points, rates);
    if (computed === null) return null;
    interest = computed;
  }
  return {
    level,
    remindedOn,
    payBy: addDays(remindedOn, settings.deadlineDays),
    consumer,
    openCents,
    feeCents,
    flatFeeCents: flat,
    earlierCostsCents,
    interestCents: interest.cents,
    interestPoints: withInterest ? points : null,
    interestPeriods: interest.periods,
    totalCents: openCents + feeCents + flat + earlierCostsCents + interest.cents,
  };
}

/** A stored reminder, as `GET /api/invoices/{id}/reminders` lists it. */
export interface InvoiceReminder extends ReminderFigures {
  id: number;
  invoiceId: number;
  createdAt: string;
  createdByName: string | null;
  /** Sent by e-mail: when and to whom (null until the sending is wired). */
  sentAt: string | null;
  sentTo: string | null;
  /** Why it was not sent by e-mail after all (German), e.g. the invoice was paid before the mail went out. */
  sendNote: string | null;
}

/**
 * The mail a reminder goes out with, per level (placeholders as the invoice template's: {nummer}
 * the invoice's number, {betrag} the reminder's total, {faellig} its payment deadline, {datum} its
 * date, {kunde}, {absender}).
 */
export const defaultReminderMailTemplates: Record<ReminderLevel, { subject: string; text: string }> = {
  1: {
    subject: "Zahlungserinnerung zur Rechnung {nummer}",
    text: "Guten Tag,\n\nsicher ist es Ihrer Aufmerksamkeit entgangen: Die Rechnung {nummer} ist noch offen. Bitte überweisen Sie {betrag} bis zum {faellig}. Die Zahlungserinnerung finden Sie im Anhang.\n\nSollten Sie bereits gezahlt haben, betrachten Sie diese E-Mail bitte als gegenstandslos.\n\nMit freundlichen Grüßen\n{absender}",
  },
  2: {
    subject: "1. Mahnung zur Rechnung {nummer}",
    text: "Guten Tag,\n\ntrotz unserer Zahlungserinnerung ist die Rechnung {nummer} noch offen. Bitte überweisen Sie {betrag} bis zum {faellig}. Die Mahnung finden Sie im Anhang.\n\nSollten Sie bereits gezahlt haben, betrachten Sie diese E-Mail bitte als gegenstandslos.\n\nMit freundlichen Grüßen\n{absender}",
  },
  3: {
    subject: "2. Mahnung zur Rechnung {nummer}",
    text: "Guten Tag,\n\ndie Rechnung {nummer} ist weiterhin offen. Bitte überweisen Sie {betrag} spätestens bis zum {faellig}. Die 2. Mahnung finden Sie im Anhang.\n\nMit freundlichen Grüßen\n{absender}",
  },
};

/** Why no reminder is made for an invoice (the batch's answer per id). */
export const reminderSkipReasons = [
  "not-found",
  "paid",
  "cancelled",
  "not-issued",
  "not-overdue",
  "last-level",
  "deadline-running",
  "level-order",
  "no-base-rate",
] as const;
export type ReminderSkipReason = (typeof reminderSkipReasons)[number];

export const reminderMessages = {
  skip: {
    "not-found": "Diese Rechnung gibt es nicht.",
    paid: "bereits bezahlt",
    cancelled: "storniert",
    "not-issued": "nicht ausgestellt",
    "not-overdue": "nicht überfällig",
    "last-level": "die 2. Mahnung ist bereits verschickt",
    "deadline-running": "die Frist der letzten Erinnerung läuft noch",
    "level-order": "diese Stufe ist nicht die nächste",
    "no-base-rate": "für den Zeitraum ist kein Basiszinssatz hinterlegt",
  } satisfies Record<ReminderSkipReason, string>,
  /** The single route's 409/422 messages, whole sentences. */
  refused: {
    paid: "Diese Rechnung ist bereits bezahlt: keine Erinnerung.",
    cancelled: "Diese Rechnung ist storniert: keine Erinnerung.",
    "not-issued": "Diese Rechnung ist nicht ausgestellt: keine Erinnerung.",
    "not-overdue": "Diese Rechnung ist noch nicht überfällig.",
    "last-level": "Die 2. Mahnung ist die letzte Stufe; sie ist bereits verschickt.",
    "deadline-running": "Die Zahlungsfrist der letzten Erinnerung läuft noch.",
    "level-order": "Die Stufen gehen der Reihe nach: diese Stufe ist nicht die nächste.",
    "no-base-rate":
      "Für den Verzugszeitraum ist kein Basiszinssatz hinterlegt. Bitte in den Firmeneinstellungen ergänzen.",
  } satisfies Record<Exclude<ReminderSkipReason, "not-found">, string>,
  deadlineRunning: (payBy: string) =>
    `Die Zahlungsfrist der letzten Erinnerung läuft noch bis zum ${formatDate(payBy)}.`,
  dateInvalid: "Bitte geben Sie ein gültiges Datum der Erinnerung an.",
  dateInFuture: "Das Datum der Erinnerung darf nicht in der Zukunft liegen.",
  dateBeforeLast: "Das Datum darf nicht vor der letzten Erinnerung liegen.",
  levelInvalid: "Die Stufe muss 1 (Zahlungserinnerung), 2 (1. Mahnung) oder 3 (2. Mahnung) sein.",
  idsInvalid: "Bitte wählen Sie 1 bis 100 Rechnungen aus.",
  reminderNotFound: "Diese Erinnerung gibt es zu dieser Rechnung nicht.",
  invalidReminderId: "Die Nummer der Erinnerung ist ungültig.",
  baseRatesStale:
    "Der Basiszinssatz ist möglicherweise nicht aktuell: Er ändert sich zum 1. Januar und 1. Juli. Bitte den aktuellen Satz der Deutschen Bundesbank in den Firmeneinstellungen eintragen.",
  baseRateDate: "Der Basiszinssatz gilt jeweils ab dem 1. Januar oder 1. Juli eines Jahres (2000–2099).",
  baseRatePercent:
    "Bitte geben Sie den Basiszinssatz in Prozent an (zwischen -10 und 20, höchstens zwei Nachkommastellen).",
  baseRateNotFound: "Für dieses Datum ist kein Basiszinssatz eingetragen.",
  baseRateInUse: "Dieser Basiszinssatz wurde bereits in einer Mahnung verwendet und kann nicht gelöscht werden.",
  fee: (label: string) => `Die Gebühr „${label}“ muss zwischen 0,00 € und 1.000,00 € liegen.`,
  points: (label: string) =>
    `Der Zinssatz „${label}“ muss zwischen 0 und 30 Prozentpunkten liegen (höchstens zwei Nachkommastellen).`,
  deadlineDays: "Die Zahlungsfrist muss zwischen 1 und 60 Tagen liegen.",
  /** Why a reminder was not sent by e-mail (its history shows it). */
  notSentNoEmail: "nicht per E-Mail gesendet: keine E-Mail-Adresse beim Kunden",
  notSentPaid: "nicht per E-Mail gesendet: die Rechnung war bis zum Versand bezahlt",
  notSentCancelled: "nicht per E-Mail gesendet: die Rechnung war bis zum Versand storniert",
  sendByMailInvalid: "Das Feld „sendByMail“ muss wahr oder falsch sein.",
} as const;

/** Labels of the settings form and the dialog. */
export const reminderLabels = {
  section: "Mahnwesen",
  feeReminder: "Gebühr Zahlungserinnerung",
  feeFirst: "Gebühr 1. Mahnung",
  feeSecond: "Gebühr 2. Mahnung",
  pointsBusiness: "Verzugszins zwischen Unternehmen (Prozentpunkte über Basiszinssatz)",
  pointsConsumer: "Verzugszins gegenüber Verbrauchern (Prozentpunkte über Basiszinssatz)",
  flatFeeSetting:
    "Verzugspauschale von 40 € zwischen Unternehmen berechnen (§ 288 Abs. 5 BGB, einmal je Rechnung ab der 1. Mahnung)",
  reminderInterest: "Zinsen schon in der Zahlungserinnerung berechnen",
  deadlineDays: "Neue Zahlungsfrist (Tage)",
  baseRates: "Basiszinssätze",
  validFrom: "Gültig ab",
  ratePercent: "Basiszinssatz (%)",
  addBaseRate: "Basiszinssatz eintragen",
  consumer: "Schuldner ist Verbraucher",
  level: "Stufe",
  remindedOn: "Datum",
  openAmount: "Offener Betrag",
  fee: "Mahngebühr",
  flatFee: "Verzugspauschale",
  earlierCosts: "Bisherige Mahnkosten",
  interest: "Verzugszinsen",
  total: "Zu zahlen",
  payBy: "Zahlbar bis",
  history: "Erinnerungen und Mahnungen",
  remind: "Erinnern",
  remindSelected: "Ausgewählte erinnern",
} as const;

/** „9 Prozentpunkte über dem Basiszinssatz, 61 Tage“: the interest in words for the PDF and the dialog. */
export function interestDescription(figures: Pick<ReminderFigures, "interestPoints" | "interestPeriods">): string {
  if (figures.interestPoints === null) return "";
  const parts = figures.interestPeriods.map(
    (period) =>
      `${formatDate(period.from)}–${formatDate(period.to)}: ${period.days} Tage zu ${formatDecimal(period.ratePercent)} %`,
  );
  return `${formatDecimal(figures.interestPoints)} Prozentpunkte über dem Basiszinssatz${parts.length > 0 ? ` (${parts.join("; ")})` : ""}`;
}

/** `{ made | skipped }` per id of `POST /api/invoices/reminders`. */
export type ReminderBatchResult =
  | { invoiceId: number; number: string | null; outcome: "made"; reminder: InvoiceReminder }
  | { invoiceId: number; number: string | null; outcome: "planned"; figures: ReminderFigures }
  | { invoiceId: number; number: string | null; outcome: "skipped"; reason: ReminderSkipReason; message: string };

export interface ReminderBatchAnswer {
  results: ReminderBatchResult[];
}

export interface ReminderBatchInput {
  ids: number[];
  consumer?: boolean;
  /** Only compute: what would be made, nothing stored. */
  preview?: boolean;
}

export interface ReminderInput {
  level?: number;
  consumer?: boolean;
  remindedOn?: string;
}

export interface ReminderMadeAnswer {
  reminder: InvoiceReminder;
  invoice: Invoice;
}

export interface InvoiceRemindersAnswer {
  reminders: InvoiceReminder[];
}

export interface ReminderSettingsAnswer {
  settings: ReminderSettings;
  baseRates: BaseRate[];
  /** Whether the newest base rate is older than the last 1 January / 1 July. */
  baseRatesStale: boolean;
}
