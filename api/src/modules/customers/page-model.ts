import {
  type CustomerActivityAnswer,
  type CustomerActivityInput,
  type CustomerContact,
  type CustomerContactAnswer,
  type CustomerContactInput,
  type CustomerDetail,
  type CustomerTagList,
  type CustomerTagsAnswer,
  type CustomerTimelineEntry,
  type CustomerTimelinePage,
  checkCustomerActivity,
  checkCustomerContact,
  checkCustomerTag,
  customerPageLimits,
  customerPageMessages,
  customerTimelineKinds,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, queryParameter, schemaOf, stringEnum } from "../../http/openapi.ts";
import { customersApiMessages as messages } from "./messages.ts";
import { customerSchema } from "./model.ts";

/**
 * Each route of the customer page (/api/customers/:id and below, decision 0095) in one
 * definition; page-routes.ts mounts them. The rules are the kit's, the page runs the same.
 */

const tags = ["Customers"];
const idParam = { description: "The customer's id, a positive integer.", invalid: messages.invalidId };
const notFound = { "customer-not-found": [messages.notFound] };
const contactNotFound = { "contact-not-found": [messages.contactNotFound] };

const contactSchema = schemaOf<CustomerContact>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      name: Type.String(),
      role: nullable(Type.String({ description: "Geschäftsführung, Buchhaltung, …" })),
      email: nullable(Type.String()),
      phone: nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
);

const tagListSchema = Type.Array(Type.String(), { description: "By name." });

const entrySchema = schemaOf<CustomerTimelineEntry>()(
  Type.Object(
    {
      kind: stringEnum(customerTimelineKinds),
      id: Type.Integer({ minimum: 1, description: "The row's id in its own table." }),
      at: Type.String({ format: "date-time" }),
      text: Type.String({
        description: "A note's text, a mail's subject, a request's message, a document's recipient.",
      }),
      author: nullable(Type.String()),
      number: nullable(Type.String({ description: "An invoice's or quote's number; a payment's invoice's." })),
      amount_cents: nullable(Type.Integer({ description: "Gross total or payment, in cents." })),
      invoice_id: nullable(Type.Integer({ description: "A payment's invoice." })),
    },
    { additionalProperties: false },
  ),
);

/** An Ansprechpartner's fields as sent; the kit's rules make the stored one, or a German 422. */
const contactBody = withRules(
  t.Object(
    {
      name: t.String({ error: customerPageMessages.contactNameRequired }),
      role: t.Optional(t.Union([t.String(), t.Null()], { error: messages.invalidText("role") })),
      email: t.Optional(t.Union([t.String(), t.Null()], { error: messages.invalidText("email") })),
      phone: t.Optional(t.Union([t.String(), t.Null()], { error: messages.invalidText("phone") })),
    },
    { error: httpMessages.notJsonObject },
  ),
  (body): CustomerContactInput => {
    const check = checkCustomerContact(body);
    if (!check.ok) throw new HttpError(422, "validation", check.message);
    return check.contact;
  },
);

const tagBody = withRules(
  t.Object({ tag: t.String({ error: customerPageMessages.tagRequired }) }, { error: httpMessages.notJsonObject }),
  (body): string => {
    const check = checkCustomerTag(body.tag);
    if (!check.ok) throw new HttpError(422, "validation", check.message);
    return check.tag;
  },
);

const activityBody = withRules(
  t.Object(
    {
      kind: t.String({ error: customerPageMessages.activityKindInvalid }),
      text: t.String({ error: customerPageMessages.activityTextRequired }),
    },
    { error: httpMessages.notJsonObject },
  ),
  (body): CustomerActivityInput => {
    const check = checkCustomerActivity(body);
    if (!check.ok) throw new HttpError(422, "validation", check.message);
    return check.activity;
  },
);

const contactErrors = {
  404: { ...notFound },
  409: { "too-many-contacts": [customerPageMessages.tooManyContacts] },
  422: {
    validation: [
      customerPageMessages.contactNameRequired,
      customerPageMessages.contactNameTooLong,
      customerPageMessages.contactRoleTooLong,
      customerPageMessages.contactEmailInvalid,
      customerPageMessages.contactPhoneInvalid,
    ],
  },
} as const;

export const contactParams = t.Object({
  id: t.String({ description: idParam.description }),
  contactId: t.String({ description: "The Ansprechpartner's id, a positive integer." }),
});

export const tagParams = t.Object({
  id: t.String({ description: idParam.description }),
  tag: t.String({ description: "The tag, URL-encoded." }),
});

export const customerDetailRoute = endpoint("GET /api/customers/:id")({
  summary: "One customer with its Ansprechpartner and tags",
  tags,
  idParam,
  answer: {
    status: 200,
    description: "The customer, its Ansprechpartner (in the order added) and its tags (by name).",
    schema: schemaOf<CustomerDetail>()(
      Type.Object(
        { customer: customerSchema, contacts: Type.Array(contactSchema), tags: tagListSchema },
        { additionalProperties: false },
      ),
    ),
  },
  errors: { 404: notFound },
});

const contactAnswer = schemaOf<CustomerContactAnswer>()(
  Type.Object({ contact: contactSchema }, { additionalProperties: false }),
);

export const addContactRoute = endpoint("POST /api/customers/:id/contacts")({
  summary: `Add an Ansprechpartner (up to ${customerPageLimits.contactsPerCustomer} per customer)`,
  tags,
  idParam,
  body: contactBody,
  answer: { status: 201, description: "The stored Ansprechpartner.", schema: contactAnswer },
  errors: contactErrors,
});

