import {
  invoiceFieldMessages,
  invoiceFormMessages,
  invoiceLimits,
  recurringInvoiceMessages as messages,
  type RecurringInvoice,
  type RecurringInvoiceAnswer,
  type RecurringInvoiceList,
  type RecurringInvoiceRun,
  type RecurringRunReport,
  recurringFrequencies,
  recurringModes,
  recurringRunStates,
  recurringServicePeriods,
  recurringStates,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint } from "../../http/endpoint.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";

/** Each route of /api/recurring-invoices in one definition (routes.ts mounts them). */

const tags = ["Recurring invoices"];
const isoDate = (description: string) => Type.String({ format: "date", description });

const runSchema = schemaOf<RecurringInvoiceRun>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      scheduledOn: isoDate("The day the run was due: its period's key."),
      madeOn: isoDate("The day it was made (the invoice's date)."),
      caughtUp: Type.Boolean({ description: "Made after its day, after downtime („nachgeholt“)." }),
      periodStart: isoDate("Leistungszeitraum from."),
      periodEnd: isoDate("Leistungszeitraum to."),
      state: stringEnum(recurringRunStates, { description: "draft, issued, or sent (mailed after issuing)." }),
      invoiceId: nullable(Type.Integer({ minimum: 1, description: "Null once a draft was deleted." })),
      invoiceNumber: nullable(Type.String()),
      sendNote: nullable(
        Type.String({ description: "Why a run of „ausstellen und senden“ stayed issued (German); null otherwise." }),
      ),
    },
    { additionalProperties: false },
  ),
);

const itemSchema = Type.Object(
  { description: Type.String(), quantity: Type.Number(), unitPriceCents: Type.Integer() },
  { additionalProperties: false },
);

const templateSchema = schemaOf<RecurringInvoice>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      customerId: Type.Integer({ minimum: 1 }),
      customerName: Type.String(),
      items: Type.Array(itemSchema),
      taxPercent: Type.Number(),
      paymentTermDays: Type.Integer({ minimum: 0 }),
      notes: Type.String(),
      frequency: stringEnum(recurringFrequencies, { description: "monatlich, vierteljährlich, jährlich." }),
      firstOn: isoDate("The first run's day; its day of the month is kept (the month's last day where shorter)."),
      endsOn: nullable(isoDate("No run is scheduled after this day.")),
      servicePeriod: stringEnum(recurringServicePeriods, {
        description: "current: the calendar period of the run's day; previous: the one before.",
      }),
      mode: stringEnum(recurringModes, { description: "draft, issue, or issue and send." }),
      state: stringEnum(recurringStates),
      totalCents: Type.Integer({ description: "Gross amount of one run, in cents." }),
      nextRunOn: nullable(isoDate("The next run's day; null once none is due.")),
      runs: Type.Array(runSchema, { description: "The latest five, newest first." }),
    },
    { additionalProperties: false },
  ),
);

const listSchema = schemaOf<RecurringInvoiceList>()(
  Type.Object({ templates: Type.Array(templateSchema) }, { additionalProperties: false }),
);
const answerSchema = schemaOf<RecurringInvoiceAnswer>()(
  Type.Object({ template: templateSchema }, { additionalProperties: false }),
);
const reportSchema = schemaOf<RecurringRunReport>()(
  Type.Object(
    {
      made: Type.Integer({ minimum: 0 }),
      caughtUp: Type.Integer({ minimum: 0, description: "Of those, made after their day." }),
      failed: Type.Integer({ minimum: 0, description: "Templates whose run failed; tried again next time." }),
    },
    { additionalProperties: false },
  ),
);

const field = (name: string) => `Die Angabe im Feld „${name}“ ist ungültig.`;

