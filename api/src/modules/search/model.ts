import { invoiceStatuses, type SiteSearchAnswer, siteSearchLimits } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { endpoint } from "../../http/endpoint.ts";
import { nullable, queryParameter, schemaOf, stringEnum } from "../../http/openapi.ts";
import { searchApiMessages as messages } from "./messages.ts";

/** `GET /api/search` in one definition (routes.ts mounts it; decision 0102). */

const group = <T extends ReturnType<typeof Type.Object>>(hit: T, what: string) =>
  Type.Object(
    {
      hits: Type.Array(hit, { description: `Up to ${siteSearchLimits.perGroup} ${what}, newest first.` }),
      more: Type.Boolean({ description: "Whether this group has more hits than shown." }),
    },
    { additionalProperties: false },
  );

const customerHit = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    email: nullable(Type.String()),
    phone: nullable(Type.String()),
  },
  { additionalProperties: false },
);

const invoiceHit = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    number: nullable(Type.String({ description: "Null for a draft." })),
    recipient_name: Type.String(),
    issue_date: Type.String({ format: "date" }),
    status: stringEnum(invoiceStatuses),
  },
  { additionalProperties: false },
);

const fileHit = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    folder_path: Type.Array(
      Type.Object({ id: Type.Integer({ minimum: 1 }), name: Type.String() }, { additionalProperties: false }),
      { description: "The folders the file lies in, from the root level down; empty at the root level." },
    ),
  },
  { additionalProperties: false },
);

export const siteSearchRoute = endpoint("GET /api/search")({
  summary: "The portal header's search: customers, invoices and files for one term",
  description:
    "Customers as the customer list's search finds them (name, e-mail, phone by its digits, Kundennummer, " +
    "Ansprechpartner, tags), invoices by number or customer name as the invoice list (staff without " +
    "restricted ones), files of every folder by name as the file search (never trashed ones).",
  tags: ["Search"],
  parameters: [
    queryParameter(
      "q",
      `The term, trimmed: ${siteSearchLimits.termMin} to ${siteSearchLimits.termMax} characters.`,
      Type.String({ minLength: siteSearchLimits.termMin, maxLength: siteSearchLimits.termMax }),
    ),
  ],
  answer: {
    status: 200,
    description: "Each group's first hits and whether it has more.",
    schema: schemaOf<SiteSearchAnswer>()(
      Type.Object(
        {
          customers: group(customerHit, "customers"),
          invoices: group(invoiceHit, "invoices"),
          files: group(fileHit, "files"),
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: { 400: { "invalid-query": [messages.termTooShort, messages.termTooLong] } },
});
