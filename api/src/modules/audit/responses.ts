import {
  type AuditAction,
  type AuditEvent,
  type AuditObjectType,
  type AuditPage,
  type AuditVerification,
  auditActions,
  auditActorKinds,
  auditObjectTypes,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";

/** The answers of /api/audit as the OpenAPI document describes them: the kit's types. */

const dateTime = Type.String({ format: "date-time" });

const auditEventSchema = schemaOf<AuditEvent>()(
  Type.Object(
    {
      seq: Type.Integer({ minimum: 1, description: "The event's place in the chain." }),
      occurred_at: dateTime,
      actor_kind: stringEnum(auditActorKinds),
      actor_id: nullable(Type.Integer()),
      actor_name: Type.String({
        description: "The account's or deploy key's name then, „Besucher“ or „System“.",
      }),
      client_address: nullable(Type.String()),
      action: stringEnum(Object.keys(auditActions) as AuditAction[]),
      object_type: nullable(stringEnum(Object.keys(auditObjectTypes) as AuditObjectType[])),
      object_id: nullable(Type.String()),
      fields: Type.Array(Type.String(), { description: "The names of the changed fields." }),
      changes: nullable(
        Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() }), {
          description:
            "Before and after: invoices, payments, company settings, accounts' role and status, releases' rollout.",
        }),
      ),
    },
    { additionalProperties: false },
  ),
);

export const auditPageSchema = schemaOf<AuditPage>()(
  Type.Object(
    {
      events: Type.Array(auditEventSchema, { description: "Newest first." }),
      next: nullable(Type.Integer({ description: "`before` of the next (older) page; null on the last." })),
    },
    { additionalProperties: false },
  ),
);

export const auditVerificationSchema = schemaOf<AuditVerification>()(
  Type.Object(
    {
      ok: Type.Boolean(),
      checked: Type.Integer({ minimum: 0 }),
      first_mismatch: nullable(
        Type.Object(
          { seq: Type.Integer(), occurred_at: nullable(dateTime), reason: Type.String() },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
);
