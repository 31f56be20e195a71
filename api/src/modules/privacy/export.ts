import {
  clientErrorKindLabels,
  customerStatusLabel,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatEuro,
  invoiceLabels,
  invoiceStatusLabels,
  isCustomerStatus,
  isReminderLevel,
  outboxMailKindLabels,
  outboxMailStateLabels,
  type PrivacyCase,
  type PrivacyDataKind,
  type PrivacyMatch,
  privacyDataKindLabels,
  privacyDataKinds,
  privacyMatchText,
  privacyMessages,
  privacyTeamMailbox,
  reminderLevelLabels,
  userRoleLabels,
  userStatusLabels,
} from "@klarwerk/kit";
import { strToU8, zipSync } from "fflate";
import { type CatalogueEntry, generalInformation, privacyCatalogue } from "./catalogue.ts";
import type { FoundRow } from "./search.ts";

/** The names of the Auskunft's files inside the ZIP. */
export const accessFiles = { html: "auskunft.html", json: "auskunft.json" } as const;

/** Art. 15(1)'s information for one kind of data the person was found in. */
interface KindInformation {
  kind: PrivacyDataKind;
  title: string;
  count: number;
  categories: string;
  purpose: string;
  legal_basis: string;
  recipients: string;
  storage_period: string;
  source: string;
}

/** The Auskunft's JSON: the HTML shows the same. */
export interface AccessReport {
  title: string;
  created_at: string;
  controller: string | null;
  request: { case_id: number; email: string; name: string | null; received_on: string; due_on: string };
  summary: string;
  information: KindInformation[];
  general: typeof generalInformation;
  hits: ReportHit[];
  /**
   * Records of other people that name the person's address (Art. 15(4) DSGVO): only the
   * address where it stands, nothing else of them.
   */
  mentions: ReportHit[];
}

interface ReportHit {
  kind: PrivacyDataKind;
  id: number;
  label: string;
  fields: string[];
  matches: PrivacyMatch[];
  data: Record<string, unknown>;
}

/** The mail's mailboxes that are not the person's are the team's: shown as such, never by name or address. */
function withoutTeamMailboxes(row: FoundRow): Record<string, unknown> {
  const data = { ...row.data };
  for (const [name, address] of [
    ["to_name", "to_address"],
    ["reply_to_name", "reply_to_address"],
  ] as const) {
    if (data[address] === null || data[address] === undefined || row.fields.includes(address)) continue;
    data[name] = null;
    data[address] = privacyTeamMailbox;
  }
  return data;
}

/**
 * A mention as the Auskunft hands it out: a label without the other person's name, and of each
 * field only the person's address where it stands there.
 */
function redactedMention(row: FoundRow): ReportHit {
  const data: Record<string, unknown> = {};
  if ("created_at" in row.data) data.created_at = row.data.created_at;
  for (const match of row.matches) {
    const shown = data[match.field];
    data[match.field] = typeof shown === "string" ? `${shown} … ${match.address}` : `… ${match.address}`;
  }
  for (const [field, text] of Object.entries(data))
    if (field !== "created_at" && typeof text === "string") data[field] = `${text} …`;
  return {
    kind: row.kind,
    id: row.id,
    label: `${privacyDataKindLabels[row.kind]} Nr. ${row.id}`,
    fields: [...new Set(row.matches.map((match) => match.field))],
    matches: row.matches,
    data,
  };
}

const reportTitle = "Auskunft nach Art. 15 DSGVO";

export function accessReport(
  privacyCase: PrivacyCase,
  rows: readonly FoundRow[],
  { controller, now }: { controller: string | null; now: Date },
): AccessReport {
  const own = rows.filter((row) => !row.mention);
  const counts = new Map<PrivacyDataKind, number>();
  for (const row of own) counts.set(row.kind, (counts.get(row.kind) ?? 0) + 1);
  const seen = new Set<CatalogueEntry>();
  const information: KindInformation[] = [];
  for (const kind of privacyDataKinds) {
    const entry = privacyCatalogue[kind];
    const count = counts.get(kind) ?? 0;
    // Files and folders share one entry: it is listed once, with both counts.
    if (count === 0 || seen.has(entry)) continue;
    seen.add(entry);
    const shared = privacyDataKinds.filter((other) => other !== kind && privacyCatalogue[other] === entry);
    information.push({
      kind,
      title: entry.title,
      count: count + shared.reduce((sum, other) => sum + (counts.get(other) ?? 0), 0),
      categories: entry.categories,
      purpose: entry.purpose,
      legal_basis: entry.legalBasis,
      recipients: entry.recipients,
      storage_period: entry.storagePeriod,
      source: entry.source,
    });
  }
  return {
    title: reportTitle,
    created_at: now.toISOString(),
    controller,
    request: {
      case_id: privacyCase.id,
      email: privacyCase.email,
      name: privacyCase.name,
      received_on: privacyCase.received_on,
      due_on: privacyCase.due_on,
    },
    summary: rows.length === 0 ? privacyMessages.foundNowhere : privacyMessages.found(rows.length),
    information,
    general: generalInformation,
    hits: own.map((row) => ({
      kind: row.kind,
      id: row.id,
      label: row.label,
      fields: row.fields,
      matches: row.matches,
      data: row.kind === "mail" ? withoutTeamMailboxes(row) : row.data,
    })),
    mentions: rows.filter((row) => row.mention).map(redactedMention),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "–";
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === "boolean") return value ? "ja" : "nein";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === "object") return JSON.stringify(value, null, 2);
  return String(value);
}

