/**
 * The DATEV export (docs/decisions/0064-datev-export.md): the settings the Steuerberater's
 * Buchungsstapel needs (Berater- und Mandantennummer, chart of accounts with a revenue account
 * per tax case, Sachkontenlänge, Wirtschaftsjahresbeginn), their rules and German messages, and
 * the export's period and file name.
 */
import { isIsoDate } from "./invoices/dates";
import { type TaxCase, taxCaseInfo, taxCases } from "./invoices/tax-cases";
import { invoiceDateRange } from "./invoices/types";

export const datevCharts = ["SKR03", "SKR04"] as const;
export type DatevChart = (typeof datevCharts)[number];

/** The revenue accounts' keys: the two rates an invoice charges VAT at, then the cases of 0 %. */
export const datevRevenueKeys = ["standard", "reduced", ...taxCases] as const;
export type DatevRevenueKey = "standard" | "reduced" | TaxCase;

export const datevRevenueLabels: Record<DatevRevenueKey, string> = {
  standard: "Erlöse 19 %",
  reduced: "Erlöse 7 %",
  "small-business": taxCaseInfo["small-business"].label,
  "reverse-charge": taxCaseInfo["reverse-charge"].label,
  "intra-community-supply": taxCaseInfo["intra-community-supply"].label,
  export: taxCaseInfo.export.label,
};

/** The VAT rates with an account of their own; 0 % goes by its tax case. */
export const datevTaxedRates: Record<"standard" | "reduced", number> = { standard: 19, reduced: 7 };

export interface DatevRevenueAccount {
  /** Sachkonto, as many digits as the Sachkontenlänge. */
  account: string;
  /** BU-Schlüssel; null for an Automatikkonto, which books the VAT itself. */
  taxKey: string | null;
}

export interface DatevSettings {
  /** Beraternummer (1001–9999999); null until the Steuerberater named it. */
  consultantNumber: number | null;
  /** Mandantennummer (1–99999). */
  clientNumber: number | null;
  chart: DatevChart;
  /** Sachkontenlänge, 4 to 8; Debitoren have one digit more. */
  accountLength: number;
  /** The month the Wirtschaftsjahr begins with (1 = January). */
  fiscalYearStartMonth: number;
  revenueAccounts: Record<DatevRevenueKey, DatevRevenueAccount>;
  /** The Debitor of invoices that name no customer of the Kundenverwaltung. */
  collectiveDebtor: number;
}

/** What the export needs that only the Steuerberater can tell: the German names of what is unset. */
export function missingDatevDetails(settings: Pick<DatevSettings, "consultantNumber" | "clientNumber">): string[] {
  return [
    ...(settings.consultantNumber === null ? [datevFieldLabels.consultantNumber] : []),
    ...(settings.clientNumber === null ? [datevFieldLabels.clientNumber] : []),
  ];
}

/**
 * The standard revenue accounts, all Automatikkonten (no BU-Schlüssel): SKR03/SKR04 8400/4400
 * Erlöse 19 % USt, 8300/4300 Erlöse 7 % USt, 8192/4192 Steuerfreie Erlöse Kleinunternehmer nach
 * § 19 Abs. 1 UStG, 8337/4337 Erlöse aus Leistungen nach § 13b UStG, 8125/4125 steuerfreie
 * innergemeinschaftliche Lieferungen § 4 Nr. 1b UStG, 8120/4120 steuerfreie Umsätze § 4 Nr. 1a UStG.
 */
const chartAccounts: Record<DatevChart, Record<DatevRevenueKey, string>> = {
  SKR03: {
    standard: "8400",
    reduced: "8300",
    "small-business": "8192",
    "reverse-charge": "8337",
    "intra-community-supply": "8125",
    export: "8120",
  },
  SKR04: {
    standard: "4400",
    reduced: "4300",
    "small-business": "4192",
    "reverse-charge": "4337",
    "intra-community-supply": "4125",
    export: "4120",
  },
};

/** A chart's standard revenue accounts, as the form pre-fills them when the chart is picked. */
export function datevDefaultRevenueAccounts(chart: DatevChart): Record<DatevRevenueKey, DatevRevenueAccount> {
  const accounts = chartAccounts[chart];
  return Object.fromEntries(datevRevenueKeys.map((key) => [key, { account: accounts[key], taxKey: null }])) as Record<
    DatevRevenueKey,
    DatevRevenueAccount
  >;
}

/** Until an admin saves: SKR03, Sachkontenlänge 4, the calendar year, the last Debitor as Sammeldebitor. */
export const defaultDatevSettings: DatevSettings = {
  consultantNumber: null,
  clientNumber: null,
  chart: "SKR03",
  accountLength: 4,
  fiscalYearStartMonth: 1,
  revenueAccounts: datevDefaultRevenueAccounts("SKR03"),
  collectiveDebtor: 69999,
};

