import { canaryShareRange, releaseArchiveMaxBytes } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import type { OpenAPIV3 } from "openapi-types";
import { httpMessages } from "../../http/messages.ts";
import { bearerOperation, errorResponses, jsonBodyErrors, jsonResponse, queryParameter } from "../../http/openapi.ts";
import { maxArchiveFiles, maxUnpackedBytes } from "./archive.ts";
import { releaseMessages as messages } from "./messages.ts";
import {
  createdDeployKeySchema,
  deployKeyListSchema,
  releaseAnswerSchema,
  releasesOverviewSchema,
  rolloutAnswerSchema,
} from "./responses.ts";

// The OpenAPI details of the releases module's routes (routes.ts stays short).

const tags = ["Releases"];

const remoteParam = Type.String({
  description: "The remote: mf-marketing, mf-dashboard, mf-files, mf-customers or mf-invoices.",
});

export const deployKeyIdParam = {
  description: "The deploy key's id, a positive integer.",
  invalid: messages.invalidKeyId,
};

/**
 * A release route's caller (the `deployActor` macro's documentation): a deploy key of the remote,
 * or an admin's session, as the bearer token. A fresh copy per route: Elysia merges it in place.
 */
export const keyOrAdminDocs = () => ({
  security: bearerOperation.security.map((scheme) => ({ ...scheme })),
  responses: errorResponses({
    401: {
      unauthorized: [httpMessages.unauthorized],
      "deploy-key-invalid": [messages.keyUnknown],
      "deploy-key-revoked": [messages.keyRevoked],
    },
    403: { "admin-only": [httpMessages.adminOnly], "deploy-key-wrong-remote": [messages.keyOtherRemote] },
  }),
});

/** Example values for the messages that name what was sent. */
const example = { version: "2026.11.24-1", remote: "mf_dashboard" } as const;

/** Why a release's manifest is refused (checks.ts), for an upload and an external release alike. */
const manifestRefusals = {
  "release-version-taken": [messages.versionTaken(example.version)],
  "release-manifest-malformed": [messages.manifestMalformed("kein gültiges JSON")],
  "release-manifest-wrong-remote": [messages.manifestWrongRemote(example.remote)],
  "release-exposes-missing": [messages.exposesMissing(["./Dashboard"])],
  "release-kit-surface-missing": [messages.kitSurfaceMissing],
  "release-kit-surface-mismatch": [messages.kitSurfaceMismatch("1", "2")],
} as const;

function keyOrAdminDetail(summary: string, responses: OpenAPIV3.ResponsesObject) {
  return { summary, tags, responses };
}

const rolloutAnswer = { 200: jsonResponse("The remote's rollout now.", rolloutAnswerSchema) };
const rolloutErrors = errorResponses({
  404: { "release-not-found": [messages.releaseNotFound(example.version)] },
  409: {
    "release-already-active": [messages.alreadyActive(example.version)],
    "rollout-no-active-release": [messages.noActiveRelease],
    "rollout-no-canary": [messages.noCanary],
  },
  422: { validation: [messages.unknownRemote, messages.invalidVersion, messages.invalidShare] },
});

/**
 * A fresh copy per module instance: the auth macros merge their part into a route's `detail` in
 * place, so two apps in one process (tests) must not share these objects.
 */