/** Shapes only; the service checks the values (German 422 each). */
export const templateBody = t.Object(
  {
    customerId: t.Integer({ minimum: 1, error: messages.customerUnknown }),
    items: t.Array(
      t.Object(
        {
          description: t.String({ error: field("items.description") }),
          quantity: t.Number({ error: field("items.quantity") }),
          unitPriceCents: t.Integer({ error: field("items.unitPriceCents") }),
        },
        { error: field("items") },
      ),
      { maxItems: invoiceLimits.itemsMax, error: messages.itemsRequired },
    ),
    taxPercent: t.Optional(t.Number({ error: field("taxPercent") })),
    paymentTermDays: t.Optional(t.Integer({ error: field("paymentTermDays") })),
    notes: t.Optional(t.String({ error: field("notes") })),
    frequency: t.String({ error: messages.frequencyUnknown }),
    firstOn: t.String({ error: messages.firstOnInvalid }),
    endsOn: t.Optional(t.Union([t.String(), t.Null()], { error: messages.endsOnInvalid })),
    servicePeriod: t.String({ error: messages.servicePeriodUnknown }),
    mode: t.String({ error: messages.modeUnknown }),
  },
  { error: httpMessages.notJsonObject },
);

const idParam = { description: "The template's id, a positive integer.", invalid: messages.invalidId };
const notFound = { "recurring-invoice-not-found": [messages.notFound] };
const ended = { "recurring-invoice-ended": [messages.ended409] };
const saveErrors = {
  400: { "bad-request": [httpMessages.badRequest] },
  422: {
    validation: [
      messages.itemsRequired,
      messages.frequencyUnknown,
      messages.servicePeriodUnknown,
      messages.modeUnknown,
      messages.firstOnInvalid,
      messages.firstOnPast,
      messages.endsOnInvalid,
      messages.endBeforeStart,
      messages.tooMany,
      invoiceFormMessages.itemRequired,
      ...Object.values(invoiceFieldMessages).filter((message) => typeof message === "string"),
      httpMessages.notJsonObject,
    ],
    "recurring-invoice-customer-unknown": [messages.customerUnknown],
  },
};

export const listRoute = endpoint("GET /api/recurring-invoices")({
  summary: "Every recurring invoice template with its customer, amount, next run and latest runs",
  tags,
  answer: { status: 200, description: "Newest template first.", schema: listSchema },
});

export const createRoute = endpoint("POST /api/recurring-invoices")({
  summary: "A new template: customer, items, interval, first run, optional end, service period, mode",
  tags,
  body: templateBody,
  answer: { status: 201, description: "The stored template.", schema: answerSchema },
  errors: saveErrors,
});

export const changeRoute = endpoint("PUT /api/recurring-invoices/:id")({
  summary: "Change a template (interval, first run and service period only before its first run)",
  tags,
  idParam,
  body: templateBody,
  answer: { status: 200, description: "The stored template.", schema: answerSchema },
  errors: {
    ...saveErrors,
    404: notFound,
    409: { ...ended, "recurring-invoice-schedule-fixed": [messages.scheduleFixed] },
  },
});

const stateRoute = (summary: string) => ({
  summary,
  tags,
  idParam,
  answer: { status: 200 as const, description: "The template.", schema: answerSchema },
  errors: { 404: notFound, 409: ended },
});

export const pauseRoute = endpoint("POST /api/recurring-invoices/:id/pause")(
  stateRoute("„Pausieren“: no runs until resumed; the periods meanwhile are skipped"),
);
export const resumeRoute = endpoint("POST /api/recurring-invoices/:id/resume")(
  stateRoute("„Fortsetzen“: the next run is the first on or after today (paused periods are not caught up)"),
);
export const endRoute = endpoint("POST /api/recurring-invoices/:id/end")(
  stateRoute("„Beenden“: no further runs; final"),
);

export const runNowRoute = endpoint("POST /api/recurring-invoices/run")({
  summary: "„Jetzt ausführen“ (admins): the daily job now; every due and missed run once",
  tags,
  answer: { status: 200, description: "How many invoices were made, caught up, failed.", schema: reportSchema },
});
