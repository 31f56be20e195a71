import { canaryShareRange, releaseArchiveMaxBytes, rolloutActions } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { httpMessages } from "../../http/messages.ts";
import {
  bearerOperation,
  errorResponses,
  jsonBodyErrors,
  jsonResponse,
  nullable,
  queryParameter,
  stringEnum,
} from "../../http/openapi.ts";
import { releaseMessages as messages } from "./messages.ts";

// The OpenAPI details of the releases module's routes (routes.ts stays short).

const tags = ["Releases"];

const remoteParam = Type.String({
  description: "The remote: mf-marketing, mf-dashboard, mf-files, mf-customers or mf-invoices.",
});

const releaseSchema = Type.Object({
  id: Type.Integer(),
  remote: Type.String(),
  version: Type.String(),
  kind: stringEnum(["uploaded", "external"] as const),
  manifest_url: Type.String(),
  kit_surface: Type.String(),
  note: Type.String(),
  released_by: Type.String(),
  created_at: Type.String({ format: "date-time" }),
  size_bytes: Type.Integer(),
});

const rolloutSchema = Type.Object({
  remote: Type.String(),
  active: nullable(releaseSchema),
  canary: nullable(releaseSchema),
  canary_share: Type.Integer({ minimum: 0, maximum: 100 }),
  previous: nullable(releaseSchema),
  changed_at: nullable(Type.String({ format: "date-time" })),
});

const deployKeySchema = Type.Object({
  id: Type.Integer(),
  remote: Type.String(),
  name: Type.String(),
  hint: Type.String(),
  created_at: Type.String({ format: "date-time" }),
  last_used_at: nullable(Type.String({ format: "date-time" })),
  revoked_at: nullable(Type.String({ format: "date-time" })),
});

/** A release route: a deploy key of the remote, or an admin's session, as the bearer token. */
const keyOrAdmin = {
  security: bearerOperation.security,
  responses: errorResponses({
    401: [httpMessages.unauthorized, messages.keyUnknown, messages.keyRevoked],
    403: [httpMessages.adminOnly, messages.keyOtherRemote],
  }),
};

function keyOrAdminDetail(summary: string, responses: object) {
  return {
    summary,
    tags,
    security: keyOrAdmin.security.map((scheme) => ({ ...scheme })),
    responses: { ...keyOrAdmin.responses, ...responses },
  };
}

const rolloutAnswer = { 200: jsonResponse("The remote's rollout now.", Type.Object({ rollout: rolloutSchema })) };
const rolloutErrors = errorResponses({
  404: [],
  409: [messages.noActiveRelease, messages.noCanary],
  422: [messages.unknownRemote, messages.invalidVersion, messages.invalidShare],
});

/**
 * A fresh copy per module instance: the auth macros merge their part into a route's `detail` in
 * place, so two apps in one process (tests) must not share these objects.
 */
