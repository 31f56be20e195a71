import {
  isBlank,
  isEmail,
  isIsoDate,
  limits,
  privacyMessages as messages,
  type PrivacyCase,
  type PrivacyCaseAnswer,
  type PrivacyCaseChange,
  type PrivacyCaseDetail,
  type PrivacyCaseKind,
  type PrivacyCaseList,
  type PrivacyCaseStatus,
  type PrivacyErasureItem,
  type PrivacyErasurePlan,
  type PrivacyErasureResult,
  type PrivacyHit,
  type PrivacyRetentionPlan,
  privacyCaseKinds,
  privacyCaseStatuses,
  privacyDataKinds,
  privacyErasureActions,
  privacyLimits,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { bytesResponse, nullable, schemaOf, stringEnum } from "../../http/openapi.ts";

/** Each route of /api/privacy in one definition: body, answer and documentation (routes.ts mounts them). */

const tags = ["Data protection"];

/** The case's `:id` (the id-param macro documents it and its 400). */
const idParam = { description: "The case's id, a positive integer.", invalid: messages.invalidId };

const notFound = { "privacy-case-not-found": [messages.notFound] };

/** Every route counts against the admin's allowance (`privacyRateLimit`). */
const limited = { "rate-limited": [messages.tooManyRequests] };

// The answers: the kit's types.

const date = Type.String({ format: "date" });

const privacyCaseSchema = schemaOf<PrivacyCase>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      email: Type.String({ description: "The person's address, as typed." }),
      name: nullable(Type.String()),
      kind: stringEnum(privacyCaseKinds, { description: "Auskunft (Art. 15), Löschung (Art. 17) or both." }),
      received_on: date,
      due_on: { ...date, description: "One month after receipt; the month's last day where that month is shorter." },
      status: stringEnum(privacyCaseStatuses),
      notes: Type.String(),
      created_at: Type.String({ format: "date-time" }),
      created_by_name: nullable(Type.String()),
      erased_at: nullable(
        Type.String({ format: "date-time", description: "When the case's Löschung was last carried out." }),
      ),
    },
    { additionalProperties: false },
  ),
);

const privacyMatchSchema = Type.Object(
  {
    field: Type.String({ description: "A field of the row that names the address." }),
    address: Type.String({ description: "The address as it stands there." }),
  },
  { additionalProperties: false },
);
const matches = Type.Array(privacyMatchSchema, { description: "Each field naming the address, with the address." });
const mention = Type.Boolean({
  description:
    "Someone else's record that merely names the address: listed apart, redacted in the Auskunft, an erasure removes only the mention.",
});

const privacyHitSchema = schemaOf<PrivacyHit>()(
  Type.Object(
    {
      kind: stringEnum(privacyDataKinds),
      id: Type.Integer({ minimum: 1, description: "The row's id in its kind's table." }),
      label: Type.String({ description: "Where it is, in German." }),
      fields: Type.Array(Type.String(), { description: "The row's fields that name the address." }),
      matches,
      mention,
    },
    { additionalProperties: false },
  ),
);

const privacyCaseAnswerSchema = schemaOf<PrivacyCaseAnswer>()(
  Type.Object({ case: privacyCaseSchema }, { additionalProperties: false }),
);

const privacyCaseListSchema = schemaOf<PrivacyCaseList>()(
  Type.Object(
    { cases: Type.Array(privacyCaseSchema, { description: "Open cases by due date, then finished ones." }) },
    { additionalProperties: false },
  ),
);

const privacyCaseDetailSchema = schemaOf<PrivacyCaseDetail>()(
  Type.Object(
    {
      case: privacyCaseSchema,
      hits: Type.Array(privacyHitSchema),
      summary: Type.String({ description: "How many hits, or that the address was found nowhere." }),
    },
    { additionalProperties: false },
  ),
);

const privacyErasureItemSchema = schemaOf<PrivacyErasureItem>()(
  Type.Object(
    {
      kind: stringEnum(privacyDataKinds),
      id: Type.Integer({ minimum: 1, description: "The row's id in its kind's table." }),
      label: Type.String({ description: "Where it is, in German." }),
      fields: Type.Array(Type.String(), { description: "The row's fields that name the address." }),
      matches,
      mention,
      action: stringEnum(privacyErasureActions, {
        description:
          "erase: deleted; anonymise: kept without the person's data; restrict: kept, hidden until `until`; remove_mention: someone else's record keeps everything but the address; review: left to a person.",
      }),
      reason: Type.String({ description: "Why this action, in German." }),
      until: nullable({ ...date, description: "`restrict` only: the last day of the retention period." }),
    },
    { additionalProperties: false },
  ),
);