/** A stored code as the person reads it: its German name, the code itself if it has none. */
const named =
  (labels: Readonly<Record<string, string>>) =>
  (value: unknown): string =>
    typeof value === "string" && Object.hasOwn(labels, value) ? (labels[value] ?? value) : shownValue(value);

/** The records inside a field (replies, invoice items), or none when it holds something else. */
function records(value: unknown): Record<string, unknown>[] | null {
  return Array.isArray(value) && value.every((entry) => typeof entry === "object" && entry !== null)
    ? (value as Record<string, unknown>[])
    : null;
}

/** The replies to a contact request: when, by whom, what; one paragraph each. */
function shownReplies(value: unknown): string {
  const replies = records(value);
  if (replies === null) return shownValue(value);
  if (replies.length === 0) return "keine";
  return replies
    .map(
      (reply) =>
        `${formatDateTime(String(reply.created_at))}, ${shownValue(reply.sent_by_name)}:\n${shownValue(reply.message)}`,
    )
    .join("\n\n");
}

/** An invoice's items, one line each: quantity, description, unit price. */
function shownItems(value: unknown): string {
  const items = records(value);
  if (items === null) return shownValue(value);
  return items
    .map(
      (item) =>
        `${formatDecimal(Number(item.quantity))} × ${shownValue(item.description)} à ${formatEuro(Number(item.unitPriceCents))}`,
    )
    .join("\n");
}

/** An invoice's payments, one line each: date, amount, note. */
function shownPayments(value: unknown): string {
  const payments = records(value);
  if (payments === null) return shownValue(value);
  if (payments.length === 0) return "keine";
  return payments
    .map((payment) => {
      const note = typeof payment.note === "string" && payment.note !== "" ? ` (${payment.note})` : "";
      return `${shownValue(payment.paid_on)}: ${formatEuro(Number(payment.amount_cents))}${note}`;
    })
    .join("\n");
}

/** An invoice's reminders, one line each: level, date, open amount, costs, interest, total. */
function shownReminders(value: unknown): string {
  const reminders = records(value);
  if (reminders === null) return shownValue(value);
  if (reminders.length === 0) return "keine";
  return reminders
    .map((reminder) => {
      const level = Number(reminder.level);
      const label = isReminderLevel(level) ? reminderLevelLabels[level] : shownValue(reminder.level);
      const amounts = [
        `offen ${formatEuro(Number(reminder.open_cents))}`,
        `Gebühren ${formatEuro(Number(reminder.fee_cents))}`,
        `Zinsen ${formatEuro(Number(reminder.interest_cents))}`,
        `gesamt ${formatEuro(Number(reminder.total_cents))}`,
      ].join(", ");
      const consumer = reminder.consumer === true ? ", als Verbraucher" : "";
      const sent = typeof reminder.sent_to === "string" ? `, versendet an ${reminder.sent_to}` : "";
      return `${label} vom ${shownValue(reminder.reminded_on)}: ${amounts}${consumer}${sent}`;
    })
    .join("\n");
}

/**
 * How the HTML shows a field's value where the stored one is a code, cents or a list: what the
 * person would read on a screen or an invoice. The JSON keeps the stored values.
 */
const shownFields: Partial<Record<PrivacyDataKind, Record<string, (value: unknown) => string>>> = {
  contact_request: { replies: shownReplies },
  mail: { kind: named(outboxMailKindLabels), state: named(outboxMailStateLabels) },
  customer: { status: (value) => (isCustomerStatus(value) ? customerStatusLabel(value) : shownValue(value)) },
  invoice: {
    state: named({ draft: invoiceStatusLabels.draft, issued: "ausgestellt" }),
    kind: named({ invoice: invoiceLabels.invoice, cancellation: invoiceLabels.cancellationInvoice }),
    items: shownItems,
    payments: shownPayments,
    reminders: shownReminders,
    total_cents: (value) => (typeof value === "number" ? formatEuro(value) : shownValue(value)),
  },
  quote: {
    state: named({ draft: invoiceStatusLabels.draft, issued: "ausgestellt" }),
    decision: named({ accepted: "angenommen", rejected: "abgelehnt" }),
    items: shownItems,
    total_cents: (value) => (typeof value === "number" ? formatEuro(value) : shownValue(value)),
  },
  client_error: { kind: named(clientErrorKindLabels) },
  account: { role: named(userRoleLabels), status: named(userStatusLabels) },
};

