import { passwordStrengthMessages } from "@klarwerk/kit";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { authApiMessages as messages } from "./messages.ts";
import { registeredSchema, sessionSchema, signedInSchema } from "./responses.ts";

/** The OpenAPI `detail` of each route of the auth module (routes.ts). */

const tags = ["Accounts"];

/** Every reason a new password is refused, for the document. */
const newPasswordRefusals = [
  messages.passwordTooShort,
  messages.passwordTooLong,
  ...Object.values(passwordStrengthMessages.reasons).map((reason) => `${reason} ${passwordStrengthMessages.advice}`),
];

export const registerDocs = {
  summary: "Ask for an account (does not sign in); the same answer whether or not the address is taken",
  tags,
  responses: {
    201: jsonResponse(
      "Registered: `granted` when this made the owner (who may sign in now), otherwise `pending` until an admin approves.",
      registeredSchema,
    ),
    ...jsonBodyErrors,
    ...errorResponses({
      400: { "bad-request": [httpMessages.badRequest] },
      422: {
        validation: [
          messages.nameRequired,
          messages.nameTooLong,
          messages.nameControlCharacters,
          messages.emailRequired,
          messages.emailInvalid,
          messages.passwordRequired,
          messages.confirmPasswordRequired,
          messages.passwordMismatch,
          ...newPasswordRefusals,
          httpMessages.notJsonObject,
        ],
        "setup-code-invalid": [messages.setupCodeInvalid],
      },
      429: { "rate-limited": [messages.tooManyRegistrations] },
    }),
  },
};

export const loginDocs = {
  summary: "Sign in: the account and a bearer token naming a new session",
  tags,
  responses: {
    200: jsonResponse("Signed in.", signedInSchema),
    ...jsonBodyErrors,
    ...errorResponses({
      400: { "bad-request": [httpMessages.badRequest] },
      401: { "wrong-credentials": [messages.wrongCredentials] },
      403: { "account-pending": [messages.pending], "account-disabled": [messages.disabled] },
      422: { validation: [messages.emailRequired, messages.loginPasswordRequired, httpMessages.notJsonObject] },
      429: { "rate-limited": [messages.tooManyAttempts] },
    }),
  },
};

export const sessionDocs = {
  summary: "The signed-in account, as it is now (role and name may have changed since login)",
  tags,
  responses: { 200: jsonResponse("The account of this session.", sessionSchema) },
};

export const logoutDocs = {
  summary: "Sign out: the session ends and its token is refused from then on",
  tags,
  responses: { 204: { description: "Signed out." } },
};

export const passwordChangeDocs = {
  summary: "Change the signed-in user's password; every other session and known browser of the account ends",
  tags,
  responses: {
    204: { description: "Changed; this browser gets a new known-device cookie (the others' no longer count)." },
    ...jsonBodyErrors,
    ...errorResponses({
      400: { "bad-request": [httpMessages.badRequest] },
      422: {
        validation: [
          messages.currentPasswordRequired,
          messages.newPasswordRequired,
          messages.newPasswordUnchanged,
          ...newPasswordRefusals,
          httpMessages.notJsonObject,
        ],
        "current-password-wrong": [messages.currentPasswordWrong],
      },
      429: { "rate-limited": [messages.tooManyPasswordAttempts] },
    }),
  },
};
