import { type LoginAnswer, type RegistrationAnswer, type SessionAnswer, type User, userRoles } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { schemaOf, stringEnum } from "../../http/openapi.ts";
import { sessionLifetime, tokenLifetime } from "../../http/sessions.ts";

/** The answers of the auth routes as the OpenAPI document describes them. */
export const userSchema = schemaOf<User>()(
  Type.Object(
    { id: Type.Integer({ minimum: 1 }), name: Type.String(), email: Type.String(), role: stringEnum(userRoles) },
    { additionalProperties: false },
  ),
);

export const registeredSchema = schemaOf<RegistrationAnswer>()(
  Type.Object({ access: stringEnum(["granted", "pending"] as const) }, { additionalProperties: false }),
);

export const sessionSchema = schemaOf<SessionAnswer>()(
  Type.Object({ user: userSchema }, { additionalProperties: false }),
);

export const signedInSchema = schemaOf<LoginAnswer>()(
  Type.Object(
    {
      user: userSchema,
      token: Type.String({
        description: `For \`Authorization: Bearer <token>\`; names a session that ends after ${tokenLifetime} at most, after ${sessionLifetime.idleMs / 86_400_000} days unused, or at logout.`,
      }),
    },
    { additionalProperties: false },
  ),
);
