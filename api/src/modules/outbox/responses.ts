import {
  type OutboxList,
  type OutboxMail,
  outboxListLimit,
  outboxMailKinds,
  outboxMailStates,
  type RetriedMailAnswer,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";

/** The answers of /api/outbox as the OpenAPI document describes them: the kit's types. */
const dateTime = Type.String({ format: "date-time" });

export const outboxMailSchema = schemaOf<OutboxMail>()(
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

export const outboxListSchema = schemaOf<OutboxList>()(
  Type.Object(
    {
      mails: Type.Array(outboxMailSchema, { description: `The newest ${outboxListLimit} mails, newest first.` }),
      mail_configured: Type.Boolean({ description: "False while `SMTP_URL` is unset: mails wait here." }),
    },
    { additionalProperties: false },
  ),
);

export const retriedSchema = schemaOf<RetriedMailAnswer>()(
  Type.Object({ mail: outboxMailSchema }, { additionalProperties: false }),
);
