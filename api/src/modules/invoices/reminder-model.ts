import {
  type BaseRate,
  type InterestPeriod,
  type InvoiceReminder,
  type InvoiceRemindersAnswer,
  isBaseRateDate,
  isIsoDate,
  type ReminderBatchAnswer,
  type ReminderFigures,
  type ReminderMadeAnswer,
  type ReminderSettings,
  type ReminderSettingsAnswer,
  reminderLabels,
  reminderMessages,
  reminderSettingsLimits,
  reminderSkipReasons,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { bytesResponse, nullable, schemaOf, stringEnum } from "../../http/openapi.ts";
import { digestHeaderDocs } from "../files/index.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import { invoiceSchema } from "./model.ts";

/** Each route of the reminders in one definition (reminder-routes.ts mounts them). */

const tags = ["Invoices"];
const isoDate = (description: string) => Type.String({ format: "date", description });
const cents = (description: string) => Type.Integer({ description: `${description} In cents.` });
const levelSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  description: "1 Zahlungserinnerung, 2 „1. Mahnung“, 3 „2. Mahnung“.",
});

const periodSchema = schemaOf<InterestPeriod>()(
  Type.Object(
    {
      from: isoDate("First day."),
      to: isoDate("Last day (inclusive)."),
      days: Type.Integer({ minimum: 1 }),
      basePercent: Type.Number({ description: "The Basiszinssatz of these days." }),
      ratePercent: Type.Number({ description: "Base rate plus the points." }),
    },
    { additionalProperties: false },
  ),
);

const figureProperties = {
  level: levelSchema,
  remindedOn: isoDate("The reminder's date."),
  payBy: isoDate("The new payment deadline."),
  consumer: Type.Boolean({ description: "The debtor is a consumer (5 points, no flat fee)." }),
  openCents: cents("The invoice's open amount then."),
  feeCents: cents("This level's fee."),
  flatFeeCents: cents("The Verzugspauschale (§ 288 Abs. 5 BGB), once per invoice."),
  earlierCostsCents: cents("Fees and flat fee of earlier reminders."),
  interestCents: cents("Default interest, rounded once."),
  interestPoints: nullable(Type.Number({ description: "Points above the Basiszinssatz; null: no interest." })),
  interestPeriods: Type.Array(periodSchema),
  totalCents: cents("All of it."),
};

const figuresSchema = schemaOf<ReminderFigures>()(Type.Object(figureProperties, { additionalProperties: false }));

const reminderSchema = schemaOf<InvoiceReminder>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      invoiceId: Type.Integer({ minimum: 1 }),
      ...figureProperties,
      createdAt: Type.String({ format: "date-time" }),
      createdByName: nullable(Type.String()),
      sentAt: nullable(Type.String({ format: "date-time", description: "Sent by e-mail at." })),
      sentTo: nullable(Type.String({ description: "Sent by e-mail to." })),
      sendNote: nullable(Type.String({ description: "Why it was not sent by e-mail after all (German)." })),
    },
    { additionalProperties: false },
  ),
);

const number = nullable(Type.String());
const batchSchema = schemaOf<ReminderBatchAnswer>()(
  Type.Object(
    {
      results: Type.Array(
        Type.Union([
          Type.Object(
            {
              invoiceId: Type.Integer(),
              number,
              outcome: Type.Literal("made"),
              reminder: reminderSchema,
            },
            { additionalProperties: false },
          ),
          Type.Object(
            {
              invoiceId: Type.Integer(),
              number,
              outcome: Type.Literal("planned"),
              figures: figuresSchema,
            },
            { additionalProperties: false },
          ),
          Type.Object(
            {
              invoiceId: Type.Integer(),
              number,
              outcome: Type.Literal("skipped"),
              reason: stringEnum(reminderSkipReasons),
              message: Type.String({ description: "Why, in German: „bereits bezahlt“, „storniert“, …" }),
            },
            { additionalProperties: false },
          ),
        ]),
      ),
    },
    { additionalProperties: false },
  ),
);

const madeSchema = schemaOf<ReminderMadeAnswer>()(
  Type.Object({ reminder: reminderSchema, invoice: invoiceSchema }, { additionalProperties: false }),
);

const listSchema = schemaOf<InvoiceRemindersAnswer>()(
  Type.Object({ reminders: Type.Array(reminderSchema) }, { additionalProperties: false }),
);

const settingsSchema = schemaOf<ReminderSettings>()(
  Type.Object(
    {
      feeReminderCents: cents("Fee of the Zahlungserinnerung."),
      feeFirstCents: cents("Fee of the 1. Mahnung."),
      feeSecondCents: cents("Fee of the 2. Mahnung."),
      pointsBusiness: Type.Number({ description: "Points above the Basiszinssatz between businesses (9)." }),
      pointsConsumer: Type.Number({ description: "Points above the Basiszinssatz for consumers (5)." }),
      flatFee: Type.Boolean({ description: "Charge the 40 € Verzugspauschale between businesses." }),
      reminderInterest: Type.Boolean({ description: "Interest in the Zahlungserinnerung too." }),
      deadlineDays: Type.Integer({ description: "Days to the new payment deadline." }),
    },
    { additionalProperties: false },
  ),
);

