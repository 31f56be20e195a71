import {
  type LoginAnswer,
  passwordStrengthMessages,
  type RegistrationAnswer,
  type SessionAnswer,
  type User,
  userRoles,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint } from "../../http/endpoint.ts";
import { httpMessages } from "../../http/messages.ts";
import { schemaOf, stringEnum } from "../../http/openapi.ts";
import { sessionLifetime, tokenLifetime } from "../../http/sessions.ts";
import { authApiMessages as messages } from "./messages.ts";

/**
 * Each route of the auth module in one definition: body, answer and documentation (routes.ts
 * mounts them). The bodies are shapes only, each field a string or its German message: their
 * rules (validation.ts) run in the service after the attempt was counted against the limits, so
 * an invalid attempt counts too; as part of the body they would run first.
 */

const tags = ["Accounts"];

const userSchema = schemaOf<User>()(
  Type.Object(
    { id: Type.Integer({ minimum: 1 }), name: Type.String(), email: Type.String(), role: stringEnum(userRoles) },
    { additionalProperties: false },
  ),
);

const registeredSchema = schemaOf<RegistrationAnswer>()(
  Type.Object({ access: stringEnum(["granted", "pending"] as const) }, { additionalProperties: false }),
);

const sessionSchema = schemaOf<SessionAnswer>()(Type.Object({ user: userSchema }, { additionalProperties: false }));

const signedInSchema = schemaOf<LoginAnswer>()(
  Type.Object(
    {
      user: userSchema,
      token: Type.String({
        description: `For \`Authorization: Bearer <token>\`; names a session that ends after ${tokenLifetime} at most, after ${sessionLifetime.idleMs / 86_400_000} days unused, or at logout.`,
      }),
    },
    { additionalProperties: false },
  ),
);

/** Every reason a new password is refused, for the document. */
const newPasswordRefusals = [
  messages.passwordTooShort,
  messages.passwordTooLong,
  ...Object.values(passwordStrengthMessages.reasons).map((reason) => `${reason} ${passwordStrengthMessages.advice}`),
];

export const registerRoute = endpoint("POST /api/register")({
  summary: "Ask for an account (does not sign in); the same answer whether or not the address is taken",
  tags,
  body: t.Object(
    {
      name: t.String({ error: messages.nameRequired }),
      email: t.String({ error: messages.emailRequired }),
      password: t.String({ error: messages.passwordRequired }),
      confirmPassword: t.String({ error: messages.confirmPasswordRequired }),
      /** The owner's set-up code (owner-setup.ts); only the owner's registration needs one. */
      setupCode: t.Optional(t.String({ error: messages.setupCodeInvalid })),
    },
    { error: httpMessages.notJsonObject },
  ),
  answer: {
    status: 201,
    description:
      "Registered: `granted` when this made the owner (who may sign in now), otherwise `pending` until an admin approves.",
    schema: registeredSchema,
  },
  errors: {
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
  },
});

export const loginRoute = endpoint("POST /api/login")({
  summary: "Sign in: the account and a bearer token naming a new session",
  tags,
  body: t.Object(
    {
      email: t.String({ error: messages.emailRequired }),
      password: t.String({ error: messages.loginPasswordRequired }),
    },
    { error: httpMessages.notJsonObject },
  ),
  answer: { status: 200, description: "Signed in.", schema: signedInSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    401: { "wrong-credentials": [messages.wrongCredentials] },
    403: { "account-pending": [messages.pending], "account-disabled": [messages.disabled] },
    422: { validation: [messages.emailRequired, messages.loginPasswordRequired, httpMessages.notJsonObject] },
    429: { "rate-limited": [messages.tooManyAttempts] },
  },
});

export const sessionRoute = endpoint("GET /api/session")({
  summary: "The signed-in account, as it is now (role and name may have changed since login)",
  tags,
  answer: { status: 200, description: "The account of this session.", schema: sessionSchema },
});

export const logoutRoute = endpoint("POST /api/logout")({
  summary: "Sign out: the session ends and its token is refused from then on",
  tags,
  answer: { status: 204, description: "Signed out." },
});

export const changePasswordRoute = endpoint("POST /api/password")({
  summary: "Change the signed-in user's password; every other session and known browser of the account ends",
  tags,
  body: t.Object(
    {
      currentPassword: t.String({ error: messages.currentPasswordRequired }),
      newPassword: t.String({ error: messages.newPasswordRequired }),
    },
    { error: httpMessages.notJsonObject },
  ),
  answer: {
    status: 204,
    description: "Changed; this browser gets a new known-device cookie (the others' no longer count).",
  },
  errors: {
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
  },
});