/** The first Debitor number a customer gets (migration 036 and the column's sequence). */
export const firstDebitorNumber = 10000;

/** `GET` and `PUT /api/company/datev`. */
export interface DatevSettingsAnswer {
  datev: DatevSettings;
}

/** What the form sends: its inputs as typed (numbers as text are taken too). */
export interface DatevSettingsDraft {
  consultantNumber?: string | number | null;
  clientNumber?: string | number | null;
  chart?: string | null;
  accountLength?: string | number | null;
  fiscalYearStartMonth?: string | number | null;
  revenueAccounts?: Record<string, { account?: string | null; taxKey?: string | null } | null> | null;
  collectiveDebtor?: string | number | null;
}

/** The form's labels. */
export const datevFieldLabels = {
  consultantNumber: "Beraternummer",
  clientNumber: "Mandantennummer",
  chart: "Kontenrahmen",
  accountLength: "Sachkontenlänge",
  fiscalYearStartMonth: "Wirtschaftsjahresbeginn",
  collectiveDebtor: "Sammeldebitor (Rechnungen ohne Kunde)",
  revenueAccount: (label: string) => `Erlöskonto ${label}`,
  taxKey: (label: string) => `BU-Schlüssel ${label}`,
  debitorNumber: "Debitorennummer",
} as const;

export const monthNames = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
] as const;

export type DatevSettingsField = Exclude<keyof DatevSettings, "revenueAccounts"> | `revenue.${DatevRevenueKey}`;

/** The form's fields in order: the first problem of a check is named in it. */
export const datevFieldOrder: DatevSettingsField[] = [
  "consultantNumber",
  "clientNumber",
  "chart",
  "accountLength",
  "fiscalYearStartMonth",
  ...datevRevenueKeys.map((key) => `revenue.${key}` as const),
  "collectiveDebtor",
];

export const datevMessages = {
  consultantNumberInvalid: "Die Beraternummer hat 4 bis 7 Ziffern und beginnt bei 1001.",
  clientNumberInvalid: "Die Mandantennummer hat 1 bis 5 Ziffern.",
  chartInvalid: "Bitte wählen Sie den Kontenrahmen SKR03 oder SKR04.",
  accountLengthInvalid: "Die Sachkontenlänge ist eine Zahl von 4 bis 8.",
  fiscalYearStartInvalid: "Bitte wählen Sie den Monat, mit dem das Wirtschaftsjahr beginnt.",
  revenueAccountInvalid: (label: string, length: number) =>
    `Das Erlöskonto „${label}“ muss eine Kontonummer mit ${length} Ziffern sein.`,
  taxKeyInvalid: (label: string) => `Der BU-Schlüssel zu „${label}“ hat 1 bis 4 Ziffern oder bleibt leer.`,
  collectiveDebtorInvalid: (length: number) => `Der Sammeldebitor muss eine Kontonummer mit ${length} Ziffern sein.`,
  periodInvalid: "Bitte geben Sie den Zeitraum mit zwei gültigen Daten an (von und bis).",
  periodReversed: "Der Zeitraum endet vor seinem Beginn.",
  periodOutOfRange: `Der Zeitraum muss zwischen ${invoiceDateRange.min.slice(0, 4)} und ${invoiceDateRange.max.slice(0, 4)} liegen.`,
  periodAcrossFiscalYears: "Der Zeitraum muss in einem Wirtschaftsjahr liegen: DATEV nimmt je Stapel nur eines an.",
  settingsMissing:
    "Für den DATEV-Export fehlen Berater- und Mandantennummer: bitte in den Firmeneinstellungen eintragen.",
  debitorLengthMismatch: (length: number) =>
    `Die Debitorennummern der Kunden (ab ${firstDebitorNumber}) passen nur zur Sachkontenlänge 4, eingestellt ist ${length}.`,
  rateWithoutAccount: (rate: string, number: string) =>
    `Für den Steuersatz ${rate} % gibt es kein Erlöskonto (Rechnung ${number}): bitte mit dem Steuerberater klären und die Rechnung stornieren und neu ausstellen.`,
  settingsTitle: "DATEV-Export",
  settingsDescription:
    "Was der Steuerberater für den Import des Buchungsstapels braucht. Die Erlöskonten sind die Standardkonten des Kontenrahmens und lassen sich ändern.",
  settingsSave: "DATEV-Einstellungen speichern",
  settingsSaved: "DATEV-Einstellungen gespeichert",
  exportButton: "DATEV-Export",
  exportFrom: "Zeitraum von",
  exportTo: "Zeitraum bis",
  exportFailed: "DATEV-Export fehlgeschlagen",
} as const;