const baseRateSchema = schemaOf<BaseRate>()(
  Type.Object(
    { validFrom: isoDate("1 January or 1 July."), ratePercent: Type.Number({ description: "May be negative." }) },
    { additionalProperties: false },
  ),
);

const settingsAnswerSchema = schemaOf<ReminderSettingsAnswer>()(
  Type.Object(
    { settings: settingsSchema, baseRates: Type.Array(baseRateSchema), baseRatesStale: Type.Boolean() },
    { additionalProperties: false },
  ),
);

const notFound = { "invoice-not-found": [messages.notFound] };
const idParam = { description: "The invoice's id, a positive integer.", invalid: messages.invalidId };
const refusals = {
  409: {
    "reminder-paid": [reminderMessages.refused.paid],
    "reminder-cancelled": [reminderMessages.refused.cancelled],
    "reminder-not-issued": [reminderMessages.refused["not-issued"]],
    "reminder-not-overdue": [reminderMessages.refused["not-overdue"]],
    "reminder-last-level": [reminderMessages.refused["last-level"]],
    "reminder-deadline-running": [reminderMessages.deadlineRunning("2026-12-10")],
    "reminder-level-order": [reminderMessages.refused["level-order"]],
  },
};

/** A day `yyyy-mm-dd` or absent; the service checks it against today and the invoice. */
export const reminderBody = t.Object(
  {
    level: t.Optional(t.Number({ error: reminderMessages.levelInvalid })),
    consumer: t.Optional(t.Boolean({ error: "Das Feld „consumer“ muss wahr oder falsch sein." })),
    remindedOn: t.Optional(t.String({ error: reminderMessages.dateInvalid })),
    sendByMail: t.Optional(t.Boolean({ error: reminderMessages.sendByMailInvalid })),
  },
  { error: httpMessages.notJsonObject },
);

export const makeReminderRoute = endpoint("POST /api/invoices/:id/reminders")({
  summary: "Zahlungserinnerung or Mahnung of an overdue invoice, its PDF stored",
  description:
    "The next level unless `level` names it (levels go in order, each once; the 2. Mahnung is the last; the next " +
    "only after the last one's payment deadline). The invoice's row is locked in the transaction: an invoice paid " +
    "or cancelled a moment before gets none. `remindedOn` defaults to today (Germany) and may not be in the future.",
  tags,
  idParam,
  body: reminderBody,
  answer: { status: 201, description: "The reminder and the invoice.", schema: madeSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: notFound,
    ...refusals,
    422: {
      validation: [reminderMessages.dateInvalid, reminderMessages.dateInFuture, reminderMessages.levelInvalid],
      "reminder-no-base-rate": [reminderMessages.refused["no-base-rate"]],
    },
  },
});

export const batchBody = t.Object(
  {
    ids: t.Array(t.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100, error: reminderMessages.idsInvalid }),
    consumer: t.Optional(t.Boolean({ error: "Das Feld „consumer“ muss wahr oder falsch sein." })),
    preview: t.Optional(t.Boolean({ error: "Das Feld „preview“ muss wahr oder falsch sein." })),
    sendByMail: t.Optional(t.Boolean({ error: reminderMessages.sendByMailInvalid })),
  },
  { error: httpMessages.notJsonObject },
);

export const batchRemindersRoute = endpoint("POST /api/invoices/reminders")({
  summary: "Remind many invoices: each answered on its own (made, or skipped with the German reason)",
  description:
    "Each invoice in its own transaction, at its next level, dated today. `preview: true` stores nothing and " +
    "answers what would be made (`planned`). Up to 100 ids; repeated ids count once.",
  tags,
  body: batchBody,
  answer: { status: 200, description: "One result per invoice, in the given order.", schema: batchSchema },
  errors: { 400: { "bad-request": [httpMessages.badRequest] }, 422: { validation: [reminderMessages.idsInvalid] } },
});

export const listRemindersRoute = endpoint("GET /api/invoices/:id/reminders")({
  summary: "An invoice's reminders, by level",
  tags,
  idParam,
  answer: { status: 200, description: "Its reminders.", schema: listSchema },
  errors: { 404: notFound },
});

export const reminderParams = t.Object({
  id: t.String({ description: idParam.description }),
  reminderId: t.String({ description: "The reminder's id, a positive integer." }),
});

export const reminderPdfRoute = endpoint("GET /api/invoices/:id/reminders/:reminderId/pdf")({
  summary: "A reminder's PDF as stored when it was made",
  tags,
  responses: {
    200: bytesResponse("`application/pdf`, saved as `Zahlungserinnerung_<number>.pdf` or `1-Mahnung_<number>.pdf`.", {
      ...digestHeaderDocs,
    }),
  },
  errors: {
    400: { "invalid-id": [messages.invalidId, reminderMessages.invalidReminderId] },
    404: { ...notFound, "reminder-not-found": [reminderMessages.reminderNotFound] },
  },
});

