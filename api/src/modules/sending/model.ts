import {
  checkMailTemplate,
  type DocumentMailDraft,
  type DocumentSending,
  type DocumentSendingsAnswer,
  type InvoiceMailAnswer,
  isMailTemplateKind,
  type MailTemplate,
  type MailTemplateAnswer,
  type MailTemplateKind,
  type MailTemplatesAnswer,
  mailLimits,
  mailTemplateKinds,
  type QuoteMailAnswer,
  quoteMessages,
  recipientsProblem,
  type SendDocumentMailBody,
  type SentDocumentMailAnswer,
  sendingMessages,
  uniqueRecipients,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { schemaOf, stringEnum } from "../../http/openapi.ts";
import { sendingApiMessages as messages } from "./messages.ts";

/** Each route of the sending module in one definition: body, answer and documentation (routes.ts mounts them). */

const tags = ["Sending"];
const idParam = { description: "The invoice's id, a positive integer.", invalid: messages.invalidInvoiceId };
const notFound = { "invoice-not-found": [messages.invoiceNotFound] };
const quoteIdParam = { description: "The quote's id, a positive integer.", invalid: quoteMessages.invalidId };
const quoteNotFound = { "quote-not-found": [quoteMessages.notFound] };

const templateSchema = schemaOf<MailTemplate>()(
  Type.Object(
    {
      subject: Type.String({ description: "One line; placeholders such as `{nummer}`." }),
      text: Type.String({ description: "The mail's text; placeholders such as `{betrag}`, `{faellig}`." }),
    },
    { additionalProperties: false },
  ),
);

const sendingSchema = schemaOf<DocumentSending>()(
  Type.Object(
    {
      id: Type.String({ description: "The sending's id (its mails share it)." }),
      createdAt: Type.String({ format: "date-time", description: "When it was sent off (written to the outbox)." }),
      sentByName: Type.String(),
      recipients: Type.Array(
        Type.Object(
          {
            address: Type.String(),
            state: stringEnum(["waiting", "sent", "failed"] as const, {
              description: "Where the recipient's mail is: waiting in the outbox, sent, or given up.",
            }),
          },
          { additionalProperties: false },
        ),
      ),
      subject: Type.String(),
      attachments: Type.Array(Type.String(), { description: "The attached files' names." }),
    },
    { additionalProperties: false },
  ),
);

const draftProperties = {
  to: Type.Array(Type.String(), { description: "The customer's address, if it has one." }),
  subject: Type.String({ description: "The kind's template, filled in." }),
  text: Type.String(),
  pdfName: Type.String({ description: "The attached PDF's file name." }),
};

const sendingsSchema = schemaOf<DocumentSendingsAnswer>()(
  Type.Object({ sendings: Type.Array(sendingSchema) }, { additionalProperties: false }),
);

const sentSchema = schemaOf<SentDocumentMailAnswer>()(
  Type.Object({ sending: sendingSchema, sendings: Type.Array(sendingSchema) }, { additionalProperties: false }),
);

export const invoiceMailRoute = endpoint("GET /api/invoices/:id/mail")({
  summary: "What „Per E-Mail senden“ starts with, and the invoice's sendings so far",
  tags,
  idParam,
  answer: {
    status: 200,
    description: "The draft (recipient, subject and text from the template) and the sendings, newest first.",
    schema: schemaOf<InvoiceMailAnswer>()(
      Type.Object(
        {
          draft: Type.Object(
            { ...draftProperties, attachXml: Type.Boolean(), xmlName: Type.String() },
            { additionalProperties: false },
          ),
          sendings: Type.Array(sendingSchema),
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: {
    404: notFound,
    409: {
      "invoice-not-issued": [sendingMessages.notSendable],
      "invoice-cancelled": [sendingMessages.cancelledNotSendable],
    },
  },
});

export const invoiceSendingsRoute = endpoint("GET /api/invoices/:id/sendings")({
  summary: "An invoice's sendings by mail: when, by whom, to whom, each recipient's mail's state",
  tags,
  idParam,
  answer: {
    status: 200,
    description: "The sendings, newest first (none for a draft).",
    schema: sendingsSchema,
  },
  errors: { 404: notFound },
});

/** The body as sent: checked by the kit's rules (recipients, one-line subject, lengths), 422 on the first problem. */
function sendBodyFrom<Body extends SendDocumentMailBody>(body: Body): Body {
  const to = body.to.map((address) => address.trim());
  const problem = recipientsProblem(to);
  if (problem !== null) throw new HttpError(422, "validation", problem);
  const errors = checkMailTemplate({ subject: body.subject, text: body.text }, { placeholders: false });
  const first = errors.subject ?? errors.text;
  if (first !== undefined) throw new HttpError(422, "validation", first);
  return { ...body, to: uniqueRecipients(to), subject: body.subject.trim() };
}

/** Recipients, subject and text: every document's body (an invoice's adds `attachXml`). */
const sendBodyProperties = {
  to: t.Array(t.String({ error: sendingMessages.recipientsNotList, maxLength: 1000 }), {
    error: sendingMessages.recipientsNotList,
    maxItems: 100,
  }),
  subject: t.String({ error: messages.subjectNotText, maxLength: 10_000 }),
  text: t.String({ error: messages.textNotText, maxLength: 100_000 }),
};

const sendDescription =
  `One mail per recipient (at most ${mailLimits.recipientsMax}), written to the outbox: it goes out when the ` +
  "mail server takes it. Each user may send a limited number per hour (`MAIL_SENDINGS_PER_HOUR`, 429 beyond; " +
  "invoices and quotes count together).";

const sendErrors = {
  400: { "bad-request": [httpMessages.badRequest] },
  422: {
    validation: [
      sendingMessages.recipientsRequired,
      sendingMessages.recipientsTooMany,
      sendingMessages.recipientInvalid("a,b@example.de"),
      sendingMessages.subjectOneLine,
      httpMessages.notJsonObject,
    ],
    "attachment-too-large": [sendingMessages.attachmentTooLarge("10 MB")],
  },
  429: { "rate-limited": [sendingMessages.rateLimited(mailLimits.sendingsPerHourDefault)] },
};

export const sendInvoiceMailRoute = endpoint("POST /api/invoices/:id/mail")({
  summary: "„Per E-Mail senden“: the stored PDF (and the XRechnung) to each recipient, through the outbox",
  description: sendDescription,
  tags,
  idParam,
  body: withRules(
    t.Object(
      { ...sendBodyProperties, attachXml: t.Boolean({ error: sendingMessages.attachXmlNotBoolean }) },
      { error: httpMessages.notJsonObject },
    ),
    sendBodyFrom,
  ),
  answer: {
    status: 201,
    description: "The sending and all of the invoice's sendings, newest first.",
    schema: sentSchema,
  },
  errors: {
    ...sendErrors,
    404: notFound,
    409: {
      "invoice-not-issued": [sendingMessages.notSendable],
      "invoice-cancelled": [sendingMessages.cancelledNotSendable],
      "invoice-pdf-missing": [sendingMessages.pdfMissing],
    },
  },
});

export const quoteMailRoute = endpoint("GET /api/quotes/:id/mail")({
  summary: "What „Per E-Mail senden“ starts with for an issued quote, and its sendings so far",
  description: "`{faellig}` in the quote template is the quote's „Gültig bis“.",
  tags,
  idParam: quoteIdParam,
  answer: {
    status: 200,
    description: "The draft (recipient, subject and text from the quote template) and the sendings, newest first.",
    schema: schemaOf<QuoteMailAnswer>()(
      Type.Object(
        {
          draft: schemaOf<DocumentMailDraft>()(Type.Object(draftProperties, { additionalProperties: false })),
          sendings: Type.Array(sendingSchema),
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: { 404: quoteNotFound, 409: { "quote-not-issued": [sendingMessages.quoteNotSendable] } },
});

export const quoteSendingsRoute = endpoint("GET /api/quotes/:id/sendings")({
  summary: "A quote's sendings by mail: when, by whom, to whom, each recipient's mail's state",
  tags,
  idParam: quoteIdParam,
  answer: { status: 200, description: "The sendings, newest first (none for a draft).", schema: sendingsSchema },
  errors: { 404: quoteNotFound },
});

export const sendQuoteMailRoute = endpoint("POST /api/quotes/:id/mail")({
  summary: "„Per E-Mail senden“: the issued quote's PDF to each recipient, through the outbox",
  description: sendDescription,
  tags,
  idParam: quoteIdParam,
  body: withRules(t.Object(sendBodyProperties, { error: httpMessages.notJsonObject }), sendBodyFrom),
  answer: {
    status: 201,
    description: "The sending and all of the quote's sendings, newest first.",
    schema: sentSchema,
  },
  errors: {
    ...sendErrors,
    404: quoteNotFound,
    409: { "quote-not-issued": [sendingMessages.quoteNotSendable] },
  },
});

const templatesSchema = schemaOf<MailTemplatesAnswer>()(
  Type.Object(
    Object.fromEntries(mailTemplateKinds.map((kind) => [kind, templateSchema])) as Record<
      MailTemplateKind,
      typeof templateSchema
    >,
    { additionalProperties: false },
  ),
);

const kindParameter = {
  name: "kind",
  in: "path" as const,
  required: true,
  description: "The template's document: invoice, quote, reminder-1 (Zahlungserinnerung), reminder-2, reminder-3.",
  schema: { type: "string" as const, enum: [...mailTemplateKinds] },
};

const templateAnswerSchema = schemaOf<MailTemplateAnswer>()(
  Type.Object({ kind: stringEnum(mailTemplateKinds), template: templateSchema }, { additionalProperties: false }),
);

/** The `:kind` path parameter: one of the kit's kinds, else 404 in German. */
export function templateKindOf(value: string | undefined): MailTemplateKind {
  if (!isMailTemplateKind(value))
    throw new HttpError(404, "mail-template-not-found", sendingMessages.unknownTemplateKind);
  return value;
}

export const readTemplatesRoute = endpoint("GET /api/company/mail-templates")({
  summary: "Every kind's subject and text „Per E-Mail senden“ starts with (admins)",
  tags,
  answer: {
    status: 200,
    description: "By kind: the stored template, or the default until saved.",
    schema: templatesSchema,
  },
});

export const readTemplateRoute = endpoint("GET /api/company/mail-templates/:kind")({
  summary: "One kind's mail template (admins)",
  tags,
  parameters: [kindParameter],
  answer: {
    status: 200,
    description: "The stored template, or the default until saved.",
    schema: templateAnswerSchema,
  },
  errors: { 404: { "mail-template-not-found": [sendingMessages.unknownTemplateKind] } },
});

/** The template to store: the kit's rules (placeholders by name), 422 on the first problem. */
function templateFrom(body: MailTemplate): MailTemplate {
  const errors = checkMailTemplate(body);
  const first = errors.subject ?? errors.text;
  if (first !== undefined) throw new HttpError(422, "validation", first);
  return { subject: body.subject.trim(), text: body.text };
}

export const saveTemplateRoute = endpoint("PUT /api/company/mail-templates/:kind")({
  summary: "Replace one kind's mail template (admins)",
  tags,
  parameters: [kindParameter],
  body: withRules(
    t.Object(
      {
        subject: t.String({ error: messages.subjectNotText, maxLength: 10_000 }),
        text: t.String({ error: messages.textNotText, maxLength: 100_000 }),
      },
      { error: messages.templateNotObject },
    ),
    templateFrom,
  ),
  answer: { status: 200, description: "The stored template.", schema: templateAnswerSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: { "mail-template-not-found": [sendingMessages.unknownTemplateKind] },
    422: {
      validation: [
        sendingMessages.unknownPlaceholder("name"),
        sendingMessages.subjectRequired,
        sendingMessages.subjectOneLine,
        httpMessages.notJsonObject,
      ],
    },
  },
});