const privacyErasurePlanSchema = schemaOf<PrivacyErasurePlan>()(
  Type.Object(
    { case_id: Type.Integer({ minimum: 1 }), items: Type.Array(privacyErasureItemSchema), summary: Type.String() },
    { additionalProperties: false },
  ),
);

const count = Type.Integer({ minimum: 0 });

const privacyErasureResultSchema = schemaOf<PrivacyErasureResult>()(
  Type.Object(
    {
      case_id: Type.Integer({ minimum: 1 }),
      items: Type.Array(privacyErasureItemSchema, { description: "The plan as it was carried out." }),
      counts: Type.Object(
        { erase: count, anonymise: count, restrict: count, remove_mention: count, review: count },
        { additionalProperties: false, description: "Rows each action touched; a second run touches none." },
      ),
      summary: Type.String(),
    },
    { additionalProperties: false },
  ),
);

const privacyRetentionPlanSchema = schemaOf<PrivacyRetentionPlan>()(
  Type.Object(
    {
      today: { ...date, description: "Germany's calendar day the plan is for." },
      contact_request_days: Type.Integer({ minimum: 1, description: "CONTACT_REQUEST_RETENTION_DAYS in force." }),
      cutoff: Type.String({ format: "date-time", description: "Requests marked done before this go." }),
      contact_requests: Type.Array(
        Type.Object(
          { id: Type.Integer({ minimum: 1 }), done_at: Type.String({ format: "date-time" }) },
          { additionalProperties: false },
        ),
        { description: "Answered requests past the period, oldest first." },
      ),
      replies: count,
      mails: count,
      invoices: Type.Array(
        Type.Object(
          { id: Type.Integer({ minimum: 1 }), number: Type.String(), restricted_until: date },
          { additionalProperties: false },
        ),
        { description: "Restricted invoices whose retention period ended: deleted with their PDF." },
      ),
      held_invoice_ids: Type.Array(Type.Integer({ minimum: 1 }), {
        description: "Ended, but kept until the cancellation invoice referring to it may go too.",
      }),
      summary: Type.String(),
    },
    { additionalProperties: false },
  ),
);

// The bodies: shapes, then the rules a shape cannot say, each with its own German message.

const invalid = (message: string) => new HttpError(422, "validation", message);

const isKind = (value: string): value is PrivacyCaseKind => (privacyCaseKinds as readonly string[]).includes(value);
const isStatus = (value: string): value is PrivacyCaseStatus =>
  (privacyCaseStatuses as readonly string[]).includes(value);

function checkedNotes(notes: string | undefined): string {
  if (notes === undefined) return "";
  if (notes.length > privacyLimits.notesMax) throw invalid(messages.invalidNotes);
  return notes;
}

/** A case as the body names it; the day of receipt is today's (the service's clock) when none is named. */
export interface CaseDraft {
  email: string;
  name: string | null;
  kind: PrivacyCaseKind;
  /** `yyyy-mm-dd` from 2000 on, or null for today; the service refuses one in the future. */
  receivedOn: string | null;
  notes: string;
}

const caseShape = t.Object(
  {
    email: t.String({ error: messages.invalidEmail }),
    name: t.Optional(t.Union([t.String(), t.Null()], { error: messages.invalidName })),
    kind: t.String({ error: messages.invalidKind }),
    received_on: t.Optional(t.String({ error: messages.invalidReceivedOn })),
    notes: t.Optional(t.String({ error: messages.invalidNotes })),
  },
  { error: httpMessages.notJsonObject },
);

function caseDraftFrom(body: typeof caseShape.static): CaseDraft {
  const email = body.email.trim();
  if (!isEmail(email)) throw invalid(messages.invalidEmail);
  const name = isBlank(body.name) ? null : (body.name ?? "").trim();
  if (name !== null && name.length > limits.nameMax) throw invalid(messages.invalidName);
  if (!isKind(body.kind)) throw invalid(messages.invalidKind);
  const receivedOn = body.received_on === undefined || body.received_on === "" ? null : body.received_on;
  if (receivedOn !== null && (!isIsoDate(receivedOn) || receivedOn < "2000-01-01")) {
    throw invalid(messages.invalidReceivedOn);
  }
  return { email, name, kind: body.kind, receivedOn, notes: checkedNotes(body.notes) };
}

