import {
  isBlank,
  isEmail,
  isIsoDate,
  limits,
  privacyMessages as messages,
  type PrivacyCaseChange,
  type PrivacyCaseKind,
  type PrivacyCaseStatus,
  privacyCaseKinds,
  privacyCaseStatuses,
  privacyLimits,
  todayInGermany,
} from "@klarwerk/kit";
import { t } from "elysia";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import type { NewCase } from "./store.ts";

/** Shapes only; the values are checked below, each with its own German message. */
export const caseBody = t.Object(
  {
    email: t.String({ error: messages.invalidEmail }),
    name: t.Optional(t.Union([t.String(), t.Null()], { error: messages.invalidName })),
    kind: t.String({ error: messages.invalidKind }),
    received_on: t.Optional(t.String({ error: messages.invalidReceivedOn })),
    notes: t.Optional(t.String({ error: messages.invalidNotes })),
  },
  { error: httpMessages.notJsonObject },
);

export const caseChangeBody = t.Object(
  {
    status: t.Optional(t.String({ error: messages.invalidStatus })),
    notes: t.Optional(t.String({ error: messages.invalidNotes })),
  },
  { error: httpMessages.notJsonObject },
);

const invalid = (message: string) => new HttpError(422, "validation", message);

const isKind = (value: string): value is PrivacyCaseKind => (privacyCaseKinds as readonly string[]).includes(value);
const isStatus = (value: string): value is PrivacyCaseStatus =>
  (privacyCaseStatuses as readonly string[]).includes(value);

function checkedNotes(notes: string | undefined): string {
  if (notes === undefined) return "";
  if (notes.length > privacyLimits.notesMax) throw invalid(messages.invalidNotes);
  return notes;
}

/** The case to record, or a 422: a bad address, kind, date (none in the future), or an overlong text. */
export function newCaseFrom(body: typeof caseBody.static, now: Date = new Date()): NewCase {
  const email = body.email.trim();
  if (!isEmail(email)) throw invalid(messages.invalidEmail);
  const name = isBlank(body.name) ? null : (body.name ?? "").trim();
  if (name !== null && name.length > limits.nameMax) throw invalid(messages.invalidName);
  if (!isKind(body.kind)) throw invalid(messages.invalidKind);
  const today = todayInGermany(now);
  const receivedOn = body.received_on === undefined || body.received_on === "" ? today : body.received_on;
  if (!isIsoDate(receivedOn) || receivedOn > today || receivedOn < "2000-01-01") {
    throw invalid(messages.invalidReceivedOn);
  }
  return { email, name, kind: body.kind, receivedOn, notes: checkedNotes(body.notes) };
}

export function caseChangeFrom(body: typeof caseChangeBody.static): PrivacyCaseChange {
  const change: PrivacyCaseChange = {};
  if (body.status !== undefined) {
    if (!isStatus(body.status)) throw invalid(messages.invalidStatus);
    change.status = body.status;
  }
  if (body.notes !== undefined) change.notes = checkedNotes(body.notes);
  if (change.status === undefined && change.notes === undefined) throw invalid(messages.nothingToChange);
  return change;
}
