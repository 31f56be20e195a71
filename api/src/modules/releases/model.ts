import {
  type ClientErrorReport,
  type CreatedDeployKey,
  canaryShareRange,
  clientErrorMaxBytes,
  type DeployKey,
  type DeployKeyList,
  type Release,
  type ReleaseAnswer,
  type ReleaseErrorCounts,
  type ReleasesOverview,
  type RemoteName,
  type RemoteRollout,
  type RolloutAnswer,
  type RolloutEvent,
  releaseArchiveMaxBytes,
  releaseNoteMaxLength,
  releaseVersionPattern,
  remoteNames,
  rolloutActions,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { bearerOperation, errorResponses, nullable, queryParameter, schemaOf, stringEnum } from "../../http/openapi.ts";
import { maxArchiveFiles, maxUnpackedBytes } from "./archive.ts";
import { releaseMessages as messages } from "./messages.ts";

/**
 * Each route of /api/releases, /api/deploy-keys and the shell's reports in one definition: body,
 * answer and documentation (routes.ts mounts them). The bodies are shapes; the values' rules
 * (`parseRemote`, `parseVersion`, `parseNote`, `parseShare`) are functions the caller check and
 * the service run once the caller is known: a deploy key is looked at (and its refusal recorded)
 * after a malformed body's 422 but before a wrong version's, as the routes always answered. The
 * upload's version and note come from its query, a deletion's from its path: the same rules.
 */

const tags = ["Releases"];

const remoteSchema = stringEnum(remoteNames, { description: "The remote's name without `mf-`." });
const time = (description?: string) => Type.String({ format: "date-time", ...(description ? { description } : {}) });

const releaseSchema = schemaOf<Release>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      remote: remoteSchema,
      version: Type.String(),
      kind: stringEnum(["uploaded", "external"] as const),
      manifest_url: Type.String(),
      kit_surface: Type.String(),
      note: Type.String(),
      released_by: Type.String(),
      created_at: time(),
      size_bytes: Type.Integer({ minimum: 0, description: "0 for an external release." }),
    },
    { additionalProperties: false },
  ),
);

const rolloutSchema = schemaOf<RemoteRollout>()(
  Type.Object(
    {
      remote: remoteSchema,
      active: nullable(releaseSchema),
      canary: nullable(releaseSchema),
      canary_share: Type.Integer({ minimum: 0, maximum: 100, description: "0 without a canary." }),
      previous: nullable(releaseSchema),
      changed_at: nullable(time()),
    },
    { additionalProperties: false },
  ),
);

const rolloutEventSchema = schemaOf<RolloutEvent>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      remote: remoteSchema,
      action: stringEnum(rolloutActions),
      version: nullable(Type.String()),
      share: nullable(Type.Integer()),
      actor: Type.String(),
      reason: nullable(Type.String()),
      created_at: time(),
    },
    { additionalProperties: false },
  ),
);

const errorCountsSchema = schemaOf<ReleaseErrorCounts>()(
  Type.Object(
    {
      release_id: Type.Integer({ minimum: 1 }),
      load: Type.Integer({ minimum: 0 }),
      render: Type.Integer({ minimum: 0 }),
      loads: Type.Integer({ minimum: 0, description: "Loads counted in the same 24 hours (while a canary ran)." }),
    },
    { additionalProperties: false },
  ),
);

const clientErrorReportSchema = schemaOf<ClientErrorReport>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      remote: remoteSchema,
      version: nullable(Type.String()),
      kind: stringEnum(["load", "render"] as const),
      route: Type.String(),
      message: Type.String(),
      browser: Type.String(),
      ticketed: Type.Boolean({ description: "Whether it came with a valid ticket; without one it decides nothing." }),
      created_at: time(),
    },
    { additionalProperties: false },
  ),
);

