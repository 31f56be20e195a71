import {
  type OutboxList,
  type OutboxMail,
  outboxListLimit,
  outboxMailKinds,
  outboxMailStates,
  type RetriedMailAnswer,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { endpoint } from "../../http/endpoint.ts";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";
import { outboxApiMessages as messages } from "./messages.ts";

/** Each route of /api/outbox in one definition: answer and documentation (routes.ts mounts them). */

const tags = ["Outbox"];
const dateTime = Type.String({ format: "date-time" });

const outboxMailSchema = schemaOf<OutboxMail>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      kind: stringEnum(outboxMailKinds, { description: "What caused the mail." }),
      state: stringEnum(outboxMailStates, {
        description: "`waiting`: not delivered yet (new, retried, or e-mail not set up); `failed`: given up.",
      }),
      to: Type.String({ description: "The one recipient, `Name <address>` or the address." }),
      reply_to: nullable(Type.String()),
      subject: Type.String(),
      text: Type.String({ description: "The plain-text part as sent (the HTML part says the same)." }),
      attempts: Type.Integer({ minimum: 0 }),
      last_error: nullable(Type.String({ description: "The latest failure's reason." })),
      failures: Type.Array(Type.Object({ at: dateTime, reason: Type.String() }, { additionalProperties: false }), {
        description: "Every failed attempt, oldest first.",
      }),
      created_at: dateTime,
      sent_at: nullable(dateTime),
      next_attempt_at: nullable({ ...dateTime, description: "When a waiting mail is tried next." }),
    },
    { additionalProperties: false },
  ),
);

export const listOutboxRoute = endpoint("GET /api/outbox")({
  summary: "Outgoing mail: waiting, sent and failed, with the reasons",
  tags,
  answer: {
    status: 200,
    description: "The newest mails.",
    schema: schemaOf<OutboxList>()(
      Type.Object(
        {
          mails: Type.Array(outboxMailSchema, { description: `The newest ${outboxListLimit} mails, newest first.` }),
          mail_configured: Type.Boolean({ description: "False while `SMTP_URL` is unset: mails wait here." }),
        },
        { additionalProperties: false },
      ),
    ),
  },
});

export const retryMailRoute = endpoint("POST /api/outbox/:id/retry")({
  summary: "Send a failed mail again (it waits for the worker, due now)",
  tags,
  idParam: { description: "The mail's id, a positive integer.", invalid: messages.invalidId },
  answer: {
    status: 200,
    description: "The mail, waiting again.",
    schema: schemaOf<RetriedMailAnswer>()(Type.Object({ mail: outboxMailSchema }, { additionalProperties: false })),
  },
  errors: {
    404: { "mail-not-found": [messages.notFound] },
    409: { "mail-not-failed": [messages.notFailed] },
  },
});
