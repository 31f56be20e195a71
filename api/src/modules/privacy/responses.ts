import {
  type PrivacyCase,
  type PrivacyCaseAnswer,
  type PrivacyCaseDetail,
  type PrivacyCaseList,
  type PrivacyHit,
  privacyCaseKinds,
  privacyCaseStatuses,
  privacyDataKinds,
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
