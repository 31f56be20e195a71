import {
  canaryShareRange,
  type RemoteName,
  releaseNoteMaxLength,
  releaseVersionPattern,
  remoteNames,
} from "@klarwerk/kit";
import { t } from "elysia";
import { HttpError } from "../../http/errors.ts";
import { releaseMessages as messages } from "./messages.ts";

/** The bodies the releases routes take; their `error` is the 422's message (the input's own). */

const remote = (limit: { maxLength?: number } = {}) => t.String({ ...limit, error: messages.unknownRemote });
const version = (limit: { maxLength?: number } = {}) => t.String({ ...limit, error: messages.invalidVersion });
const ticket = (error: string) => t.Optional(t.Union([t.String({ maxLength: 600 }), t.Null()], { error }));

export const externalReleaseBody = t.Object({
  remote: remote(),
  version: version(),
  note: t.Optional(t.String({ error: messages.noteTooLong })),
  manifest_url: t.String({ error: messages.manifestUrlNotHttps }),
});

export const activateBody = t.Object({ version: version() });

export const canaryBody = t.Object({ version: version(), share: t.Number({ error: messages.invalidShare }) });

export const deployKeyBody = t.Object({ remote: remote(), name: t.String({ error: messages.invalidKeyName }) });

const reportField = (maxLength: number) => t.String({ maxLength, error: messages.clientErrorInvalid });

export const clientErrorBody = t.Object({
  remote: reportField(40),
  version: t.Union([t.String({ maxLength: 64 }), t.Null()], { error: messages.clientErrorInvalid }),
  kind: t.Union([t.Literal("load"), t.Literal("render")], { error: messages.clientErrorInvalid }),
  route: reportField(500),
  // The whole report is held to clientErrorMaxBytes (413) as it arrives: jsonBody's limit.
  message: reportField(8000),
  browser: reportField(500),
  ticket: ticket(messages.clientErrorInvalid),
});

export const clientLoadBody = t.Object({
  remote: remote({ maxLength: 40 }),
  version: version({ maxLength: 64 }),
  ticket: ticket(messages.invalidTicket),
});

/** `mf-dashboard` (or `dashboard`) → `dashboard`; anything else is a 404-free 422. */
export function parseRemote(value: unknown): RemoteName {
  const name = typeof value === "string" ? value.replace(/^mf-/, "") : "";
  const remote = remoteNames.find((candidate) => candidate === name);
  if (!remote) throw new HttpError(422, "validation", messages.unknownRemote);
  return remote;
}

export function parseVersion(value: unknown): string {
  if (typeof value !== "string" || !releaseVersionPattern.test(value))
    throw new HttpError(422, "validation", messages.invalidVersion);
  return value;
}

export function parseNote(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string" || value.length > releaseNoteMaxLength)
    throw new HttpError(422, "validation", messages.noteTooLong);
  return value.trim();
}

export function parseShare(value: unknown): number {
  if (
    typeof value !== "number" ||
    !Number.isInteger(value) ||
    value < canaryShareRange.min ||
    value > canaryShareRange.max
  ) {
    throw new HttpError(422, "validation", messages.invalidShare);
  }
  return value;
}