function hitTable(row: ReportHit): string {
  const labels = privacyCatalogue[row.kind].fields;
  const cells = Object.entries(labels)
    .filter(([field]) => field in row.data)
    .map(([field, label]) => {
      const raw = row.data[field];
      const shownAs = shownFields[row.kind]?.[field];
      const value =
        shownAs === undefined && typeof raw === "object" && raw !== null && !(raw instanceof Date)
          ? `<pre>${escapeHtml(shownValue(raw))}</pre>`
          : escapeHtml((shownAs ?? shownValue)(raw)).replaceAll("\n", "<br>");
      return `<tr><th scope="row">${escapeHtml(label)}</th><td>${value}</td></tr>`;
    });
  const where = `<tr><th scope="row">${foundIn}</th><td>${escapeHtml(privacyMatchText(row))}</td></tr>`;
  return `<h3>${escapeHtml(row.label)}</h3>\n<table>${where}${cells.join("")}</table>`;
}

function informationList(info: KindInformation): string {
  const items: [string, string][] = [
    ["Daten", info.categories],
    ["Zweck", info.purpose],
    ["Rechtsgrundlage", info.legal_basis],
    ["Empfänger", info.recipients],
    ["Speicherdauer", info.storage_period],
    ["Herkunft", info.source],
  ];
  return `<dl>${items.map(([term, text]) => `<dt>${term}</dt><dd>${escapeHtml(text)}</dd>`).join("")}</dl>`;
}

const foundIn = "Gefunden in";

const mentionsTitle = "Erwähnungen in Datensätzen anderer Personen";
const mentionsIntro =
  "Ihre E-Mail-Adresse wird in Datensätzen genannt, die andere Personen betreffen. Zum Schutz dieser Personen (Art. 15 Abs. 4 DSGVO) zeigen wir nur die Stellen, die Sie betreffen.";

/** The readable Auskunft: one HTML page, German, with no script and nothing loaded from elsewhere. */
export function accessHtml(report: AccessReport): string {
  const sections = report.information.map((info) => {
    const kinds = privacyDataKinds.filter((kind) => privacyCatalogue[kind] === privacyCatalogue[info.kind]);
    const hits = report.hits.filter((hit) => kinds.includes(hit.kind));
    return `<section>\n<h2>${escapeHtml(info.title)} (${info.count})</h2>\n${informationList(info)}\n${hits.map(hitTable).join("\n")}\n</section>`;
  });
  const request = report.request;
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>${reportTitle}</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:2rem auto;line-height:1.4}th{text-align:left;vertical-align:top;padding-right:1rem}pre{white-space:pre-wrap;margin:0}dt{font-weight:bold}</style>
</head>
<body>
<h1>${reportTitle}</h1>
${report.controller === null ? "" : `<p>Verantwortlicher: ${escapeHtml(report.controller)}</p>`}
<p>Anfrage Nr. ${request.case_id} von ${escapeHtml(request.name ?? request.email)} (${escapeHtml(request.email)}), eingegangen am ${formatDate(request.received_on)}; erstellt am ${formatDateTime(report.created_at)}.</p>
<p><strong>${escapeHtml(report.summary)}</strong></p>
${sections.join("\n")}
${
  report.mentions.length === 0
    ? ""
    : `<section>\n<h2>${mentionsTitle} (${report.mentions.length})</h2>\n<p>${escapeHtml(mentionsIntro)}</p>\n${report.mentions.map(hitTable).join("\n")}\n</section>`
}
<section>
<h2>Ihre Rechte</h2>
<p>${escapeHtml(report.general.rights)}</p>
<p>${escapeHtml(report.general.complaint)}</p>
<p>${escapeHtml(report.general.automatedDecisions)}</p>
<p>${escapeHtml(report.general.thirdCountries)}</p>
</section>
</body>
</html>
`;
}

/** The ZIP: the HTML and the JSON, stored with the case's received date as their time. */
export function accessZip(report: AccessReport): Uint8Array<ArrayBuffer> {
  const mtime = new Date(`${report.request.received_on}T12:00:00Z`);
  // fflate writes into an ArrayBuffer of its own.
  return zipSync(
    {
      [accessFiles.html]: [strToU8(accessHtml(report)), { mtime }],
      [accessFiles.json]: [strToU8(`${JSON.stringify(report, null, 2)}\n`), { mtime }],
    },
    { level: 6 },
  ) as Uint8Array<ArrayBuffer>;
}

/** The download's name: the case's number, never the person's address. */
export const accessFileName = (privacyCase: PrivacyCase) => `auskunft-anfrage-${privacyCase.id}.zip`;
