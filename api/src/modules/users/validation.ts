import { isUserRole, type SettableUserStatus, settableUserStatuses, type UserAccountChange } from "@klarwerk/kit";
import { t } from "elysia";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { usersApiMessages as messages } from "./messages.ts";

/** Shapes only; which values are allowed is checked below, each with its own message. */
export const accountChangeBody = t.Object(
  {
    status: t.Optional(t.String({ error: messages.invalidStatus })),
    role: t.Optional(t.String({ error: messages.invalidRole })),
  },
  { error: httpMessages.notJsonObject },
);

function isSettableStatus(value: string): value is SettableUserStatus {
  return (settableUserStatuses as readonly string[]).includes(value);
}

/** The change to make, or a 422: unknown values, or nothing to change at all. */
export function accountChangeFrom(body: typeof accountChangeBody.static): UserAccountChange {
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
