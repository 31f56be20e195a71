import type { ApiErrorCode } from "@klarwerk/kit";
import {
  type BaseRate,
  baseRatesStale,
  blockName,
  type InvoiceReminder,
  isIsoDate,
  isReminderLevel,
  type ReminderBatchResult,
  type ReminderFigures,
  type ReminderSettings,
  type ReminderSettingsAnswer,
  type ReminderSkipReason,
  recipientsProblem,
  reminderFigures,
  reminderMessages,
  reminderPdfFileName,
  renderMailTemplate,
  todayInGermany,
  type User,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { composeMail, oneLine } from "../../mail/compose.ts";
import { readMailTemplate } from "../../mail/document-templates.ts";
import { enqueueMail } from "../../mail/outbox-store.ts";
import type { AuditActor } from "../audit/index.ts";
import { readCompanySettings, readCurrentLogo } from "../company/index.ts";
import { invoiceBlobStore, writeBlob } from "./blobs.ts";
import { fileResponse } from "./file-response.ts";
import { withBlobs } from "./issue.ts";
import { pdfLogoOf } from "./letterhead-logo.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import { renderReminderPdf } from "./reminder-pdf.ts";
import {
  baseRateUsed,
  deleteBaseRate,
  findReminder,
  insertReminder,
  markReminderNotSent,
  markReminderSent,
  readBaseRates,
  readReminderSettings,
  remindersOf,
  type StoredReminder,
  saveBaseRate,
  saveReminderSettings,
} from "./reminder-store.ts";
import { documentDataOf, findInvoice, isRestricted, type StoredInvoice } from "./store.ts";

/**
 * Zahlungserinnerung und Mahnungen (docs/decisions/0090). Whether an invoice gets one is decided
 * when it is made, in the transaction that stores it, with the invoice's row locked: a payment or
 * a cancellation committed a moment before wins, and two „Erinnern“ at once make one reminder (the
 * second sees the first's payment deadline running).
 */

export interface ReminderRequest {
  level?: number;
  consumer?: boolean;
  remindedOn?: string;
  /** „per E-Mail an den Kunden senden“: the mail is written with the reminder (one transaction). */
  sendByMail?: boolean;
}

type Plan =
  | { ok: true; stored: StoredInvoice; figures: ReminderFigures }
  | { ok: false; reason: ReminderSkipReason; message: string; number: string | null };

/** Each refusal's status and code, spelt out: the error-code list is checked against the source. */
const refusals: Record<Exclude<ReminderSkipReason, "not-found">, { status: number; code: ApiErrorCode }> = {
  paid: { status: 409, code: "reminder-paid" },
  cancelled: { status: 409, code: "reminder-cancelled" },
  "not-issued": { status: 409, code: "reminder-not-issued" },
  "not-overdue": { status: 409, code: "reminder-not-overdue" },
  "last-level": { status: 409, code: "reminder-last-level" },
  "deadline-running": { status: 409, code: "reminder-deadline-running" },
  "level-order": { status: 409, code: "reminder-level-order" },
  "no-base-rate": { status: 422, code: "reminder-no-base-rate" },
};

function refusalOf(plan: Extract<Plan, { ok: false }>): HttpError {
  if (plan.reason === "not-found") return new HttpError(404, "invoice-not-found", messages.notFound);
  const { status, code } = refusals[plan.reason];
  return new HttpError(status, code, plan.message);
}

/** The reminder date: today unless given; a real day, not in the future (422). */
function remindedOnFrom(raw: string | undefined, today: string): string {
  if (raw === undefined) return today;
  const value = raw.trim();
  if (!isIsoDate(value) || value < "2000-01-01") throw new HttpError(422, "validation", reminderMessages.dateInvalid);
  if (value > today) throw new HttpError(422, "validation", reminderMessages.dateInFuture);
  return value;
}

/**
 * Whether and how invoice `id` is reminded on `remindedOn`: read in `sql` (in a transaction after
 * the row lock, so every read is after whatever committed before it).
 */
async function plan(sql: Queries, id: number, request: ReminderRequest, today: string): Promise<Plan> {
  const skip = (reason: ReminderSkipReason, number: string | null, message?: string): Plan => ({
    ok: false,
    reason,
    number,
    message: message ?? (reason === "not-found" ? messages.notFound : reminderMessages.refused[reason]),
  });
  const stored = await findInvoice(sql, id, today);
  if (!stored) return skip("not-found", null);
  const { invoice } = stored;
  const number = invoice.number;
  if (stored.state !== "issued") return skip("not-issued", number);
  if (stored.kind === "cancellation" || invoice.cancelledBy !== null) return skip("cancelled", number);
  if (invoice.paidOn !== null || invoice.openCents <= 0) return skip("paid", number);
  const remindedOn = remindedOnFrom(request.remindedOn, today);
  if (invoice.status !== "overdue" || invoice.dueDate >= remindedOn) return skip("not-overdue", number);
  const earlier = (await remindersOf(sql, id)).map((each) => each.reminder);
  const last = earlier.at(-1);
  const next = (last?.level ?? 0) + 1;
  if (request.level !== undefined && request.level !== next) {
    if (!isReminderLevel(request.level)) throw new HttpError(422, "validation", reminderMessages.levelInvalid);
    return skip(last?.level === 3 ? "last-level" : "level-order", number);
  }
  if (last?.level === 3) return skip("last-level", number);
  if (last && remindedOn <= last.payBy)
    return skip("deadline-running", number, reminderMessages.deadlineRunning(last.payBy));
  if (!isReminderLevel(next)) return skip("last-level", number);
  const figures = reminderFigures({
    level: next,
    remindedOn,
    dueDate: invoice.dueDate,
    openCents: invoice.openCents,
    consumer: request.consumer === true,
    earlier,
    settings: await readReminderSettings(sql),
    rates: await readBaseRates(sql),
  });
  if (figures === null) return skip("no-base-rate", number);
  return { ok: true, stored, figures };
}

/**
 * The outbox's precondition `invoice-open` for a reminder's mail, right before sending: null while
 * the reminder's invoice is not cancelled and still has an open amount; else the German reason, and
 * the reminder's history then says it was not sent. A reminder gone (deleted with its invoice)
 * drops its mail too (the cascade deletes it anyway).
 */
export async function reminderMailPrecondition(sql: Queries, reminderId: number): Promise<string | null> {
  const [row] = await sql<{ invoice_id: number }[]>`select invoice_id from invoice_reminders where id = ${reminderId}`;
  if (!row) return reminderMessages.notSentCancelled;
  const stored = await findInvoice(sql, Number(row.invoice_id), todayInGermany());
  const reason = !stored
    ? reminderMessages.notSentCancelled
    : stored.invoice.cancelledBy !== null
      ? reminderMessages.notSentCancelled
      : stored.invoice.openCents <= 0
        ? reminderMessages.notSentPaid
        : null;
  if (reason !== null) await markReminderNotSent(sql, reminderId, reason);
  return reason;
}

/**
 * „per E-Mail an den Kunden senden“, in the transaction that stores the reminder: its mail (the
 * level's template, its PDF) to the customer's address is written to the outbox with the
 * precondition `invoice-open`, and the reminder records „versendet am … an …“. The outbox's worker
 * checks the precondition right before sending (`reminderMailPrecondition`): paid or cancelled by
 * then, the mail is dropped and the history says not sent. Without an address: a note, no mail.
 */
async function queueReminderMail(
  tx: Queries,
  reminderId: number,
  data: NonNullable<ReturnType<typeof documentDataOf>>,
  figures: ReminderFigures,
  pdf: Uint8Array,
  author: { id: number; name: string },
): Promise<boolean> {
  const customerId = data.content.customerId;
  const [customer] =
    customerId === null
      ? []
      : await tx<{ email: string | null }[]>`select email from customers where id = ${customerId}`;
  const address = customer?.email?.trim() || null;
  if (address === null || recipientsProblem([address]) !== null) {
    await markReminderNotSent(tx, reminderId, reminderMessages.notSentNoEmail);
    return false;
  }
  // The level's template as the admins saved it in the Firmeneinstellungen (the kit's default until then).
  const template = await readMailTemplate(tx, `reminder-${figures.level}`);
  const values = {
    number: data.number,
    totalCents: figures.totalCents,
    dueDate: figures.payBy,
    issueDate: figures.remindedOn,
    customerName: blockName(data.content.recipient),
    senderName: data.seller.name,
  };
  const composed = composeMail({
    kind: "reminder",
    to: { name: null, address },
    replyTo: data.seller.contactEmail ? { name: null, address: data.seller.contactEmail } : null,
    subject: oneLine(renderMailTemplate(template.subject, values)),
    blocks: renderMailTemplate(template.text, values)
      .split(/\n\s*\n/)
      .map((paragraph) => ({ paragraph })),
  });
  await enqueueMail(tx, composed, {
    sending: { sendingId: crypto.randomUUID(), invoiceId: null, reminderId, sentBy: author },
    attachments: [
      { fileName: reminderPdfFileName(figures.level, data.number), contentType: "application/pdf", content: pdf },
    ],
    precondition: "invoice-open",
  });
  await markReminderSent(tx, reminderId, address);
  return true;
}

export function remindersService({
  sql,
  config,
  outbox,
}: Pick<Deps, "sql" | "config"> & { outbox?: Pick<Deps["outbox"], "written"> }) {
  const store = invoiceBlobStore(config);

  async function settingsAnswer(): Promise<ReminderSettingsAnswer> {
    const baseRates = await readBaseRates(sql);
    return {
      settings: await readReminderSettings(sql),
      baseRates,
      baseRatesStale: baseRatesStale(baseRates, todayInGermany()),
    };
  }

  /** Makes one reminder: its figures, its PDF, its row, all or nothing. The refusal as a Plan. */
  async function makeOne(id: number, request: ReminderRequest, user: User, actor: AuditActor) {
    const today = todayInGermany();
    const outcome = await withBlobs(sql, async (tx, written) => {
      // The lock first, then every read in later statements: they see what committed before it.
      await tx`select 1 from invoices where id = ${id} for update`;
      const planned = await plan(tx, id, request, today);
      if (!planned.ok) return planned;
      const data = documentDataOf(planned.stored);
      if (!data) return { ok: false as const, reason: "not-issued" as const, message: "", number: null };
      const pdf = await renderReminderPdf({
        invoice: data,
        figures: planned.figures,
        paidCents: planned.stored.invoice.paidCents,
        seller: await readCompanySettings(tx),
        logo: await pdfLogoOf(store, await readCurrentLogo(tx)),
      });
      const blob = await writeBlob(store, pdf);
      written.push(blob);
      if (blob.sha256 === null) throw new Error("a closed blob has no checksum");
      const reminderId = await insertReminder(
        tx,
        id,
        planned.figures,
        { id: blob.id, size: blob.size, sha256: blob.sha256 },
        { id: user.id, name: user.name },
        actor,
      );
      const mailed =
        request.sendByMail === true &&
        (await queueReminderMail(tx, reminderId, data, planned.figures, pdf, { id: user.id, name: user.name }));
      await blob.commit();
      return { ok: true as const, reminderId, mailed };
    }).catch((error: unknown) => {
      // The unique (invoice, level) of a reminder another process stored at that moment.
      if ((error as { code?: string }).code === "23505")
        return {
          ok: false as const,
          reason: "level-order" as const,
          message: reminderMessages.refused["level-order"],
          number: null,
        };
      throw error;
    });
    if (!outcome.ok) return outcome;
    const reminder = await findReminder(sql, id, outcome.reminderId);
    const stored = await findInvoice(sql, id, today);
    if (!reminder || !stored) throw new Error("a stored reminder is gone");
    if (outcome.mailed) outbox?.written();
    return { ok: true as const, reminder: reminder.reminder, invoice: stored.invoice };
  }

  /** `POST /api/invoices/{id}/reminders`: the reminder, or the refusal as an HTTP error. */
  async function make(id: number, request: ReminderRequest, user: User, actor: AuditActor) {
    if (request.level !== undefined && !isReminderLevel(request.level))
      throw new HttpError(422, "validation", reminderMessages.levelInvalid);
    const outcome = await makeOne(id, request, user, actor);
    if (!outcome.ok) throw refusalOf(outcome);
    return { reminder: outcome.reminder, invoice: outcome.invoice };
  }

  /** Many at once, each on its own; `preview` stores nothing. A restricted invoice is unknown to staff. */
  async function batch(
    ids: number[],
    options: { consumer?: boolean; preview?: boolean; sendByMail?: boolean },
    user: User,
    actor: AuditActor,
  ): Promise<ReminderBatchResult[]> {
    const results: ReminderBatchResult[] = [];
    const today = todayInGermany();
    for (const id of [...new Set(ids)]) {
      const skipped = (reason: ReminderSkipReason, message: string, number: string | null): ReminderBatchResult => ({
        invoiceId: id,
        number,
        outcome: "skipped",
        reason,
        message,
      });
      if (user.role !== "admin" && (await isRestricted(sql, id))) {
        results.push(skipped("not-found", reminderMessages.skip["not-found"], null));
        continue;
      }
      const request = { consumer: options.consumer, sendByMail: options.sendByMail };
      if (options.preview) {
        const planned = await plan(sql, id, request, today);
        results.push(
          planned.ok
            ? { invoiceId: id, number: planned.stored.invoice.number, outcome: "planned", figures: planned.figures }
            : skipped(planned.reason, shortMessage(planned), planned.number),
        );
        continue;
      }
      const outcome = await makeOne(id, request, user, actor);
      results.push(
        outcome.ok
          ? { invoiceId: id, number: outcome.invoice.number, outcome: "made", reminder: outcome.reminder }
          : skipped(outcome.reason, shortMessage(outcome), outcome.number),
      );
    }
    return results;
  }

  async function list(id: number): Promise<InvoiceReminder[]> {
    const stored = await findInvoice(sql, id, todayInGermany());
    if (!stored) throw new HttpError(404, "invoice-not-found", messages.notFound);
    return (await remindersOf(sql, id)).map((each) => each.reminder);
  }

  /** The PDF stored when the reminder was made, always the same bytes. */
  async function pdf(id: number, reminderId: number): Promise<Response> {
    const stored = await findInvoice(sql, id, todayInGermany());
    if (!stored || stored.invoice.number === null) throw new HttpError(404, "invoice-not-found", messages.notFound);
    const found: StoredReminder | null = await findReminder(sql, id, reminderId);
    if (!found) throw new HttpError(404, "reminder-not-found", reminderMessages.reminderNotFound);
    const size = await store.sizeOf(found.pdfBlob);
    if (size === null) {
      console.error(`[api] reminder ${reminderId}: PDF blob ${found.pdfBlob} is missing`);
      throw new HttpError(404, "reminder-not-found", reminderMessages.reminderNotFound);
    }
    return fileResponse(
      store.content(found.pdfBlob, 0, size),
      "application/pdf",
      reminderPdfFileName(found.reminder.level, stored.invoice.number),
      found.pdfSha256,
    );
  }

  async function saveSettings(settings: ReminderSettings, user: User, actor: AuditActor) {
    await saveReminderSettings(sql, settings, user.id, actor);
    return settingsAnswer();
  }

  async function addBaseRate(rate: BaseRate, user: User, actor: AuditActor) {
    await saveBaseRate(sql, rate, user.id, actor);
    return settingsAnswer();
  }

  async function removeBaseRate(validFrom: string, actor: AuditActor) {
    if (!isIsoDate(validFrom)) throw new HttpError(404, "base-rate-not-found", reminderMessages.baseRateNotFound);
    if (await baseRateUsed(sql, validFrom))
      throw new HttpError(409, "base-rate-in-use", reminderMessages.baseRateInUse);
    if (!(await deleteBaseRate(sql, validFrom, actor)))
      throw new HttpError(404, "base-rate-not-found", reminderMessages.baseRateNotFound);
    return settingsAnswer();
  }

  return { make, batch, list, pdf, settingsAnswer, saveSettings, addBaseRate, removeBaseRate };
}

/** The batch's short reason („bereits bezahlt“); the running deadline names its date. */
function shortMessage(plan: Extract<Plan, { ok: false }>): string {
  if (plan.reason === "deadline-running")
    return plan.message
      .replace(/^Die Zahlungsfrist der letzten Erinnerung läuft noch/, "Frist läuft noch")
      .replace(/\.$/, "");
  return reminderMessages.skip[plan.reason];
}
