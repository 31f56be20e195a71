import type { User } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { tokenLifetime } from "../../http/auth.ts";
import { schemaOf } from "../../http/openapi.ts";

/** The answers of /api/register and /api/login as the OpenAPI document describes them. */
export const userSchema = schemaOf<User>()(
  Type.Object(
    { id: Type.Integer({ minimum: 1 }), name: Type.String(), email: Type.String() },
    { additionalProperties: false },
  ),
);

export const registeredSchema = Type.Object({ user: userSchema }, { additionalProperties: false });

export const signedInSchema = Type.Object(
  {
    user: userSchema,
    token: Type.String({
      description: `For \`Authorization: Bearer <token>\`; valid for ${tokenLifetime}, then sign in again.`,
    }),
  },
  { additionalProperties: false },
);
