import { isBlank, isEmail, type PasswordResetRequestedAnswer, passwordStrengthMessages } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { schemaOf } from "../../http/openapi.ts";
import { authApiMessages, normalizeEmail } from "../auth/index.ts";
import { passwordResetApiMessages as messages } from "./messages.ts";

/** Each route of /api/password-reset in one definition: body, answer and documentation (routes.ts mounts them). */

const tags = ["Accounts"];

/** The address a link is asked for, as accounts store it; a 422 when it is none. */
function resetEmailOf(raw: string): string {
  const email = normalizeEmail(raw);
  if (isBlank(email)) throw new HttpError(422, "validation", messages.emailRequired);
  if (!isEmail(email)) throw new HttpError(422, "validation", messages.emailInvalid);
  return email;
}

export const requestResetRoute = endpoint("POST /api/password-reset")({
  summary: "Ask for a link to set a new password; the same answer whether or not the address has an account",
  tags,
  body: withRules(
    t.Object({ email: t.String({ error: messages.emailRequired }) }, { error: httpMessages.notJsonObject }),
    (body) => ({ email: resetEmailOf(body.email) }),
  ),
  answer: {
    status: 202,
    description: "Accepted.",
    schema: schemaOf<PasswordResetRequestedAnswer>()(
      Type.Object(
        { status: Type.Literal("accepted") },
        {
          additionalProperties: false,
          description:
            "The same whether or not the address has an account: if it has an active one, a link is on its way.",
        },
      ),
    ),
  },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    422: { validation: [messages.emailRequired, messages.emailInvalid, httpMessages.notJsonObject] },
    429: { "rate-limited": [messages.tooManyRequests] },
  },
});

export const confirmResetRoute = endpoint("POST /api/password-reset/confirm")({
  summary: "Set a new password with the link's token; every session of the account ends",
  tags,
  // The password's rules need the token's account (its name and address), so the service applies them.
  body: t.Object(
    {
      token: t.String({ error: messages.tokenInvalid }),
      newPassword: t.String({ error: messages.newPasswordRequired }),
    },
    { error: httpMessages.notJsonObject },
  ),
  answer: { status: 204, description: "The new password is set." },
  errors: {
    400: { "reset-link-invalid": [messages.tokenInvalid], "bad-request": [httpMessages.badRequest] },
    410: { "reset-link-expired": [messages.tokenExpired], "reset-link-used": [messages.tokenUsed] },
    422: {
      validation: [
        messages.newPasswordRequired,
        authApiMessages.passwordTooShort,
        authApiMessages.passwordTooLong,
        ...Object.values(passwordStrengthMessages.reasons).map(
          (reason) => `${reason} ${passwordStrengthMessages.advice}`,
        ),
        httpMessages.notJsonObject,
      ],
    },
  },
});