export const releaseDocs = () => ({
  remoteParams: Type.Object({ remote: remoteParam }),
  releaseParams: Type.Object({
    remote: remoteParam,
    version: Type.String({ description: "The release's version." }),
  }),
  overview: {
    summary: "Every remote's rollout, releases, history and the last 24 hours' errors per release",
    tags,
    responses: {
      200: jsonResponse("Per remote.", releasesOverviewSchema),
    },
  },
  external: keyOrAdminDetail("Register an external release: an https manifest on the team's own CDN, checked first", {
    201: jsonResponse("The release (not active yet).", releaseAnswerSchema),
    ...errorResponses({
      409: { ...manifestRefusals, "release-manifest-unreachable": [messages.manifestUrlUnreachable] },
      422: {
        "release-origin-not-allowed": [messages.manifestOriginNotAllowed("https://cdn.example.com")],
        validation: [
          messages.manifestUrlNotHttps,
          messages.unknownRemote,
          messages.invalidVersion,
          messages.noteTooLong,
        ],
      },
    }),
    ...jsonBodyErrors,
  }),
  upload: {
    ...keyOrAdminDetail(
      "Upload a release: a tar or tar.gz of the remote's dist/, checked whole before anything is stored",
      {
        201: jsonResponse("The release (not active yet).", releaseAnswerSchema),
        ...errorResponses({
          409: {
            ...manifestRefusals,
            "release-manifest-missing": [messages.manifestMissing],
            "release-remote-entry-missing": [messages.remoteEntryMissing("remoteEntry.js")],
          },
          411: { "length-required": [httpMessages.lengthRequired] },
          413: {
            "payload-too-large": [messages.archiveTooLarge(releaseArchiveMaxBytes / 1024 / 1024)],
            "release-archive-too-large": [messages.archiveTooLarge(maxUnpackedBytes / 1024 / 1024)],
          },
          422: {
            "release-archive-unreadable": [messages.archiveUnreadable],
            "release-archive-unsafe-path": [messages.archiveUnsafePath("../etc/passwd")],
            "release-archive-too-many-files": [messages.archiveTooManyFiles(maxArchiveFiles)],
            "release-archive-empty": [messages.archiveEmpty],
            "release-archive-duplicate-path": [messages.archiveDuplicatePath("remoteEntry.js")],
            validation: [messages.unknownRemote, messages.invalidVersion, messages.noteTooLong],
          },
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
  deleteRelease: keyOrAdminDetail(
    "Delete a release no visitor gets (not active, not the canary, not the rollback target): its files answer 404",
    {
      204: { description: "Deleted, its files with it." },
      ...errorResponses({
        403: { "deploy-key-cannot-administer": [messages.keyCannotAdminister] },
        404: { "release-not-found": [messages.releaseNotFound(example.version)] },
        409: {
          "release-in-use": [
            messages.deleteActive(example.version),
            messages.deleteCanary(example.version),
            messages.deletePrevious(example.version),
          ],
        },
        422: { validation: [messages.unknownRemote, messages.invalidVersion] },
      }),
    },
  ),
  listKeys: {
    summary: "Deploy keys (never their secrets)",
    tags,
    responses: { 200: jsonResponse("Newest first.", deployKeyListSchema) },
  },
  createKey: {
    summary: "Create a deploy key for one remote; the secret is in this answer only",
    tags,
    responses: {
      201: jsonResponse("The key and its secret.", createdDeployKeySchema),
      ...errorResponses({ 422: { validation: [messages.unknownRemote, messages.invalidKeyName] } }),
      ...jsonBodyErrors,
    },
  },
  revokeKey: {
    summary: "Revoke a deploy key (it stays listed, with the time)",
    tags,
    responses: {
      204: { description: "Revoked." },
      ...errorResponses({ 404: { "deploy-key-not-found": [messages.keyNotFound] } }),
    },
  },
  clientError: {
    summary: "The shell reports a remote that failed to load or render, with the release's version",
    description:
      "Stored and listed for admins. It counts for a canary's analysis only with the page load's valid ticket from `/remotes.json` (signed, at most 1 hour old, for this remote and version, which is active or the canary now); each visitor counts once per release and hour.",
    tags,
    responses: {
      204: { description: "Stored." },
      ...errorResponses({
        422: {
          validation: [messages.clientErrorInvalid, messages.unknownRemote],
          "release-not-found": [messages.releaseNotFound(example.version)],
        },
        429: { "rate-limited": [messages.tooManyClientErrors] },
      }),
      ...jsonBodyErrors,
    },
  },
  clientLoad: {
    summary: "The shell counts a released remote's load while a canary runs (the failure shares' base)",
    description:
      "Its visitor counts for a canary's analysis only with the page load's valid ticket from `/remotes.json`, once per release and hour.",
    tags,
    responses: {
      204: { description: "Counted." },
      ...errorResponses({
        422: {
          validation: [messages.unknownRemote, messages.invalidVersion, messages.invalidTicket],
          "release-not-found": [messages.releaseNotFound(example.version)],
        },
        429: { "rate-limited": [messages.tooManyClientLoads] },
      }),
      ...jsonBodyErrors,
    },
  },
});
