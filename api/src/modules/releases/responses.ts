import {
  type ClientErrorReport,
  type CreatedDeployKey,
  type DeployKey,
  type DeployKeyList,
  type Release,
  type ReleaseAnswer,
  type ReleaseErrorCounts,
  type ReleasesOverview,
  type RemoteRollout,
  type RolloutAnswer,
  type RolloutEvent,
  remoteNames,
  rolloutActions,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf, stringEnum } from "../../http/openapi.ts";

/** The answers of /api/releases and /api/deploy-keys as the OpenAPI document describes them: the kit's types. */

const remoteSchema = stringEnum(remoteNames, { description: "The remote's name without `mf-`." });
const time = (description?: string) => Type.String({ format: "date-time", ...(description ? { description } : {}) });

export const releaseSchema = schemaOf<Release>()(
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

export const rolloutSchema = schemaOf<RemoteRollout>()(
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

export const releasesOverviewSchema = schemaOf<ReleasesOverview>()(
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

export const releaseAnswerSchema = schemaOf<ReleaseAnswer>()(
  Type.Object({ release: releaseSchema }, { additionalProperties: false }),
);

export const rolloutAnswerSchema = schemaOf<RolloutAnswer>()(
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

export const deployKeyListSchema = schemaOf<DeployKeyList>()(
  Type.Object({ keys: Type.Array(deployKeySchema, { description: "Newest first." }) }, { additionalProperties: false }),
);

export const createdDeployKeySchema = schemaOf<CreatedDeployKey>()(
  Type.Object(
    { key: deployKeySchema, secret: Type.String({ description: "Shown in this answer only." }) },
    { additionalProperties: false },
  ),
);