export const changeContactRoute = endpoint("PUT /api/customers/:id/contacts/:contactId")({
  summary: "Replace an Ansprechpartner's fields",
  tags,
  body: contactBody,
  answer: { status: 200, description: "The stored Ansprechpartner.", schema: contactAnswer },
  errors: {
    400: { "invalid-id": [messages.invalidId, messages.invalidContactId] },
    404: { ...notFound, ...contactNotFound },
    422: contactErrors[422],
  },
});

export const removeContactRoute = endpoint("DELETE /api/customers/:id/contacts/:contactId")({
  summary: "Remove an Ansprechpartner",
  tags,
  answer: { status: 204, description: "Removed." },
  errors: {
    400: { "invalid-id": [messages.invalidId, messages.invalidContactId] },
    404: { ...notFound, ...contactNotFound },
  },
});

const tagsAnswer = schemaOf<CustomerTagsAnswer>()(
  Type.Object({ tags: tagListSchema }, { additionalProperties: false }),
);

export const addTagRoute = endpoint("POST /api/customers/:id/tags")({
  summary: `Tag a customer (up to ${customerPageLimits.tagsPerCustomer} tags; a tag it has already changes nothing)`,
  tags,
  idParam,
  body: tagBody,
  answer: { status: 200, description: "The customer's tags now.", schema: tagsAnswer },
  errors: {
    404: notFound,
    409: { "too-many-tags": [customerPageMessages.tooManyTags] },
    422: {
      validation: [customerPageMessages.tagRequired, customerPageMessages.tagTooLong, customerPageMessages.tagInvalid],
    },
  },
});

export const removeTagRoute = endpoint("DELETE /api/customers/:id/tags/:tag")({
  summary: "Take a tag off a customer (one it does not have changes nothing)",
  tags,
  answer: { status: 200, description: "The customer's tags now.", schema: tagsAnswer },
  errors: { 400: { "invalid-id": [messages.invalidId] }, 404: notFound },
});

export const listTagsRoute = endpoint("GET /api/customers/tags")({
  summary: "Every tag in use, by name, with how many customers carry it (the list's filter)",
  tags,
  answer: {
    status: 200,
    description: "The tags.",
    schema: schemaOf<CustomerTagList>()(
      Type.Object(
        {
          tags: Type.Array(
            Type.Object(
              { tag: Type.String(), customers: Type.Integer({ minimum: 1 }) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
});

export const timelineRoute = endpoint("GET /api/customers/:id/timeline")({
  summary:
    "The customer's timeline, newest first: notes, calls and meetings, its invoices, quotes and payments, " +
    "mails sent to its or its Ansprechpartner's addresses, contact requests from them",
  tags,
  idParam,
  parameters: [
    queryParameter("page", "From 1.", Type.Integer({ minimum: 1 })),
    queryParameter(
      "limit",
      `Entries per page, up to ${customerPageLimits.timelineMaxLimit}.`,
      Type.Integer({ minimum: 1, maximum: customerPageLimits.timelineMaxLimit }),
    ),
  ],
  answer: {
    status: 200,
    description: "One page; `has_more` when an older page follows.",
    schema: schemaOf<CustomerTimelinePage>()(
      Type.Object({ entries: Type.Array(entrySchema), has_more: Type.Boolean() }, { additionalProperties: false }),
    ),
  },
  errors: { 400: { "invalid-query": [messages.invalidTimelinePage] }, 404: notFound },
});

export const fileParams = t.Object({
  id: t.String({ description: idParam.description }),
  fileId: t.String({ description: "The file's id (of the file area), a positive integer." }),
});

export const linkFileRoute = endpoint("POST /api/customers/:id/files")({
  summary: "Link a file of the file area to the customer (a link it has already changes nothing)",
  description:
    "The file then shows in the customer's timeline (kind `file`: its name, who linked it, when) until it is unlinked, moved to the Papierkorb (hidden until restored) or purged (the link goes with it). `POST /api/files/upload` with the field `customer_id` uploads and links in one step (decision 0103).",
  tags,
  idParam,
  body: t.Object(
    { file_id: t.Integer({ minimum: 1, maximum: 2 ** 53 - 1, error: messages.fileIdRequired }) },
    { error: httpMessages.notJsonObject },
  ),
  answer: {
    status: 200,
    description: "The file's timeline entry.",
    schema: schemaOf<CustomerActivityAnswer>()(Type.Object({ entry: entrySchema }, { additionalProperties: false })),
  },
  errors: {
    404: { ...notFound, "file-not-found": [messages.fileNotFound] },
    422: { validation: [messages.fileIdRequired] },
  },
});

export const unlinkFileRoute = endpoint("DELETE /api/customers/:id/files/:fileId")({
  summary: "Unlink a file from the customer (the file stays in the file area)",
  tags,
  answer: { status: 204, description: "Unlinked." },
  errors: {
    400: { "invalid-id": [messages.invalidId, messages.invalidFileId] },
    404: { ...notFound, "file-link-not-found": [messages.fileLinkNotFound] },
  },
});

export const logActivityRoute = endpoint("POST /api/customers/:id/timeline")({
  summary: "Log a note, call or meeting, signed and dated now",
  tags,
  idParam,
  body: activityBody,
  answer: {
    status: 201,
    description: "The new entry.",
    schema: schemaOf<CustomerActivityAnswer>()(Type.Object({ entry: entrySchema }, { additionalProperties: false })),
  },
  errors: {
    404: notFound,
    422: {
      validation: [
        customerPageMessages.activityKindInvalid,
        customerPageMessages.activityTextRequired,
        customerPageMessages.activityTextTooLong,
      ],
    },
  },
});
