import { passwordStrengthMessages } from "@klarwerk/kit";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { authApiMessages } from "../auth/index.ts";
import { passwordResetApiMessages as messages } from "./messages.ts";
import { resetRequestedSchema } from "./responses.ts";

/** The OpenAPI `detail` of each route of the password-reset module (routes.ts). */

const tags = ["Accounts"];

export const requestResetDocs = {
  summary: "Ask for a link to set a new password; the same answer whether or not the address has an account",
  tags,
  responses: {
    202: jsonResponse("Accepted.", resetRequestedSchema),
    ...jsonBodyErrors,
    ...errorResponses({
      400: { "bad-request": [httpMessages.badRequest] },
      422: { validation: [messages.emailRequired, messages.emailInvalid, httpMessages.notJsonObject] },
      429: { "rate-limited": [messages.tooManyRequests] },
    }),
  },
};

export const confirmResetDocs = {
  summary: "Set a new password with the link's token; every session of the account ends",
  tags,
  responses: {
    204: { description: "The new password is set." },
    ...jsonBodyErrors,
    ...errorResponses({
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
    }),
  },
};
