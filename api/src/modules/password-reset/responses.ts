import type { PasswordResetRequestedAnswer } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { schemaOf } from "../../http/openapi.ts";

export const resetRequestedSchema = schemaOf<PasswordResetRequestedAnswer>()(
  Type.Object(
    { status: Type.Literal("accepted") },
    {
      additionalProperties: false,
      description: "The same whether or not the address has an account: if it has an active one, a link is on its way.",
    },
  ),
);
