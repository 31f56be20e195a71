import type { DatevPeriod, DatevSettings } from "@klarwerk/kit";
import { fiscalYearStart } from "@klarwerk/kit";

/**
 * The DATEV-Format's Buchungsstapel (EXTF, Versionsnummer 700, Datenkategorie 21, Formatversion
 * 13) as DATEV's import reads it: a header row, the row of column names, one row per booking;
 * semicolons, text fields in double quotes, decimal comma, CRLF, Windows-1252. Field order and
 * names: docs/decisions/0064-datev-export.md, which names the sources.
 */

/** One booking: an issued invoice, or its Stornorechnung, from the customer's side (Soll on the Debitor). */
export interface DatevBooking {
  /** Gross, in cents; negative for a Stornorechnung. */
  amountCents: number;
  debitor: number;
  revenueAccount: string;
  taxKey: string | null;
  /** `yyyy-mm-dd`. */
  documentDate: string;
  number: string;
  /**
   * On a Stornorechnung: the number of the invoice it reverses (Belegfeld 2), so the Steuerberater
   * can match the two; null for an invoice.
   */
  reverses: string | null;
  text: string;
}

/** The 125 columns of Formatversion 13, in order; the bookings fill the first fourteen at most. */
const columns = [
  "Umsatz (ohne Soll/Haben-Kz)",
  "Soll/Haben-Kennzeichen",
  "WKZ Umsatz",
  "Kurs",
  "Basis-Umsatz",
  "WKZ Basis-Umsatz",
  "Konto",
  "Gegenkonto (ohne BU-Schlüssel)",
  "BU-Schlüssel",
  "Belegdatum",
  "Belegfeld 1",
  "Belegfeld 2",
  "Skonto",
  "Buchungstext",
  "Postensperre",
  "Diverse Adressnummer",
  "Geschäftspartnerbank",
  "Sachverhalt",
  "Zinssperre",
  "Beleglink",
  ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`Beleginfo - Art ${n}`, `Beleginfo - Inhalt ${n}`]),
  "KOST1 - Kostenstelle",
  "KOST2 - Kostenstelle",
  "Kost-Menge",
  "EU-Land u. UStID (Bestimmung)",
  "EU-Steuersatz (Bestimmung)",
  "Abw. Versteuerungsart",
  "Sachverhalt L+L",
  "Funktionsergänzung L+L",
  "BU 49 Hauptfunktionstyp",
  "BU 49 Hauptfunktionsnummer",
  "BU 49 Funktionsergänzung",
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  "Stück",
  "Gewicht",
  "Zahlweise",
  "Forderungsart",
  "Veranlagungsjahr",
  "Zugeordnete Fälligkeit",
  "Skontotyp",
  "Auftragsnummer",
  "Buchungstyp",
  "USt-Schlüssel (Anzahlungen)",
  "EU-Land (Anzahlungen)",
  "Sachverhalt L+L (Anzahlungen)",
  "EU-Steuersatz (Anzahlungen)",
  "Erlöskonto (Anzahlungen)",
  "Herkunft-Kz",
  "Buchungs GUID",
  "KOST-Datum",
  "SEPA-Mandatsreferenz",
  "Skontosperre",
  "Gesellschaftername",
  "Beteiligtennummer",
  "Identifikationsnummer",
  "Zeichnernummer",
  "Postensperre bis",
  "Bezeichnung SoBil-Sachverhalt",
  "Kennzeichen SoBil-Buchung",
  "Festschreibung",
  "Leistungsdatum",
  "Datum Zuord. Steuerperiode",
  "Fälligkeit",
  "Generalumkehr (GU)",
  "Steuersatz",
  "Land",
  "Abrechnungsreferenz",
  "BVV-Position",
  "EU-Land u. UStID (Ursprung)",
  "EU-Steuersatz (Ursprung)",
  "Abw. Skontokonto",
] as const;

export const datevColumns: readonly string[] = columns;

/** A text field: quoted, quotes doubled, no line breaks or semicolons' ambiguity, cut to DATEV's length. */
function text(value: string, maxLength?: number): string {
  const flat = value.replace(/[\r\n\t]+/g, " ").trim();
  const cut = maxLength === undefined ? flat : flat.slice(0, maxLength);
  return `"${cut.replaceAll('"', '""')}"`;
}

