import { Type } from "@sinclair/typebox";

export const resetRequestedSchema = Type.Object(
  { status: Type.Literal("accepted") },
  {
    additionalProperties: false,
    description: "The same whether or not the address has an account: if it has an active one, a link is on its way.",
  },
);