export const readReminderSettingsRoute = endpoint("GET /api/invoices/reminder-settings")({
  summary: "The Mahnwesen settings and the Basiszinssätze (whether the newest may be out of date)",
  tags,
  answer: { status: 200, description: "Settings and rates, oldest rate first.", schema: settingsAnswerSchema },
});

const euroField = (label: string) => t.Number({ error: reminderMessages.fee(label) });
const pointsField = (label: string) => t.Number({ error: reminderMessages.points(label) });

/** Whole cents within the limit, points with two decimals at most. */
export function reminderSettingsFrom(body: ReminderSettings): ReminderSettings {
  const fees: [number, string][] = [
    [body.feeReminderCents, reminderLabels.feeReminder],
    [body.feeFirstCents, reminderLabels.feeFirst],
    [body.feeSecondCents, reminderLabels.feeSecond],
  ];
  for (const [value, label] of fees) {
    if (!Number.isSafeInteger(value) || value < 0 || value > reminderSettingsLimits.maxFeeCents)
      throw new HttpError(422, "validation", reminderMessages.fee(label));
  }
  const points: [number, string][] = [
    [body.pointsBusiness, reminderLabels.pointsBusiness],
    [body.pointsConsumer, reminderLabels.pointsConsumer],
  ];
  for (const [value, label] of points) {
    if (!twoDecimals(value) || value < 0 || value > reminderSettingsLimits.maxPoints)
      throw new HttpError(422, "validation", reminderMessages.points(label));
  }
  if (
    !Number.isSafeInteger(body.deadlineDays) ||
    body.deadlineDays < reminderSettingsLimits.minDeadline ||
    body.deadlineDays > reminderSettingsLimits.maxDeadline
  )
    throw new HttpError(422, "validation", reminderMessages.deadlineDays);
  return { ...body };
}

function twoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

export const saveReminderSettingsRoute = endpoint("PUT /api/invoices/reminder-settings")({
  summary: "Save the Mahnwesen settings (admins)",
  tags,
  body: withRules(
    t.Object(
      {
        feeReminderCents: euroField(reminderLabels.feeReminder),
        feeFirstCents: euroField(reminderLabels.feeFirst),
        feeSecondCents: euroField(reminderLabels.feeSecond),
        pointsBusiness: pointsField(reminderLabels.pointsBusiness),
        pointsConsumer: pointsField(reminderLabels.pointsConsumer),
        flatFee: t.Boolean({ error: "Das Feld „flatFee“ muss wahr oder falsch sein." }),
        reminderInterest: t.Boolean({ error: "Das Feld „reminderInterest“ muss wahr oder falsch sein." }),
        deadlineDays: t.Number({ error: reminderMessages.deadlineDays }),
      },
      { error: httpMessages.notJsonObject, additionalProperties: false },
    ),
    reminderSettingsFrom,
  ),
  answer: { status: 200, description: "The stored settings and rates.", schema: settingsAnswerSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    422: { validation: [reminderMessages.fee(reminderLabels.feeFirst), reminderMessages.deadlineDays] },
  },
});

/** A base rate: from 1 January or 1 July of 2000–2099, −10 to 20 % with two decimals at most. */
export function baseRateFrom(body: BaseRate): BaseRate {
  const validFrom = body.validFrom.trim();
  if (!isIsoDate(validFrom) || !isBaseRateDate(validFrom) || validFrom < "2000" || validFrom >= "2100")
    throw new HttpError(422, "validation", reminderMessages.baseRateDate);
  if (!twoDecimals(body.ratePercent) || body.ratePercent < -10 || body.ratePercent > 20)
    throw new HttpError(422, "validation", reminderMessages.baseRatePercent);
  return { validFrom, ratePercent: body.ratePercent };
}

export const saveBaseRateRoute = endpoint("POST /api/invoices/base-rates")({
  summary: "Enter (or correct) the Basiszinssatz from a 1 January or 1 July on (admins)",
  tags,
  body: withRules(
    t.Object(
      {
        validFrom: t.String({ error: reminderMessages.baseRateDate }),
        ratePercent: t.Number({ error: reminderMessages.baseRatePercent }),
      },
      { error: httpMessages.notJsonObject, additionalProperties: false },
    ),
    baseRateFrom,
  ),
  answer: { status: 200, description: "The settings and rates.", schema: settingsAnswerSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    422: { validation: [reminderMessages.baseRateDate, reminderMessages.baseRatePercent] },
  },
});

export const deleteBaseRateRoute = endpoint("DELETE /api/invoices/base-rates/:validFrom")({
  summary: "Delete a mistaken Basiszinssatz no reminder used (admins)",
  tags,
  answer: { status: 200, description: "The settings and rates.", schema: settingsAnswerSchema },
  errors: {
    404: { "base-rate-not-found": [reminderMessages.baseRateNotFound] },
    409: { "base-rate-in-use": [reminderMessages.baseRateInUse] },
  },
});
