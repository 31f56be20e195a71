import {
  type InvoiceContent,
  invoiceContentProblem,
  isInvoiceDate,
  isKeptItem,
  recurringInvoiceMessages as messages,
  normalizeInvoiceContent,
  type RecurringFrequency,
  type RecurringInvoice,
  type RecurringInvoiceInput,
  type RecurringMode,
  type RecurringServicePeriod,
  type RecurringState,
  recurringFrequencies,
  recurringInvoiceLimits,
  recurringModes,
  recurringRunDate,
  recurringRunIndexOnOrAfter,
  recurringServicePeriods,
} from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import { type AuditActor, recordAuditEvent, snapshotChanges } from "../audit/index.ts";
import {
  countTemplates,
  customerExists,
  findTemplate,
  insertTemplate,
  listTemplates,
  setTemplateState,
  type TemplateFields,
  templateSnapshot,
  updateTemplate,
} from "./store.ts";

const invalid = (message: string) => new HttpError(422, "validation", message);
const notFound = () => new HttpError(404, "recurring-invoice-not-found", messages.notFound);

function oneOf<T extends string>(list: readonly T[], value: unknown, message: string): T {
  if (typeof value !== "string" || !(list as readonly string[]).includes(value)) throw invalid(message);
  return value as T;
}

/**
 * The template a body describes, checked (422, German): a customer that exists, at least one
 * item with a description (the invoice rules' limits on each), a known interval, period and mode,
 * a first run not before `today` on a new template, an end not before the first run.
 */
export async function fieldsFrom(
  sql: Queries,
  body: RecurringInvoiceInput,
  today: string,
  firstOnMayBePast: boolean,
): Promise<TemplateFields> {
  const frequency = oneOf<RecurringFrequency>(recurringFrequencies, body.frequency, messages.frequencyUnknown);
  const servicePeriod = oneOf<RecurringServicePeriod>(
    recurringServicePeriods,
    body.servicePeriod,
    messages.servicePeriodUnknown,
  );
  const mode = oneOf<RecurringMode>(recurringModes, body.mode, messages.modeUnknown);
  const firstOn = typeof body.firstOn === "string" ? body.firstOn.trim() : "";
  if (!isInvoiceDate(firstOn)) throw invalid(messages.firstOnInvalid);
  if (!firstOnMayBePast && firstOn < today) throw invalid(messages.firstOnPast);
  const endsOn = typeof body.endsOn === "string" && body.endsOn.trim() !== "" ? body.endsOn.trim() : null;
  if (endsOn !== null && !isInvoiceDate(endsOn)) throw invalid(messages.endsOnInvalid);
  if (endsOn !== null && endsOn < firstOn) throw invalid(messages.endBeforeStart);
  // The invoice's own rules on items, VAT, payment term and notes: the content a run will make.
  const content = normalizeInvoiceContent({
    ...sampleContent(firstOn),
    customerId: body.customerId,
    items: body.items,
    taxPercent: body.taxPercent ?? 19,
    paymentTermDays: body.paymentTermDays ?? 14,
    notes: body.notes ?? "",
  });
  const items = content.items.filter(isKeptItem);
  if (items.length === 0) throw invalid(messages.itemsRequired);
  const problem = invoiceContentProblem({ ...content, items });
  if (problem !== null) throw invalid(problem);
  if (!(await customerExists(sql, body.customerId)))
    throw new HttpError(422, "recurring-invoice-customer-unknown", messages.customerUnknown);
  return {
    customerId: body.customerId,
    items,
    taxPercent: content.taxPercent,
    paymentTermDays: content.paymentTermDays,
    notes: content.notes,
    frequency,
    firstOn,
    endsOn,
    servicePeriod,
    mode,
  };
}

/** An invoice content with placeholders where the template has none (recipient, provider: the run's). */
function sampleContent(day: string): InvoiceContent {
  return {
    customerId: null,
    recipient: "Kunde",
    recipientVatId: null,
    buyerReference: null,
    provider: "Dienstleister",
    issueDate: day,
    serviceDate: null,
    servicePeriodStart: null,
    servicePeriodEnd: null,
    paymentTermDays: 14,
    items: [],
    discountPercent: 0,
    taxPercent: 19,
    taxCase: null,
    taxExemptionReason: null,
    extraFeesCents: 0,
    notes: "",
  };
}