/** `1234.5` cents-wise: `12,35`; DATEV's amounts carry a decimal comma and no thousands separator. */
function amount(cents: number): string {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

const compactDate = (isoDate: string) => isoDate.replaceAll("-", "");

/** `yyyymmddhhmmssfff` in German time: when the file was made. */
function createdStamp(now: Date): string {
  const parts = new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const millis = String(now.getMilliseconds()).padStart(3, "0");
  return `${part("year")}${part("month")}${part("day")}${part("hour")}${part("minute")}${part("second")}${millis}`;
}

/** The 31 fields of the header row (DATEV's own sample: `"EXTF";700;21;"Buchungsstapel";13;…`). */
function headerRow(settings: DatevSettings, period: DatevPeriod, now: Date): string[] {
  return [
    text("EXTF"),
    "700",
    "21",
    text("Buchungsstapel"),
    "13",
    createdStamp(now),
    "", // Importiert: set by DATEV
    text("RE"), // Herkunft: Rechnungswesen, replaced by "SV" on import
    text(""), // Exportiert von
    text(""), // Importiert von: set by DATEV
    String(settings.consultantNumber ?? ""),
    String(settings.clientNumber ?? ""),
    compactDate(fiscalYearStart(period.from, settings.fiscalYearStartMonth)),
    String(settings.accountLength),
    compactDate(period.from),
    compactDate(period.to),
    text("Ausgangsrechnungen", 30),
    text(""), // Diktatkürzel
    "1", // Buchungstyp: Finanzbuchführung
    "0", // Rechnungslegungszweck: unabhängig
    "0", // Festschreibung: the Steuerberater may still correct the bookings
    text("EUR"),
    "",
    text(""),
    "",
    "",
    text(settings.chart.slice(3)), // Sachkontenrahmen: "03" or "04"
    "",
    "",
    text(""),
    text(""),
  ];
}

function bookingRow(booking: DatevBooking): string[] {
  const row: string[] = new Array(columns.length).fill("");
  row[0] = amount(booking.amountCents);
  // The Debitor is debited by an invoice and credited by its Stornorechnung; Umsatz stays positive.
  row[1] = text(booking.amountCents < 0 ? "H" : "S");
  row[2] = text("EUR");
  row[6] = String(booking.debitor);
  row[7] = booking.revenueAccount;
  row[8] = booking.taxKey === null ? "" : text(booking.taxKey);
  row[9] = `${booking.documentDate.slice(8, 10)}${booking.documentDate.slice(5, 7)}`;
  row[10] = text(booking.number, 36);
  // Belegfeld 2 takes at most 12 characters; an invoice number ("2026-0001") has 9.
  row[11] = booking.reverses === null ? "" : text(booking.reverses, 12);
  row[13] = text(booking.text, 60);
  return row;
}

/** The Buchungsstapel as text; `encodeWindows1252` makes its bytes. */
export function datevBuchungsstapel(
  settings: DatevSettings,
  period: DatevPeriod,
  bookings: readonly DatevBooking[],
  now: Date = new Date(),
): string {
  const rows = [headerRow(settings, period, now), [...columns], ...bookings.map(bookingRow)];
  return rows.map((row) => `${row.join(";")}\r\n`).join("");
}

/** Windows-1252's own characters in 0x80–0x9F; the rest of 0xA0–0xFF is Latin-1, as Unicode. */
const windows1252High: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  ƒ: 0x83,
  "„": 0x84,
  "…": 0x85,
  "†": 0x86,
  "‡": 0x87,
  ˆ: 0x88,
  "‰": 0x89,
  Š: 0x8a,
  "‹": 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  "˜": 0x98,
  "™": 0x99,
  š: 0x9a,
  "›": 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** Text as Windows-1252 bytes, which DATEV's import expects; a character it has not becomes `?`. */
export function encodeWindows1252(value: string): Uint8Array<ArrayBuffer> {
  const bytes: number[] = [];
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(windows1252High[char] ?? 0x3f);
  }
  return Uint8Array.from(bytes);
}
