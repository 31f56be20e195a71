import {
  checkMailTemplate,
  type DocumentSending,
  type InvoiceMailAnswer,
  type InvoiceSendingsAnswer,
  type MailTemplate,
  type MailTemplatesAnswer,
  mailLimits,
  recipientsProblem,
  type SendInvoiceMailBody,
  type SentInvoiceMailAnswer,
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
            {
              to: Type.Array(Type.String()),
              subject: Type.String(),
              text: Type.String(),
              attachXml: Type.Boolean(),
              pdfName: Type.String(),
              xmlName: Type.String(),
            },
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
    schema: schemaOf<InvoiceSendingsAnswer>()(
      Type.Object({ sendings: Type.Array(sendingSchema) }, { additionalProperties: false }),
    ),
  },
  errors: { 404: notFound },
});

/** The body as sent: checked by the kit's rules (recipients, one-line subject, lengths), 422 on the first problem. */
function sendBodyFrom(body: SendInvoiceMailBody): SendInvoiceMailBody {
  const to = body.to.map((address) => address.trim());
  const problem = recipientsProblem(to);
  if (problem !== null) throw new HttpError(422, "validation", problem);
  const errors = checkMailTemplate({ subject: body.subject, text: body.text }, { placeholders: false });
  const first = errors.subject ?? errors.text;
  if (first !== undefined) throw new HttpError(422, "validation", first);
  return { to: uniqueRecipients(to), subject: body.subject.trim(), text: body.text, attachXml: body.attachXml };
}

export const sendInvoiceMailRoute = endpoint("POST /api/invoices/:id/mail")({
  summary: "„Per E-Mail senden“: the stored PDF (and the XRechnung) to each recipient, through the outbox",
  description:
    `One mail per recipient (at most ${mailLimits.recipientsMax}), written to the outbox: it goes out when the ` +
    "mail server takes it. Each user may send a limited number per hour (`MAIL_SENDINGS_PER_HOUR`, 429 beyond).",
  tags,
  idParam,
  body: withRules(
    t.Object(
      {
        to: t.Array(t.String({ error: sendingMessages.recipientsNotList, maxLength: 1000 }), {
          error: sendingMessages.recipientsNotList,
          maxItems: 100,
        }),
        subject: t.String({ error: messages.subjectNotText, maxLength: 10_000 }),
        text: t.String({ error: messages.textNotText, maxLength: 100_000 }),
        attachXml: t.Boolean({ error: sendingMessages.attachXmlNotBoolean }),
      },
      { error: httpMessages.notJsonObject },
    ),
    sendBodyFrom,
  ),
  answer: {
    status: 201,
    description: "The sending and all of the invoice's sendings, newest first.",
    schema: schemaOf<SentInvoiceMailAnswer>()(
      Type.Object({ sending: sendingSchema, sendings: Type.Array(sendingSchema) }, { additionalProperties: false }),
    ),
  },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: notFound,
    409: {
      "invoice-not-issued": [sendingMessages.notSendable],
      "invoice-cancelled": [sendingMessages.cancelledNotSendable],
      "invoice-pdf-missing": [sendingMessages.pdfMissing],
    },
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
  },
});

const templatesSchema = schemaOf<MailTemplatesAnswer>()(
  Type.Object({ invoice: templateSchema }, { additionalProperties: false }),
);

export const readTemplatesRoute = endpoint("GET /api/company/mail-templates")({
  summary: "The subject and text „Per E-Mail senden“ starts with (admins)",
  tags,
  answer: { status: 200, description: "The stored templates, or the defaults until saved.", schema: templatesSchema },
});

/** The templates to store: the kit's rules (placeholders by name), 422 on the first problem. */
function templatesFrom(body: MailTemplatesAnswer): MailTemplatesAnswer {
  const errors = checkMailTemplate(body.invoice);
  const first = errors.subject ?? errors.text;
  if (first !== undefined) throw new HttpError(422, "validation", first);
  return { invoice: { subject: body.invoice.subject.trim(), text: body.invoice.text } };
}

export const saveTemplatesRoute = endpoint("PUT /api/company/mail-templates")({
  summary: "Replace the mail templates (admins)",
  tags,
  body: withRules(
    t.Object(
      {
        invoice: t.Object(
          {
            subject: t.String({ error: messages.subjectNotText, maxLength: 10_000 }),
            text: t.String({ error: messages.textNotText, maxLength: 100_000 }),
          },
          { error: messages.templateNotObject },
        ),
      },
      { error: httpMessages.notJsonObject },
    ),
    templatesFrom,
  ),
  answer: { status: 200, description: "The stored templates.", schema: templatesSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
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
