import { type UserAccount, type UserAccountAnswer, type UserAccountList, userRoles, userStatuses } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";

/** The answers of /api/users as the OpenAPI document describes them: the kit's types. */
export const userAccountSchema = schemaOf<UserAccount>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      name: Type.String(),
      email: Type.String(),
      role: stringEnum(userRoles),
      status: stringEnum(userStatuses),
      created_at: Type.String({ format: "date-time" }),
      approved_at: nullable(Type.String({ format: "date-time" })),
      approved_by_name: nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
);

export const userAccountListSchema = schemaOf<UserAccountList>()(
  Type.Object(
    { users: Type.Array(userAccountSchema, { description: "Pending requests first, then by name." }) },
    { additionalProperties: false },
  ),
);

export const changedAccountSchema = schemaOf<UserAccountAnswer>()(
  Type.Object({ user: userAccountSchema }, { additionalProperties: false }),
);
