import { type Customer, type CustomerAnswer, type CustomerPage, customerStatuses } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";

/** The answers of /api/customers as the OpenAPI document describes them: the kit's types. */
export const customerSchema = schemaOf<Customer>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      name: Type.String(),
      email: nullable(Type.String()),
      phone: nullable(Type.String()),
      website: nullable(Type.String()),
      notes: nullable(Type.String()),
      status: stringEnum(customerStatuses),
      address: nullable(Type.String({ description: "Postal address lines below the name." })),
      leitweg_id: nullable(Type.String({ description: "Leitweg-ID of a public-sector buyer." })),
      debitor_number: Type.Integer({ minimum: 10000, description: "DATEV Debitor, given at creation; read-only." }),
    },
    { additionalProperties: false },
  ),
);

export const customerPageSchema = schemaOf<CustomerPage>()(
  Type.Object(
    {
      customers: Type.Array(customerSchema, { description: "Newest first." }),
      pages: Type.Integer({ minimum: 1, description: "At least 1: an empty result is one empty page." }),
      total: Type.Integer({
        minimum: 0,
        description:
          "How many customers match the search and status; a search counts up to four pages past the page asked for.",
      }),
      total_exact: Type.Boolean({
        description:
          "False when a search matched more than it counted: `total` is then what it counted ((page + 4) × limit), and `pages` one past it.",
      }),
    },
    { additionalProperties: false },
  ),
);

export const customerAnswerSchema = schemaOf<CustomerAnswer>()(
  Type.Object({ customer: customerSchema }, { additionalProperties: false }),
);