export const releaseDocs = () => ({
  remoteParams: Type.Object({ remote: remoteParam }),
  overview: {
    summary: "Every remote's rollout, releases, history and the last 24 hours' errors per release",
    tags,
    responses: {
      200: jsonResponse(
        "Per remote.",
        Type.Object({
          remotes: Type.Array(
            Type.Object({
              rollout: rolloutSchema,
              releases: Type.Array(releaseSchema),
              events: Type.Array(
                Type.Object({
                  id: Type.Integer(),
                  remote: Type.String(),
                  action: stringEnum(rolloutActions),
                  version: nullable(Type.String()),
                  share: nullable(Type.Integer()),
                  actor: Type.String(),
                  reason: nullable(Type.String()),
                  created_at: Type.String({ format: "date-time" }),
                }),
              ),
              errors: Type.Array(
                Type.Object({
                  release_id: Type.Integer(),
                  load: Type.Integer(),
                  render: Type.Integer(),
                  loads: Type.Integer(),
                }),
              ),
              recent_errors: Type.Array(Type.Object({}, { additionalProperties: true })),
            }),
          ),
        }),
      ),
    },
  },
  external: keyOrAdminDetail("Register an external release: an https manifest on the team's own CDN, checked first", {
    201: jsonResponse("The release (not active yet).", Type.Object({ release: releaseSchema })),
    ...errorResponses({
      409: [messages.kitSurfaceMissing],
      422: [messages.manifestUrlNotHttps, messages.unknownRemote, messages.invalidVersion, messages.noteTooLong],
    }),
    ...jsonBodyErrors,
  }),
  upload: {
    ...keyOrAdminDetail(
      "Upload a release: a tar or tar.gz of the remote's dist/, checked whole before anything is stored",
      {
        201: jsonResponse("The release (not active yet).", Type.Object({ release: releaseSchema })),
        ...errorResponses({
          409: [messages.manifestMissing, messages.kitSurfaceMissing],
          411: [httpMessages.lengthRequired],
          413: [messages.archiveTooLarge(releaseArchiveMaxBytes / 1024 / 1024)],
          422: [messages.archiveUnreadable, messages.archiveEmpty, messages.unknownRemote, messages.invalidVersion],
        }),
      },
    ),
    parameters: [
      queryParameter("remote", "The remote, e.g. mf-dashboard.", Type.String()),
      queryParameter("version", "The version, unique per remote.", Type.String()),
      queryParameter("note", "What changed (optional).", Type.String()),
    ],
    requestBody: {
      required: true,
      content: { "application/octet-stream": { schema: { type: "string" as const, format: "binary" } } },
    },
  },
  activate: keyOrAdminDetail("Make a release the active one (an earlier one: a rollback); from the next page load on", {
    ...rolloutAnswer,
    ...rolloutErrors,
    ...jsonBodyErrors,
  }),
  canary: keyOrAdminDetail(
    `Give a release to a share (${canaryShareRange.min}-${canaryShareRange.max} %) of visitors`,
    {
      ...rolloutAnswer,
      ...rolloutErrors,
      ...jsonBodyErrors,
    },
  ),
  promote: keyOrAdminDetail("Make the canary the active release", { ...rolloutAnswer, ...rolloutErrors }),
  stop: keyOrAdminDetail("Stop the canary: every visitor gets the active release", {
    ...rolloutAnswer,
    ...rolloutErrors,
  }),
  listKeys: {
    summary: "Deploy keys (never their secrets)",
    tags,
    responses: { 200: jsonResponse("Newest first.", Type.Object({ keys: Type.Array(deployKeySchema) })) },
  },
  createKey: {
    summary: "Create a deploy key for one remote; the secret is in this answer only",
    tags,
    responses: {
      201: jsonResponse("The key and its secret.", Type.Object({ key: deployKeySchema, secret: Type.String() })),
      ...errorResponses({ 422: [messages.unknownRemote, messages.invalidKeyName] }),
      ...jsonBodyErrors,
    },
  },
  revokeKey: {
    summary: "Revoke a deploy key (it stays listed, with the time)",
    tags,
    responses: {
      204: { description: "Revoked." },
      ...errorResponses({ 400: [messages.invalidKeyId], 404: [messages.keyNotFound] }),
    },
  },
  clientError: {
    summary: "The shell reports a remote that failed to load or render, with the release's version",
    tags,
    responses: {
      204: { description: "Stored." },
      ...errorResponses({
        413: [httpMessages.payloadTooLarge],
        422: [messages.clientErrorInvalid, messages.unknownRemote],
        429: [messages.tooManyClientErrors],
      }),
      ...jsonBodyErrors,
    },
  },
  clientLoad: {
    summary: "The shell counts a released remote's load while a canary runs (the error rates' base)",
    tags,
    responses: {
      204: { description: "Counted." },
      ...errorResponses({
        422: [messages.unknownRemote, messages.invalidVersion],
        429: [messages.tooManyClientErrors],
      }),
      ...jsonBodyErrors,
    },
  },
});