const releasesOverviewSchema = schemaOf<ReleasesOverview>()(
  Type.Object(
    {
      remotes: Type.Array(
        Type.Object(
          {
            rollout: rolloutSchema,
            releases: Type.Array(releaseSchema, { description: "Newest first." }),
            events: Type.Array(rolloutEventSchema, { description: "The history, newest first." }),
            errors: Type.Array(errorCountsSchema, { description: "The last 24 hours, per release." }),
            recent_errors: Type.Array(clientErrorReportSchema, { description: "The latest reports, newest first." }),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
);

const releaseAnswerSchema = schemaOf<ReleaseAnswer>()(
  Type.Object({ release: releaseSchema }, { additionalProperties: false }),
);

const rolloutAnswerSchema = schemaOf<RolloutAnswer>()(
  Type.Object({ rollout: rolloutSchema }, { additionalProperties: false }),
);

const deployKeySchema = schemaOf<DeployKey>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      remote: remoteSchema,
      name: Type.String(),
      hint: Type.String({ description: "The secret's first characters." }),
      created_at: time(),
      last_used_at: nullable(time()),
      revoked_at: nullable(time()),
    },
    { additionalProperties: false },
  ),
);

const deployKeyListSchema = schemaOf<DeployKeyList>()(
  Type.Object({ keys: Type.Array(deployKeySchema, { description: "Newest first." }) }, { additionalProperties: false }),
);

const createdDeployKeySchema = schemaOf<CreatedDeployKey>()(
  Type.Object(
    { key: deployKeySchema, secret: Type.String({ description: "Shown in this answer only." }) },
    { additionalProperties: false },
  ),
);

const remote = (limit: { maxLength?: number } = {}) => t.String({ ...limit, error: messages.unknownRemote });
const version = (limit: { maxLength?: number } = {}) => t.String({ ...limit, error: messages.invalidVersion });
const ticket = (error: string) => t.Optional(t.Union([t.String({ maxLength: 600 }), t.Null()], { error }));

const externalReleaseBody = t.Object({
  remote: remote(),
  version: version(),
  note: t.Optional(t.String({ error: messages.noteTooLong })),
  manifest_url: t.String({ error: messages.manifestUrlNotHttps }),
});

const activateBody = t.Object({ version: version() });

const canaryBody = t.Object({ version: version(), share: t.Number({ error: messages.invalidShare }) });

const deployKeyBody = t.Object({ remote: remote(), name: t.String({ error: messages.invalidKeyName }) });

const reportField = (maxLength: number) => t.String({ maxLength, error: messages.clientErrorInvalid });

const clientErrorBody = t.Object({
  remote: reportField(40),
  version: t.Union([t.String({ maxLength: 64 }), t.Null()], { error: messages.clientErrorInvalid }),
  kind: t.Union([t.Literal("load"), t.Literal("render")], { error: messages.clientErrorInvalid }),
  route: reportField(500),
  // The whole report is held to clientErrorMaxBytes (413) as it arrives: jsonBody's limit.
  message: reportField(8000),
  browser: reportField(500),
  ticket: ticket(messages.clientErrorInvalid),
});

const clientLoadBody = t.Object({
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

const remoteParam = Type.String({
  description: "The remote: mf-marketing, mf-dashboard, mf-files, mf-customers or mf-invoices.",
});

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

const rolloutAnswer = { status: 200, description: "The remote's rollout now.", schema: rolloutAnswerSchema } as const;
const rolloutErrors = {
  404: { "release-not-found": [messages.releaseNotFound(example.version)] },
  409: {
    "release-already-active": [messages.alreadyActive(example.version)],
    "rollout-no-active-release": [messages.noActiveRelease],
    "rollout-no-canary": [messages.noCanary],
  },
  422: { validation: [messages.unknownRemote, messages.invalidVersion, messages.invalidShare] },
} as const;

/** The path of a route on one remote's rollout (the `deployActor` macro reads `remote`). */
export const remoteParams = Type.Object({ remote: remoteParam });

export const releaseParams = Type.Object({
  remote: remoteParam,
  version: Type.String({ description: "The release's version." }),
});

export const releasesOverviewRoute = endpoint("GET /api/releases")({
  summary: "Every remote's rollout, releases, history and the last 24 hours' errors per release",
  tags,
  answer: { status: 200, description: "Per remote.", schema: releasesOverviewSchema },
});

export const externalReleaseRoute = endpoint("POST /api/releases")({
  summary: "Register an external release: an https manifest on the team's own CDN, checked first",
  tags,
  body: externalReleaseBody,
  answer: { status: 201, description: "The release (not active yet).", schema: releaseAnswerSchema },
  errors: {
    409: { ...manifestRefusals, "release-manifest-unreachable": [messages.manifestUrlUnreachable] },
    422: {
      "release-origin-not-allowed": [messages.manifestOriginNotAllowed("https://cdn.example.com")],
      validation: [messages.manifestUrlNotHttps, messages.unknownRemote, messages.invalidVersion, messages.noteTooLong],
    },
  },
});

export const uploadReleaseRoute = endpoint("POST /api/releases/upload")({
  summary: "Upload a release: a tar or tar.gz of the remote's dist/, checked whole before anything is stored",
  tags,
  // Read by the route (the archive as a stream) and by the same rules as a JSON body's.
  parameters: [
    queryParameter("remote", "The remote, e.g. mf-dashboard.", Type.String()),
    queryParameter("version", "The version, unique per remote.", Type.String()),
    queryParameter("note", "What changed (optional).", Type.String()),
  ],
  requestBody: {
    required: true,
    content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
  },
  answer: { status: 201, description: "The release (not active yet).", schema: releaseAnswerSchema },
  errors: {
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
  },
});

export const activateReleaseRoute = endpoint("POST /api/releases/:remote/activate")({
  summary: "Make a release the active one (an earlier one: a rollback); from the next page load on",
  tags,
  body: activateBody,
  answer: rolloutAnswer,
  errors: rolloutErrors,
});

export const startCanaryRoute = endpoint("POST /api/releases/:remote/canary")({
  summary: `Give a release to a share (${canaryShareRange.min}-${canaryShareRange.max} %) of visitors`,
  tags,
  body: canaryBody,
  answer: rolloutAnswer,
  errors: rolloutErrors,
});

export const promoteCanaryRoute = endpoint("POST /api/releases/:remote/promote")({
  summary: "Make the canary the active release",
  tags,
  answer: rolloutAnswer,
  errors: rolloutErrors,
});

export const stopCanaryRoute = endpoint("POST /api/releases/:remote/stop")({
  summary: "Stop the canary: every visitor gets the active release",
  tags,
  answer: rolloutAnswer,
  errors: rolloutErrors,
});

export const deleteReleaseRoute = endpoint("DELETE /api/releases/:remote/:version")({
  summary:
    "Delete a release no visitor gets (not active, not the canary, not the rollback target): its files answer 404",
  tags,
  answer: { status: 204, description: "Deleted, its files with it." },
  errors: {
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
  },
});

export const listDeployKeysRoute = endpoint("GET /api/deploy-keys")({
  summary: "Deploy keys (never their secrets)",
  tags,
  answer: { status: 200, description: "Newest first.", schema: deployKeyListSchema },
});

export const createDeployKeyRoute = endpoint("POST /api/deploy-keys")({
  summary: "Create a deploy key for one remote; the secret is in this answer only",
  tags,
  body: deployKeyBody,
  answer: { status: 201, description: "The key and its secret.", schema: createdDeployKeySchema },
  errors: { 422: { validation: [messages.unknownRemote, messages.invalidKeyName] } },
});

export const revokeDeployKeyRoute = endpoint("DELETE /api/deploy-keys/:id")({
  summary: "Revoke a deploy key (it stays listed, with the time)",
  tags,
  idParam: { description: "The deploy key's id, a positive integer.", invalid: messages.invalidKeyId },
  answer: { status: 204, description: "Revoked." },
  errors: { 404: { "deploy-key-not-found": [messages.keyNotFound] } },
});

export const clientErrorRoute = endpoint("POST /api/client-errors")({
  summary: "The shell reports a remote that failed to load or render, with the release's version",
  description:
    "Stored and listed for admins. It counts for a canary's analysis only with the page load's valid ticket from `/remotes.json` (signed, at most 1 hour old, for this remote and version, which is active or the canary now); each visitor counts once per release and hour.",
  tags,
  body: clientErrorBody,
  bodyMaxBytes: clientErrorMaxBytes,
  answer: { status: 204, description: "Stored." },
  errors: {
    422: {
      validation: [messages.clientErrorInvalid, messages.unknownRemote],
      "release-not-found": [messages.releaseNotFound(example.version)],
    },
    429: { "rate-limited": [messages.tooManyClientErrors] },
  },
});

export const clientLoadRoute = endpoint("POST /api/client-loads")({
  summary: "The shell counts a released remote's load while a canary runs (the failure shares' base)",
  description:
    "Its visitor counts for a canary's analysis only with the page load's valid ticket from `/remotes.json`, once per release and hour.",
  tags,
  body: clientLoadBody,
  answer: { status: 204, description: "Counted." },
  errors: {
    422: {
      validation: [messages.unknownRemote, messages.invalidVersion, messages.invalidTicket],
      "release-not-found": [messages.releaseNotFound(example.version)],
    },
    429: { "rate-limited": [messages.tooManyClientLoads] },
  },
});