/** The first run on or after `day` that the end still allows; null when none is. */
export function nextRunFrom(fields: Pick<TemplateFields, "firstOn" | "frequency" | "endsOn">, day: string) {
  const next = recurringRunDate(
    fields.firstOn,
    fields.frequency,
    recurringRunIndexOnOrAfter(fields.firstOn, fields.frequency, day),
  );
  return fields.endsOn !== null && next > fields.endsOn ? null : next;
}

async function recordTemplateEvent(
  tx: Queries,
  actor: AuditActor,
  action: "created" | "changed" | "paused" | "resumed" | "ended",
  id: number,
  before: Record<string, unknown> | null,
) {
  const after = await templateSnapshot(tx, id);
  await recordAuditEvent(tx, actor, {
    action: `recurring_invoice.${action}`,
    objectId: id,
    ...snapshotChanges(before, after),
  });
}

/**
 * The template flows: list, create, change (interval, first run and period only before the first
 * run: the runs' keys are the days they make), pause, resume (periods whose day passed while
 * paused are skipped, not caught up: the next run is the first on or after the day it resumes),
 * end. Each change is one audit event with the fields before and after.
 */
export function recurringInvoicesService(sql: Sql) {
  async function one(id: number): Promise<RecurringInvoice> {
    const [template] = await listTemplates(sql, id);
    if (!template) throw notFound();
    return template;
  }

  async function create(body: RecurringInvoiceInput, userId: number, actor: AuditActor, today: string) {
    const id = await sql.begin(async (tx) => {
      if ((await countTemplates(tx)) >= recurringInvoiceLimits.templatesMax)
        throw new HttpError(422, "validation", messages.tooMany);
      const fields = await fieldsFrom(tx, body, today, false);
      const created = await insertTemplate(tx, fields, nextRunFrom(fields, fields.firstOn), userId);
      await recordTemplateEvent(tx, actor, "created", created, null);
      return created;
    });
    return one(id as number);
  }

  async function change(id: number, body: RecurringInvoiceInput, actor: AuditActor, today: string) {
    await sql.begin(async (tx) => {
      const stored = await findTemplate(tx, id, true);
      if (!stored) throw notFound();
      if (stored.state === "ended") throw new HttpError(409, "recurring-invoice-ended", messages.ended409);
      const fields = await fieldsFrom(tx, body, today, stored.runCount > 0 || body.firstOn === stored.firstOn);
      const scheduleChanged =
        fields.frequency !== stored.frequency ||
        fields.firstOn !== stored.firstOn ||
        fields.servicePeriod !== stored.servicePeriod;
      if (stored.runCount > 0 && scheduleChanged)
        throw new HttpError(409, "recurring-invoice-schedule-fixed", messages.scheduleFixed);
      // Before the first run the series starts at the (new) first day; after it, the end may move.
      const from = stored.runCount > 0 && stored.nextRunOn !== null ? stored.nextRunOn : fields.firstOn;
      const next = stored.runCount > 0 && stored.nextRunOn === null ? null : nextRunFrom(fields, from);
      const before = await templateSnapshot(tx, id);
      await updateTemplate(tx, id, fields, next);
      await recordTemplateEvent(tx, actor, "changed", id, before);
    });
    return one(id);
  }

  async function setState(id: number, to: RecurringState, actor: AuditActor, today: string) {
    await sql.begin(async (tx) => {
      const stored = await findTemplate(tx, id, true);
      if (!stored) throw notFound();
      if (stored.state === "ended") throw new HttpError(409, "recurring-invoice-ended", messages.ended409);
      if (stored.state === to) return;
      let next = stored.nextRunOn;
      if (to === "ended") next = null;
      if (to === "active" && stored.nextRunOn !== null)
        next = nextRunFrom(stored, stored.nextRunOn > today ? stored.nextRunOn : today);
      const before = await templateSnapshot(tx, id);
      await setTemplateState(tx, id, to === "active" && next === null ? "ended" : to, next);
      const action = to === "active" ? "resumed" : to === "paused" ? "paused" : "ended";
      await recordTemplateEvent(tx, actor, action, id, before);
    });
    return one(id);
  }

  return {
    list: () => listTemplates(sql),
    create,
    change,
    pause: (id: number, actor: AuditActor, today: string) => setState(id, "paused", actor, today),
    resume: (id: number, actor: AuditActor, today: string) => setState(id, "active", actor, today),
    end: (id: number, actor: AuditActor, today: string) => setState(id, "ended", actor, today),
  };
}