function whole(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

export type DatevSettingsCheck =
  | { ok: true; settings: DatevSettings }
  | { ok: false; errors: Partial<Record<DatevSettingsField, string>> };

/** Checks the DATEV settings field by field; on success the settings to store. */
export function checkDatevSettings(draft: DatevSettingsDraft): DatevSettingsCheck {
  const errors: Partial<Record<DatevSettingsField, string>> = {};
  const optionalNumber = (value: string | number | null | undefined) =>
    value === null || value === undefined || String(value).trim() === "" ? null : whole(value);

  const consultantNumber = optionalNumber(draft.consultantNumber);
  if (consultantNumber !== null && !(consultantNumber >= 1001 && consultantNumber <= 9_999_999))
    errors.consultantNumber = datevMessages.consultantNumberInvalid;
  const clientNumber = optionalNumber(draft.clientNumber);
  if (clientNumber !== null && !(clientNumber >= 1 && clientNumber <= 99_999))
    errors.clientNumber = datevMessages.clientNumberInvalid;
  const chart = (draft.chart ?? "SKR03") as DatevChart;
  if (!datevCharts.includes(chart)) errors.chart = datevMessages.chartInvalid;
  const accountLength = whole(draft.accountLength ?? defaultDatevSettings.accountLength) ?? Number.NaN;
  const lengthOk = accountLength >= 4 && accountLength <= 8;
  if (!lengthOk) errors.accountLength = datevMessages.accountLengthInvalid;
  const fiscalYearStartMonth = whole(draft.fiscalYearStartMonth ?? 1) ?? Number.NaN;
  if (!(fiscalYearStartMonth >= 1 && fiscalYearStartMonth <= 12))
    errors.fiscalYearStartMonth = datevMessages.fiscalYearStartInvalid;

  const length = lengthOk ? accountLength : defaultDatevSettings.accountLength;
  const defaults = datevDefaultRevenueAccounts(datevCharts.includes(chart) ? chart : "SKR03");
  const revenueAccounts = {} as Record<DatevRevenueKey, DatevRevenueAccount>;
  for (const key of datevRevenueKeys) {
    const typed = draft.revenueAccounts?.[key];
    const account = (typed?.account ?? defaults[key].account).trim();
    const taxKey = typed?.taxKey?.trim() || null;
    const label = datevRevenueLabels[key];
    if (!new RegExp(`^\\d{${length}}$`).test(account))
      errors[`revenue.${key}`] = datevMessages.revenueAccountInvalid(label, length);
    else if (taxKey !== null && !/^\d{1,4}$/.test(taxKey))
      errors[`revenue.${key}`] = datevMessages.taxKeyInvalid(label);
    revenueAccounts[key] = { account, taxKey };
  }
  const collectiveDebtor = whole(draft.collectiveDebtor ?? defaultDatevSettings.collectiveDebtor) ?? Number.NaN;
  if (String(collectiveDebtor).length !== length + 1)
    errors.collectiveDebtor = datevMessages.collectiveDebtorInvalid(length + 1);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      consultantNumber,
      clientNumber,
      chart,
      accountLength,
      fiscalYearStartMonth,
      revenueAccounts,
      collectiveDebtor,
    },
  };
}

/** `GET /api/invoices/datev?from=&to=`: the period, both days included. */
export interface DatevPeriod {
  from: string;
  to: string;
}

/** The first day of the Wirtschaftsjahr a day lies in, `yyyy-mm-dd`. */
export function fiscalYearStart(day: string, startMonth: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  return `${startYear}-${String(startMonth).padStart(2, "0")}-01`;
}

/** The period's problem in the form's words, or null: two dates, in order, in range, in one Wirtschaftsjahr. */
export function datevPeriodProblem(
  period: { from?: string | null; to?: string | null },
  fiscalYearStartMonth: number,
): string | null {
  const { from, to } = period;
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to)) return datevMessages.periodInvalid;
  if (to < from) return datevMessages.periodReversed;
  if (from < invoiceDateRange.min || to > invoiceDateRange.max) return datevMessages.periodOutOfRange;
  if (fiscalYearStart(from, fiscalYearStartMonth) !== fiscalYearStart(to, fiscalYearStartMonth))
    return datevMessages.periodAcrossFiscalYears;
  return null;
}

/** The last quarter that has ended before `today` (`yyyy-mm-dd`), the export's default period. */
export function lastFullQuarter(today: string): DatevPeriod {
  const year = Number(today.slice(0, 4));
  const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
  const [startYear, startQuarter] = quarter === 0 ? [year - 1, 3] : [year, quarter - 1];
  const startMonth = startQuarter * 3 + 1;
  const endMonth = startMonth + 2;
  const lastDay = new Date(Date.UTC(startYear, endMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    from: `${startYear}-${pad(startMonth)}-01`,
    to: `${startYear}-${pad(endMonth)}-${pad(lastDay)}`,
  };
}

/** `EXTF_Buchungsstapel_2026-01-01_2026-03-31.csv`: DATEV's import looks for the EXTF_ prefix. */
export function datevFileName(period: DatevPeriod): string {
  return `EXTF_Buchungsstapel_${period.from}_${period.to}.csv`;
}
