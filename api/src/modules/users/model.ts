import {
  isUserRole,
  type SettableUserStatus,
  settableUserStatuses,
  type UserAccount,
  type UserAccountAnswer,
  type UserAccountChange,
  type UserAccountList,
  userRoles,
  userStatuses,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";
import { usersApiMessages as messages } from "./messages.ts";

/** Each route of /api/users in one definition: body, `:id`, answer and documentation (routes.ts mounts them). */

const tags = ["User administration"];

const accountIdParam = { description: "The account's id, a positive integer.", invalid: messages.invalidId };

const targetErrors = {
  404: { "user-not-found": [messages.notFound] },
  409: { "last-admin": [messages.lastAdmin], "own-account": [messages.ownAccount] },
} as const;

const userAccountSchema = schemaOf<UserAccount>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      name: Type.String(),
      email: Type.String(),
      role: stringEnum(userRoles),
      status: stringEnum(userStatuses),
      created_at: Type.String({ format: "date-time" }),
      approved_at: nullable(Type.String({ format: "date-time" })),
      approved_by_name: nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
);

export const listAccountsRoute = endpoint("GET /api/users")({
  summary: "Every account and access request",
  tags,
  answer: {
    status: 200,
    description: "The accounts.",
    schema: schemaOf<UserAccountList>()(
      Type.Object(
        { users: Type.Array(userAccountSchema, { description: "Pending requests first, then by name." }) },
        { additionalProperties: false },
      ),
    ),
  },
});

export const changeAccountRoute = endpoint("PATCH /api/users/:id")({
  summary: "Approve, disable, unlock, promote or demote an account",
  tags,
  idParam: accountIdParam,
  // Shapes only: the values' rules (`accountChangeFrom`) answer after the `:id`'s 400, as they always did.
  body: t.Object(
    {
      status: t.Optional(t.String({ error: messages.invalidStatus })),
      role: t.Optional(t.String({ error: messages.invalidRole })),
    },
    { error: httpMessages.notJsonObject },
  ),
  answer: {
    status: 200,
    description: "The account as it is now.",
    schema: schemaOf<UserAccountAnswer>()(Type.Object({ user: userAccountSchema }, { additionalProperties: false })),
  },
  errors: {
    ...targetErrors,
    422: {
      validation: [messages.invalidStatus, messages.invalidRole, messages.nothingToChange, httpMessages.notJsonObject],
    },
  },
});

export const deleteAccountRoute = endpoint("DELETE /api/users/:id")({
  summary: "Reject an access request or remove an account (its work stays, under the name it had)",
  tags,
  idParam: accountIdParam,
  answer: { status: 204, description: "Deleted." },
  errors: targetErrors,
});

export const forgetAllDevicesRoute = endpoint("DELETE /api/users/known-devices")({
  summary: "Forget every account's known browsers: none passes the per-account sign-in limit any more",
  tags,
  answer: { status: 204, description: "Forgotten; each browser is known again after its next sign-in." },
});

export const forgetDevicesRoute = endpoint("DELETE /api/users/:id/known-devices")({
  summary: "Forget one account's known browsers: none passes the per-account sign-in limit any more",
  tags,
  idParam: accountIdParam,
  answer: { status: 204, description: "Forgotten; each browser is known again after its next sign-in." },
  errors: { 404: { "user-not-found": [messages.notFound] } },
});

function isSettableStatus(value: string): value is SettableUserStatus {
  return (settableUserStatuses as readonly string[]).includes(value);
}

/**
 * The change `PATCH /api/users/:id`'s body asks for, or a 422: unknown values, or nothing to
 * change at all. Not the body's rules (`withRules`): those run before the `:id` is read, and a
 * malformed id has always been answered first.
 */
export function accountChangeFrom(body: typeof changeAccountRoute.body.static): UserAccountChange {
  const change: UserAccountChange = {};
  if (body.status !== undefined) {
    if (!isSettableStatus(body.status)) throw new HttpError(422, "validation", messages.invalidStatus);
    change.status = body.status;
  }
  if (body.role !== undefined) {
    if (!isUserRole(body.role)) throw new HttpError(422, "validation", messages.invalidRole);
    change.role = body.role;
  }
  if (change.status === undefined && change.role === undefined)
    throw new HttpError(422, "validation", messages.nothingToChange);
  return change;
}
