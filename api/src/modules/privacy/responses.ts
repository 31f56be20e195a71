import {
  type PrivacyCase,
  type PrivacyCaseAnswer,
  type PrivacyCaseDetail,
  type PrivacyCaseList,
  type PrivacyErasureItem,
  type PrivacyErasurePlan,
  type PrivacyErasureResult,
  type PrivacyHit,
  type PrivacyRetentionPlan,
  privacyCaseKinds,
  privacyCaseStatuses,
  privacyDataKinds,
  privacyErasureActions,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";

/** The answers of /api/privacy as the OpenAPI document describes them: the kit's types. */

const date = Type.String({ format: "date" });

export const privacyCaseSchema = schemaOf<PrivacyCase>()(
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
    },
    { additionalProperties: false },
  ),
);

const privacyHitSchema = schemaOf<PrivacyHit>()(
  Type.Object(
    {
      kind: stringEnum(privacyDataKinds),
      id: Type.Integer({ minimum: 1, description: "The row's id in its kind's table." }),
      label: Type.String({ description: "Where it is, in German." }),
      fields: Type.Array(Type.String(), { description: "The row's fields that name the address." }),
    },
    { additionalProperties: false },
  ),
);

export const privacyCaseAnswerSchema = schemaOf<PrivacyCaseAnswer>()(
  Type.Object({ case: privacyCaseSchema }, { additionalProperties: false }),
);

export const privacyCaseListSchema = schemaOf<PrivacyCaseList>()(
  Type.Object(
    { cases: Type.Array(privacyCaseSchema, { description: "Open cases by due date, then finished ones." }) },
    { additionalProperties: false },
  ),
);

export const privacyCaseDetailSchema = schemaOf<PrivacyCaseDetail>()(
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
      action: stringEnum(privacyErasureActions, {
        description:
          "erase: deleted; anonymise: kept without the person's data; restrict: kept, hidden until `until`; review: left to a person.",
      }),
      reason: Type.String({ description: "Why this action, in German." }),
      until: nullable({ ...date, description: "`restrict` only: the last day of the retention period." }),
    },
    { additionalProperties: false },
  ),
);

export const privacyErasurePlanSchema = schemaOf<PrivacyErasurePlan>()(
  Type.Object(
    { case_id: Type.Integer({ minimum: 1 }), items: Type.Array(privacyErasureItemSchema), summary: Type.String() },
    { additionalProperties: false },
  ),
);

const count = Type.Integer({ minimum: 0 });

export const privacyErasureResultSchema = schemaOf<PrivacyErasureResult>()(
  Type.Object(
    {
      case_id: Type.Integer({ minimum: 1 }),
      items: Type.Array(privacyErasureItemSchema, { description: "The plan as it was carried out." }),
      counts: Type.Object(
        { erase: count, anonymise: count, restrict: count, review: count },
        { additionalProperties: false, description: "Rows each action touched; a second run touches none." },
      ),
      summary: Type.String(),
    },
    { additionalProperties: false },
  ),
);

export const privacyRetentionPlanSchema = schemaOf<PrivacyRetentionPlan>()(
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