const caseChangeShape = t.Object(
  {
    status: t.Optional(t.String({ error: messages.invalidStatus })),
    notes: t.Optional(t.String({ error: messages.invalidNotes })),
  },
  { error: httpMessages.notJsonObject },
);

function caseChangeFrom(body: typeof caseChangeShape.static): PrivacyCaseChange {
  const change: PrivacyCaseChange = {};
  if (body.status !== undefined) {
    if (!isStatus(body.status)) throw invalid(messages.invalidStatus);
    change.status = body.status;
  }
  if (body.notes !== undefined) change.notes = checkedNotes(body.notes);
  if (change.status === undefined && change.notes === undefined) throw invalid(messages.nothingToChange);
  return change;
}

// The routes.

export const listCasesRoute = endpoint("GET /api/privacy/cases")({
  summary: "Every data-protection request (Auskunft, Löschung), open ones by due date first",
  tags,
  answer: { status: 200, description: "The cases.", schema: privacyCaseListSchema },
  errors: { 429: limited },
});

export const createCaseRoute = endpoint("POST /api/privacy/cases")({
  summary: "Record a person's request; its due date is one month after receipt",
  tags,
  body: withRules(caseShape, caseDraftFrom),
  answer: { status: 201, description: "The case.", schema: privacyCaseAnswerSchema },
  errors: {
    422: {
      validation: [
        messages.invalidEmail,
        messages.invalidName,
        messages.invalidKind,
        messages.invalidReceivedOn,
        messages.invalidNotes,
        httpMessages.notJsonObject,
      ],
    },
    429: limited,
  },
});

export const showCaseRoute = endpoint("GET /api/privacy/cases/:id")({
  summary: "A case and every place the product keeps data naming the person's address",
  tags,
  idParam,
  answer: { status: 200, description: "The case and its hits.", schema: privacyCaseDetailSchema },
  errors: { 404: notFound, 429: limited },
});

export const changeCaseRoute = endpoint("PATCH /api/privacy/cases/:id")({
  summary: "Change a case's status or notes",
  tags,
  idParam,
  body: withRules(caseChangeShape, caseChangeFrom),
  answer: { status: 200, description: "The case as it is now.", schema: privacyCaseAnswerSchema },
  errors: {
    404: notFound,
    422: {
      validation: [messages.invalidStatus, messages.invalidNotes, messages.nothingToChange, httpMessages.notJsonObject],
    },
    429: limited,
  },
});

export const accessZipRoute = endpoint("GET /api/privacy/cases/:id/auskunft.zip")({
  summary:
    "„Auskunft herunterladen“: a ZIP with the Auskunft (Art. 15 DSGVO) as German HTML and as JSON; recorded in the trail",
  tags,
  idParam,
  responses: {
    200: bytesResponse("The ZIP (`application/zip`), never cached.", {
      "content-disposition": { description: '`attachment; filename="auskunft-anfrage-<id>.zip"`' },
    }),
  },
  errors: { 404: notFound, 429: limited },
});

export const erasurePlanRoute = endpoint("GET /api/privacy/cases/:id/erasure-plan")({
  summary:
    "„Löschung planen“: each place naming the person with the action the law allows (erase, anonymise, restrict until a date, review); changes nothing",
  tags,
  idParam,
  answer: { status: 200, description: "The plan.", schema: privacyErasurePlanSchema },
  errors: { 404: notFound, 409: { "privacy-case-not-erasure": [messages.notErasure] }, 429: limited },
});

export const erasureRoute = endpoint("POST /api/privacy/cases/:id/erasure")({
  summary:
    "Carry out the erasure plan in one transaction: erasure ledger entry, one audit event with ids and counts only",
  tags,
  idParam,
  answer: { status: 200, description: "What was done.", schema: privacyErasureResultSchema },
  errors: {
    404: notFound,
    409: { "privacy-case-not-erasure": [messages.notErasure], "privacy-case-done": [messages.alreadyDone] },
    429: limited,
  },
});

export const retentionPlanRoute = endpoint("GET /api/privacy/retention-plan")({
  summary:
    "The dry run of the daily deletion: answered contact requests past CONTACT_REQUEST_RETENTION_DAYS and restricted invoices whose retention period ended, by id and date; changes nothing",
  tags,
  answer: { status: 200, description: "What a run now would delete.", schema: privacyRetentionPlanSchema },
  errors: { 429: limited },
});
